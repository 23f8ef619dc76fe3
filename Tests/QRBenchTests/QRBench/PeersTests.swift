// QRBench tests — peers: ZXingReader's, zbarimg's and `qr decode --json`'s output read
// back, and peers scored beside the strategies on labelled and unlabelled pictures.
import Foundation
import QRKit
import QRTestSupport
import Testing
@testable import QRCorpus
@testable import QRBench

@Suite struct PeersTests {
    static func tool(_ name: String) throws -> String {
        try #require(ProgramRunner.tool(name), "\(name) is not installed (make test-deps)")
    }

    static let samples = PackagePaths.root.appendingPathComponent("Samples").path

    /// The payloads a sample picture holds (`NAME.all.txt`, else `NAME.txt`).
    static func payloads(_ stem: String) throws -> [[UInt8]] {
        if let all = FileManager.default.contents(atPath: "\(samples)/\(stem).all.txt") {
            return Corpus.splitPayloads(Array(all))
        }
        return [Array(try #require(FileManager.default.contents(atPath: "\(samples)/\(stem).txt")))]
    }

    /// Runs a peer's command on one picture as the bench does (no CPU figure here).
    static let launcher: ProcessLauncher = { executable, arguments in
        guard let run = try? ProgramRunner.run(executable, arguments) else { return nil }
        return ProcessRun(output: run.stdout, exitStatus: run.status, cpuMilliseconds: 0)
    }

    static func output(_ peer: PeerTool, _ picture: String) throws -> [UInt8] {
        try #require(launcher(peer.executable, peer.arguments + [picture])).output
    }

    @Test func zxingReaderBlocksGiveEveryCodeOfAPicture() throws {
        let peer = PeerTool.zxingReader(at: try Self.tool("ZXingReader"))
        let stem = "generated/multi/multi-0011"
        let symbols = peer.symbols(in: try Self.output(peer, "\(Self.samples)/\(stem).png"))
        #expect(
            symbols.map(\.bytes).sorted { $0.lexicographicallyPrecedes($1) }
                == (try Self.payloads(stem)).sorted { $0.lexicographicallyPrecedes($1) })
        #expect(symbols.allSatisfy { Array($0.text.utf8) == $0.bytes })
    }

    @Test func zbarimgTextsAreTakenWholeWhereKnown() throws {
        let peer = PeerTool.zbarimg(at: try Self.tool("zbarimg"))
        let stem = "photos/qrcode-1-1"
        let expected = try Self.payloads(stem)
        let output = try Self.output(peer, "\(Self.samples)/\(stem).png")
        #expect(peer.symbols(in: output, known: expected).map(\.bytes) == expected)
        // A known text with a newline inside is one symbol; what is not known splits at newlines.
        let known: [[UInt8]] = [Array("two\nlines".utf8)]
        #expect(
            PeerTool.lines(Array("two\nlines\nfree\ntext\n".utf8), known: known)
                == [Array("two\nlines".utf8), Array("free".utf8), Array("text".utf8)])
        #expect(PeerTool.lines([], known: known).isEmpty)
    }

    @Test func qrDecodeJSONGivesTextAndBytes() throws {
        let qr = try #require(TestSupport.qrExecutable, "build the qr product first (swift build)")
        let peer = PeerTool.qrDecode(at: qr)
        #expect(peer.command == "qr decode --json FILE")
        let stem = "photos/qrcode-2-17"
        let symbols = peer.symbols(in: try Self.output(peer, "\(Self.samples)/\(stem).png"))
        let expected = try Self.payloads(stem)
        #expect(
            symbols.count == 1
                && ReadScore(reads: symbols.map { (Array($0.text.utf8), $0.bytes) }, expected: expected).fullyRead)
        #expect(peer.symbols(in: Array("not json".utf8)).isEmpty)
    }

    @Test func peersAreScoredBesideTheStrategies() throws {
        // One labelled photo, five unlabelled ones, and a blank picture.
        let folder = try UnlabelledTests.mixedFolder(photos: 6, labelled: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let corpus = try Corpus.load(from: folder)
        let peers = [
            PeerTool.zxingReader(at: try Self.tool("ZXingReader")), PeerTool.zbarimg(at: try Self.tool("zbarimg")),
        ]
        let options = BenchOptions(
            strategies: [.race, .zxing], runs: 1, seed: 5, warmUp: false, peers: peers, launcher: Self.launcher)
        let result = BenchRunner(options: options).run(corpus)
        #expect(result.strategies.map(\.name) == ["race", "zxing"])
        #expect(result.peers.map(\.name) == ["ZXingReader", "zbarimg"])
        for (peer, row) in zip(peers, result.peers) {
            #expect(row.command == peer.command)
            #expect(row.coldMilliseconds == nil && row.latency?.count == corpus.pictures.count)
            // Counted here straight from the program: where it printed a code (ZXingReader
            // says "No barcode found" otherwise, zbarimg nothing), and whether it printed
            // the labelled photo's text.
            var printed: [String: Bool] = [:]
            for picture in corpus.pictures {
                let text = String(decoding: try Self.output(peer, folder + "/" + picture.name), as: UTF8.self)
                printed[picture.name] = peer.format == .zxingReader ? text.contains("Text:") : !text.isEmpty
            }
            let labelled = try #require(corpus.pictures.first { $0.labelled })
            let labelledOutput = try Self.output(peer, folder + "/" + labelled.name)
            let readsLabelled =
                labelledOutput.count >= labelled.expected[0].count
                && (0...(labelledOutput.count - labelled.expected[0].count)).contains {
                    Array(labelledOutput[$0..<$0 + labelled.expected[0].count]) == labelled.expected[0]
                }
            #expect(row.fullyRead == (readsLabelled ? 1 : 0), "\(peer.name)")
            let unlabelled = corpus.pictures.filter { !$0.labelled }
            #expect(row.unlabelledRead == Double(unlabelled.filter { printed[$0.name]! }.count), "\(peer.name)")
            // Missed where a strategy read: the program printed nothing, a strategy found a symbol.
            let strategyRead = Set(
                result.strategies.flatMap { s in s.perPicture.filter { !($0.texts ?? []).isEmpty }.map(\.name) })
            #expect(
                row.missedWhereOthersRead
                    == unlabelled.filter { !printed[$0.name]! && strategyRead.contains($0.name) }.count)
        }
        // The reports carry them after the strategies.
        let table = MarkdownReport.table(result)
        #expect(table.contains("| ZXingReader (process) | ") && table.contains("| zbarimg (process) | "))
        #expect(table.contains("`ZXingReader -format QRCode,MicroQRCode FILE`"))
        let csv = CSVReport.text(result).split(separator: "\n").map(String.init)
        #expect(
            csv.count == 5 && csv[3].hasPrefix("ZXingReader,")
                && csv[3].contains(",process,\"ZXingReader -format QRCode,MicroQRCode FILE\""))
        let object = try #require(try JSONSerialization.jsonObject(with: try JSONReport.data(result)) as? [String: Any])
        #expect((object["peers"] as? [[String: Any]])?.compactMap { $0["command"] as? String } == peers.map(\.command))
    }
}
