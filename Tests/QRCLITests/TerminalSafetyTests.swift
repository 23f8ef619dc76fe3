// qr CLI tests — no payload can drive the terminal: control characters come out escaped.
import Foundation
import Testing

@Suite struct TerminalSafetyTests {
    /// Every C0 control (NUL included), DEL, and every C1 control as UTF-8, between letters.
    static let hostile: [UInt8] = {
        var bytes: [UInt8] = Array("start".utf8)
        for byte in UInt8(0x00)...UInt8(0x1F) { bytes += [byte, UInt8(ascii: "a")] }
        bytes += [0x7F, UInt8(ascii: "b")]
        for second in UInt8(0x80)...UInt8(0x9F) { bytes += [0xC2, second, UInt8(ascii: "c")] }
        bytes += Array("end".utf8)
        return bytes
    }()

    @Test func noControlCharacterReachesTheTerminalAndRawGivesTheExactBytes() throws {
        let folder = try QRProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let payload = folder.appendingPathComponent("hostile.bin").path
        let picture = folder.appendingPathComponent("hostile.png").path
        try Data(Self.hostile).write(to: URL(fileURLWithPath: payload))
        let encoded = try QRProcess.run(["encode", "-i", payload, "--8bit", "-o", picture])
        #expect(encoded.status == 0, "\(encoded.stderr)")

        for strategy in ["zbar", "zxing", "race"] {
            let text = try QRProcess.run(["decode", picture, "--strategy", strategy])
            #expect(text.status == 0, "\(strategy): \(text.stderr)")
            // One line: the text, then the newline that ends it.
            #expect(text.stdout.last == 0x0A)
            let line = text.stdout.dropLast()
            #expect(!line.contains { $0 < 0x20 && $0 != 0x09 }, "\(strategy): a C0 control reached stdout")
            #expect(!line.contains(0x7F), "\(strategy): DEL reached stdout")
            let c1 = zip(line, line.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }
            #expect(!c1, "\(strategy): a C1 control reached stdout")
            #expect(text.text.hasPrefix("start\\x00a\\x01a"), "\(strategy): \(text.text.prefix(40))")
            #expect(text.text.contains("\\x1ba") && text.text.contains("\\na") && text.text.contains("\\x7fb"))
            #expect(text.text.contains("\\u{9b}c"))

            let raw = try QRProcess.run(["decode", picture, "--strategy", strategy, "--raw"])
            #expect(raw.status == 0)
            #expect(raw.stdout == Self.hostile, "\(strategy): --raw changed the bytes")
        }
    }

    @Test func aFileNameCannotDriveTheTerminalEither() throws {
        let folder = try QRProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = folder.appendingPathComponent("evil\u{1B}]0;title\u{07}.png").path
        let run = try QRProcess.run(["decode", name])
        #expect(run.status == 2)
        #expect(!run.stderr.utf8.contains { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 }, "\(run.stderr)")
        #expect(run.stderr.contains("evil\\x1b]0;title\\x07.png"))
    }
}
