// qr CLI tests — `qr encode` given what it cannot encode: exit status 2 for a payload that
// does not fit or is not text, 64 for options that cannot go together, and a message
// that states the capacity or what to change. (EncodeCLITests has the ordinary ones.)
import Foundation
import QRTestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct EncodeHostileInputCLITests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let arguments: [String]
        /// Files to make in the scratch folder first (name, bytes).
        var files: [(String, [UInt8])] = []
        let status: Int32
        /// What stderr must contain (file names are relative to the scratch folder).
        let says: [String]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "empty text argument", arguments: ["encode", ""], status: 2,
            says: ["qr: text argument: nothing to encode"]),
        Case(
            name: "empty file", arguments: ["encode", "-i", "empty.txt"], files: [("empty.txt", [])], status: 2,
            says: ["empty.txt: nothing to encode"]),
        Case(
            name: "too long for Micro QR",
            arguments: ["encode", "far too long for a micro symbol", "--micro", "--level", "L"],
            status: 2, says: ["31 bytes", "an M4-L Micro QR symbol holds at most 15 bytes", "drop --micro"]),
        Case(
            name: "M1 held to level M",
            arguments: ["encode", "1", "--micro", "--level", "M", "--version", "1", "--strict-version"],
            status: 64, says: ["Micro QR M1 has no level M"]),
        Case(
            name: "M2 held to level Q",
            arguments: ["encode", "ABC", "--micro", "--level", "Q", "--version", "2", "--strict-version"],
            status: 64, says: ["Micro QR M2 has no level Q"]),
        Case(
            name: "Kanji held to M2",
            arguments: ["encode", "漢", "--kanji", "--micro", "--level", "L", "--version", "2", "--strict-version"],
            status: 2, says: ["holds at most 0 Kanji characters"]),
        Case(
            name: "more than 16 symbols hold",
            arguments: ["encode", "-i", "big.bin", "--8bit", "--split", "16", "--level", "L", "-o", "s.png"],
            files: [("big.bin", [UInt8](repeating: 0x61, count: 16 * 2951 + 1))], status: 2,
            says: ["payload too large for 16 symbols", "at most 2951 bytes", "16 symbols are the most"]),
        Case(
            name: "split 16 of a 2-character payload", arguments: ["encode", "ab", "--split", "16", "-o", "s.png"],
            status: 2,
            says: ["cannot split a payload of 2 characters into 16 symbols; lower --split"]),
        Case(
            name: "a megabyte", arguments: ["encode", "-i", "mega.bin", "--8bit"],
            files: [("mega.bin", [UInt8](repeating: 0, count: 1 << 20))], status: 2,
            says: ["payload too large: 1048576 bytes", "at most 2331 bytes"]),
        Case(
            name: "a megabyte split 16",
            arguments: ["encode", "-i", "mega.bin", "--8bit", "--split", "16", "-o", "m.png"],
            files: [("mega.bin", [UInt8](repeating: 0, count: 1 << 20))], status: 2,
            says: ["payload too large for 16 symbols: part 1 of 16 is 65536 bytes"]),
        Case(
            name: "40-H held",
            arguments: ["encode", "-i", "h.bin", "--8bit", "--level", "H", "--version", "40", "--strict-version"],
            files: [("h.bin", [UInt8](repeating: 0x62, count: 1274))], status: 2,
            says: ["version 40-H symbol holds at most 1273 bytes"]),
        Case(
            name: "binary that is not UTF-8", arguments: ["encode", "-i", "bin.dat"],
            files: [("bin.dat", [0x00, 0xC3, 0x28, 0xFF])],
            status: 2, says: ["bin.dat: not valid UTF-8 (first bad byte at offset 1)", "--8bit"]),
    ]

    @Test("an impossible encoding fails with its status and says why", arguments: cases)
    func refused(_ item: Case) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        for (name, bytes) in item.files { try scratch.file(name, bytes) }
        let run = try QRProcess.run(item.arguments, in: URL(fileURLWithPath: scratch.path))
        #expect(run.status == item.status, "\(run.stderr)")
        for words in item.says { #expect(run.stderr.contains(words), "stderr: \(run.stderr)") }
        // The command line's words, not the library's (`EncodeOptions.micro`).
        #expect(!run.stderr.contains("`"), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
        // Nothing half-written is left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasSuffix(".png") }
        #expect(left.isEmpty, "\(left)")
        #expect(!run.stderr.contains("raise --version") || !item.arguments.contains("40"))
    }

    @Test func oneHundredThousandDigitsSplitOverSixteenSymbols() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        try scratch.file("digits.txt", [UInt8](repeating: 0x37, count: 100_000))
        let run = try QRProcess.run(
            ["encode", "-i", "digits.txt", "--split", "16", "--level", "L", "-o", "d.png"],
            in: URL(fileURLWithPath: scratch.path))
        #expect(run.status == 0, "\(run.stderr)")
        let pictures = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasSuffix(".png") }
        #expect(pictures.count == 16)
    }
}
