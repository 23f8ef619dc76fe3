// QRBench tests — loading a corpus, splitting payload lists, scoring reads.
import Foundation
import QRKit
import QRTestSupport
import Testing
@testable import QRCorpus
@testable import QRBench

@Suite struct CorpusTests {
    @Test func payloadListsSplitOnRecordSeparatorLines() {
        let joined = Array("first\n\u{1E}\nsecond line\nstill second\n\u{1E}\nthird".utf8)
        let parts = Corpus.splitPayloads(joined)
        #expect(parts.map { String(decoding: $0, as: UTF8.self) } == ["first", "second line\nstill second", "third"])
        #expect(Corpus.joinPayloads(parts) == joined)
        // A lone U+001E inside a line is not a separator.
        #expect(Corpus.splitPayloads(Array("a\u{1E}b".utf8)).count == 1)
        // Binary payloads survive the round trip.
        let binary: [[UInt8]] = [[0, 0xFF, 0x0A], [0x1E, 0x0A, 7]]
        #expect(Corpus.splitPayloads(Corpus.joinPayloads(binary)) == binary)
    }

    @Test func loadsPicturesWithCategoriesAndSkipsTheUnreadable() throws {
        let folder = try ScratchDirectory().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder + "/alpha", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: folder + "/beta", withIntermediateDirectories: true)
        let png = try PNGWriter.encode(GrayImage(width: 4, height: 3, filledWith: 128))
        func put(_ relative: String, _ contents: Data) throws {
            try #require(fm.createFile(atPath: folder + relative, contents: contents))
        }
        try put("/alpha/one.png", Data(png))
        try put("/alpha/one.txt", Data([0x00, 0xFF]))
        try put("/beta/two.png", Data(png))
        try put("/beta/two.txt", Data("a".utf8))
        try put("/beta/two.all.txt", Data("a\n\u{1E}\nb".utf8))
        try put("/top.png", Data(png))
        try put("/top.txt", Data("top".utf8))
        try put("/beta/lonely.png", Data(png))
        try put("/beta/broken.png", Data([0x89, 0x50, 0x4E, 0x47, 1, 2]))
        try put("/beta/broken.txt", Data("x".utf8))
        try put("/beta/photo.png", Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]))
        try put("/beta/photo.txt", Data("x".utf8))

        let corpus = try Corpus.load(from: folder)
        // A picture without NAME.txt is loaded unlabelled, not skipped.
        #expect(corpus.pictures.map(\.name) == ["alpha/one.png", "beta/lonely.png", "beta/two.png", "top.png"])
        #expect(corpus.pictures.map(\.labelled) == [true, false, true, true])
        #expect(corpus.pictures[1].expected.isEmpty)
        #expect(corpus.labelled.map(\.name) == ["alpha/one.png", "beta/two.png", "top.png"])
        #expect(corpus.pictures[0].expected == [[0x00, 0xFF]])
        #expect(corpus.pictures[0].category == "alpha")
        #expect(corpus.pictures[2].expected == [Array("a".utf8), Array("b".utf8)])
        // A picture at the top takes the corpus folder's name as its category.
        #expect(corpus.pictures[3].category == (folder as NSString).lastPathComponent)
        #expect(corpus.pictures[0].image.width == 4)
        #expect(corpus.skipped.map(\.name) == ["beta/broken.png", "beta/photo.png"])
        #expect(corpus.skipped[1].reason.contains("JPEG"), "\(corpus.skipped[1].reason)")
        #expect(corpus.pictures.map(\.category) == ["alpha", "beta", "beta", (folder as NSString).lastPathComponent])
    }

    @Test func everyFormatReadIsPartOfACorpus() throws {
        // Samples/formats: the same photos as JPEG, WebP, TIFF and GIF, each beside its text.
        let corpus = try Corpus.load(from: PackagePaths.root.appendingPathComponent("Samples/formats").path)
        #expect(corpus.skipped.isEmpty, "\(corpus.skipped)")
        #expect(corpus.labelled.count == 34)
        let extensions = Set(corpus.pictures.map { String($0.name.split(separator: ".").last ?? "") })
        #expect(extensions == ["jpg", "webp", "tif", "gif"])
        let gif = try #require(corpus.pictures.first { $0.name == "qrcode-3-03.gif" })
        #expect(
            gif.expected == [
                Array("http://arnaud.sahuguet.com/graffiti/test.php?ll=-74.00309961503218,40.74102573163046,0".utf8)
            ])
    }

    @Test func aMissingFolderIsAnError() {
        #expect(throws: CorpusError.notAFolder("/no/such/folder")) {
            try Corpus.load(from: "/no/such/folder")
        }
    }

    @Test func readsMatchByTextOrBytes() {
        func symbol(_ text: String, _ bytes: [UInt8]) -> Symbol {
            Symbol(text: text, bytes: bytes, corners: [], engine: "test")
        }
        // Shift_JIS bytes, read as text: the expected file holds the UTF-8 text.
        let kanji = symbol("日本", [0x93, 0xFA, 0x96, 0x7B])
        var score = ReadScore(symbols: [kanji], expected: [Array("日本".utf8)])
        #expect(score.fullyRead && score.wrongReads == 0)
        // Binary payload: the expected file holds the raw bytes.
        score = ReadScore(symbols: [symbol("\u{FFFD}", [0xFF, 0x00])], expected: [[0xFF, 0x00]])
        #expect(score.fullyRead)
        // One of two read, plus a wrong read.
        score = ReadScore(
            symbols: [symbol("a", Array("a".utf8)), symbol("zzz", Array("zzz".utf8))],
            expected: [Array("a".utf8), Array("b".utf8)])
        #expect(score.codesRead == 1 && score.codesExpected == 2 && !score.fullyRead)
        #expect(score.wrongReads == 1)
        // Nothing read.
        score = ReadScore(symbols: [], expected: [Array("a".utf8)])
        #expect(score.codesRead == 0 && score.wrongReads == 0)
    }
}
