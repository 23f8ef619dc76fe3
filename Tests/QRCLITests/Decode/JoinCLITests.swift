// qr CLI tests — structured append: `qr encode --split` read back whole by `qr decode`,
// from separate files with --join, and from one picture holding every part.
import Foundation
import QRKit
import QRTestSupport
import Testing

@Suite struct JoinCLITests {
    /// A payload, the `qr encode` flags that write it, and its exact bytes.
    enum Payload: String, CaseIterable {
        case utf8, shiftJIS, binary

        var bytes: [UInt8] {
            switch self {
            case .utf8:
                return Array("Structured append, read back whole: ünïcödé, 日本語, and a tab\there.".utf8)
            case .shiftJIS:
                // Written in Kanji mode: Shift_JIS, as Foundation encodes it.
                return Array(Self.kanjiText.data(using: .shiftJIS) ?? Data())
            case .binary:
                return (0..<120).map { UInt8(truncatingIfNeeded: $0 * 53 + 7) } + [0, 0x1B, 0xFF]
            }
        }

        static let kanjiText = "漢字テスト、日本語の分割です"

        var flags: [String] {
            switch self {
            case .utf8: return []
            case .shiftJIS: return ["--kanji"]
            case .binary: return ["--8bit"]
            }
        }
    }

    /// A folder holding `part-01.png` … `part-03.png` for `payload`, written by `qr encode --split 3`.
    private func splitFiles(_ payload: Payload, into folder: URL) throws -> [String] {
        let input = folder.appendingPathComponent("payload.bin")
        if payload == .shiftJIS {
            // --kanji takes text: give it the text, not its Shift_JIS bytes.
            try Data(Payload.kanjiText.utf8).write(to: input)
        } else {
            try Data(payload.bytes).write(to: input)
        }
        let out = folder.appendingPathComponent("part.png").path
        let run = try QRProcess.run(["encode", "-i", input.path, "--split", "3", "-o", out] + payload.flags)
        #expect(run.status == 0, "\(run.stderr)")
        return (1...3).map { folder.appendingPathComponent("part-0\($0).png").path }
    }

    /// The parts drawn into one PNG, in the order given.
    private func onePicture(_ files: [String], order: [Int], at path: String) throws -> String {
        let images = try order.map { try PNGReader().read(contentsOf: files[$0]) }
        try Data(try PNGWriter.encode(GrayImage.sideBySide(images))).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: Payload.allCases)
    func joinGivesTheExactBytesFromTheSplitFiles(_ payload: Payload) throws {
        #expect(payload.bytes.count > 20)
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try splitFiles(payload, into: folder)
        for order in [[0, 1, 2], [2, 0, 1]] {
            let run = try QRProcess.run(["decode", "--join", "--bytes"] + order.map { files[$0] })
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == payload.bytes)
            #expect(run.stderr.isEmpty)
        }
        // A folder, and a list on standard input, the same.
        let list = Data(files.reversed().joined(separator: "\n").utf8)
        let fromList = try QRProcess.run(["decode", "--join", "--raw", "--files-from", "-"], stdin: list)
        #expect(fromList.stdout == payload.bytes)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("payload.bin"))
        let fromFolder = try QRProcess.run(["decode", "--join", "--bytes", folder.path])
        #expect(fromFolder.status == 0)
        #expect(fromFolder.stdout == payload.bytes)
    }

    @Test(arguments: Payload.allCases)
    func onePictureHoldingEveryPartGivesTheExactBytes(_ payload: Payload) throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try splitFiles(payload, into: folder)
        let picture = try onePicture(files, order: [2, 0, 1], at: folder.appendingPathComponent("all.png").path)
        // Joined within the picture by default, and with --join too.
        for extra in [[], ["--join"]] {
            let run = try QRProcess.run(["decode", picture, "--bytes"] + extra)
            #expect(run.status == 0, "\(extra): \(run.stderr)")
            #expect(run.stdout == payload.bytes, "\(extra)")
        }
    }

    @Test func theJoinedTextIsOneEscapedLine() throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try splitFiles(.utf8, into: folder)
        let picture = try onePicture(files, order: [1, 2, 0], at: folder.appendingPathComponent("all.png").path)
        let expected = String(decoding: Payload.utf8.bytes, as: UTF8.self) + "\n"
        let run = try QRProcess.run(["decode", picture])
        #expect(run.status == 0)
        #expect(run.text == expected)
        let joined = try QRProcess.run(["decode", "--join"] + files)
        #expect(joined.text == expected)
    }

    @Test func aMissingPartIsNamedByIndexAndExitsOne() throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try splitFiles(.utf8, into: folder)
        let run = try QRProcess.run(["decode", "--join", "--bytes", files[0], files[2]])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("missing index 1 (part 2 of 3)"), "\(run.stderr)")
        #expect(run.stderr.contains("index 0 in \(files[0])"), "\(run.stderr)")
        // Two missing: both named.
        let two = try QRProcess.run(["decode", "--join", files[1]])
        #expect(two.status == 1)
        #expect(two.stderr.contains("missing indexes 0 (part 1 of 3), 2 (part 3 of 3)"), "\(two.stderr)")
        // Without --join, a part alone is a code like any other.
        let alone = try QRProcess.run(["decode", files[1]])
        #expect(alone.status == 0)
        #expect(!alone.text.isEmpty)
    }

    @Test func twoMessagesAreJoinedApart() throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("a")
        let second = folder.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: first, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        let a = try splitFiles(.utf8, into: first)
        let b = try splitFiles(.binary, into: second)
        let run = try QRProcess.run(["decode", "--join", "--json", a[2], b[1], a[0], b[0], b[2], a[1]])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.text.split(separator: "\n")
        #expect(lines.count == 7)
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines[6].utf8)) as? [String: Any])
        let sequences = try #require(last["sequences"] as? [[String: Any]])
        #expect(sequences.map { $0["status"] as? String } == ["joined", "joined"])
        let bytes = sequences.map { Data(base64Encoded: $0["bytes"] as? String ?? "").map(Array.init) }
        #expect(bytes == [Payload.utf8.bytes, Payload.binary.bytes])
        let parts = try #require(sequences.first?["parts"] as? [[String: Any]])
        #expect(parts.map { $0["file"] as? String } == [a[0], a[1], a[2]])
    }

    @Test func partsThatFailTheParityCheckAreNotJoined() throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        // The same letters in another order: the same count and parity, other parts.
        var parts: [String] = []
        for (name, text) in [("a", "abcd"), ("b", "acbd")] {
            let out = folder.appendingPathComponent("\(name).png").path
            let run = try QRProcess.run(["encode", text, "--split", "2", "-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            parts.append(folder.appendingPathComponent("\(name)-0\(parts.count + 1).png").path)
        }
        // "ab" from the first and "bd" from the second: a whole sequence by its headers.
        let run = try QRProcess.run(["decode", "--join", "--bytes"] + parts)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("(parity \(Int(Array("abcd".utf8).reduce(UInt8(0), ^))))"), "\(run.stderr)")
        #expect(
            run.stderr.contains("the parts' bytes give parity \(Int(Array("abbd".utf8).reduce(UInt8(0), ^)))"),
            "\(run.stderr)")
        // In one picture the parts are printed one by one, with the warning.
        let images = try parts.map { try PNGReader().read(contentsOf: $0) }
        let picture = folder.appendingPathComponent("mixed.png").path
        try Data(try PNGWriter.encode(GrayImage.sideBySide(images))).write(to: URL(fileURLWithPath: picture))
        let one = try QRProcess.run(["decode", picture])
        #expect(one.status == 0)
        #expect(Set(one.text.split(separator: "\n")) == ["ab", "bd"])
        #expect(one.stderr.contains("printed one by one"), "\(one.stderr)")
    }

    @Test func jsonListsThePartsAndTheJoinedMessage() throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try splitFiles(.binary, into: folder)
        let picture = try onePicture(files, order: [2, 1, 0], at: folder.appendingPathComponent("all.png").path)
        let run = try QRProcess.run(["decode", picture, "--json"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        // The parts as before, each with its header.
        let symbols = try #require(object["symbols"] as? [[String: Any]])
        #expect(symbols.count == 3)
        let headers = symbols.compactMap { $0["structured_append"] as? [String: Int] }
        let parity = Int(Payload.binary.bytes.reduce(UInt8(0), ^))
        #expect(Set(headers) == Set((0..<3).map { ["index": $0, "count": 3, "parity": parity] }))
        // And the message they make.
        let sequence = try #require((object["sequences"] as? [[String: Any]])?.first)
        #expect(sequence["status"] as? String == "joined")
        #expect(sequence["missing"] as? [Int] == [])
        #expect(Data(base64Encoded: sequence["bytes"] as? String ?? "").map(Array.init) == Payload.binary.bytes)
        let positions = try #require((sequence["parts"] as? [[String: Any]])?.compactMap { $0["symbol"] as? Int })
        #expect(positions.map { headers[$0]["index"] } == [0, 1, 2])
    }

    @Test func joinWithFirstIsAUsageError() throws {
        let run = try QRProcess.run(["decode", "--join", "--first", PackagePaths.sample("photos/qrcode-2-30.png")])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--join and --first"))
    }

    @Test func helpExplainsJoin() throws {
        let run = try QRProcess.run(["decode", "--help"])
        let help = run.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("--join Join structured-append parts found across all the inputs"), "\(help)")
        #expect(help.contains("missing"))
    }
}
