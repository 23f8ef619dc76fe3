// QRBench tests — the harness's errors speak of the library: no message of any case of
// CorpusError or GeneratorError names a command-line flag (as LibraryErrorMessageTests
// checks QRKit's errors). A new case does not compile until it has a kind, and the tests
// fail until the kind has an example.
import QRTestSupport
import Testing

@testable import QRCorpus
@testable import QRBench

@Suite struct BenchErrorMessageTests {
    enum Kind: CaseIterable {
        case notAFolder, encodingFailed, writeFailed
    }

    static func kind(_ error: CorpusError) -> Kind {
        switch error {
        case .notAFolder: .notAFolder
        }
    }

    static func kind(_ error: GeneratorError) -> Kind {
        switch error {
        case .encodingFailed: .encodingFailed
        case .writeFailed: .writeFailed
        }
    }

    static let corpusErrors: [CorpusError] = [.notAFolder("/no/such/corpus")]
    static let generatorErrors: [GeneratorError] = [
        .encodingFailed(name: "clean/0001", reason: "payload too large"),
        .writeFailed(path: "corpus/clean", reason: "Permission denied"),
    ]

    @Test func everyCaseHasAnExample() {
        let kinds = Self.corpusErrors.map(Self.kind) + Self.generatorErrors.map(Self.kind)
        let missing = Set(Kind.allCases).subtracting(kinds)
        #expect(missing.isEmpty, "no example of \(missing)")
    }

    @Test func noMessageNamesAFlag() {
        for message in Self.corpusErrors.map(\.description) + Self.generatorErrors.map(\.description) {
            #expect(CommandLineWords.first(in: message) == nil, "\(message)")
            #expect(!message.contains("\n"), "\(message)")
        }
    }
}
