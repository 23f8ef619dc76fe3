// qr CLI tests — QRProcess: runs the built `qr` binary and captures what it says.
import Foundation
import QRTestSupport

typealias QRRun = ProgramOutput

enum QRProcess {
    static let packageRoot = ProgramRunner.packageRoot

    static func sample(_ relative: String) -> String {
        packageRoot.appendingPathComponent("Samples").appendingPathComponent(relative).path
    }

    static func fixture(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/QRCLITests/Fixtures").appendingPathComponent(name).path
    }

    /// Runs the built `qr` with `arguments`, feeding `stdin`, and waits for it.
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> QRRun {
        guard let qr = ProgramRunner.qrExecutable else {
            throw CocoaError(
                .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "qr is not built (swift build first)"])
        }
        return try ProgramRunner.run(qr, arguments, stdin: stdin.map { Array($0) }, in: directory)
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("qr-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
