// qr CLI tests — no payload can drive the terminal: control characters come out escaped.
import Foundation
import QRTestSupport
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
        let folder = try ScratchDirectory().url
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

    /// Every bidirectional control, the line and paragraph separators, and one C1 control,
    /// between letters: scalars that show nothing yet change what a reader sees.
    static let hidden: [Unicode.Scalar] = [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}",
        "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{2028}", "\u{2029}", "\u{9B}", "\u{7F}",
    ]

    /// `payload` in a picture in `folder`, made by `qr encode` byte for byte.
    static func picture(of payload: [UInt8], in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("payload.bin").path
        let picture = folder.appendingPathComponent("payload.png").path
        try Data(payload).write(to: URL(fileURLWithPath: file))
        let encoded = try QRProcess.run(["encode", "-i", file, "--8bit", "-o", picture])
        #expect(encoded.status == 0, "\(encoded.stderr)")
        return picture
    }

    @Test func aBackslashIsEscapedSoThatTextLikeAnEscapeIsNotTakenForOne() throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        // The characters \x1b[2J, then a real ESC [2J.
        let payload = Array(#"text \x1b[2J "#.utf8) + [0x1B] + Array("[2J".utf8)
        let picture = try Self.picture(of: payload, in: folder)

        let text = try QRProcess.run(["decode", picture])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.text == #"text \\x1b[2J \x1b[2J"# + "\n")
        let raw = try QRProcess.run(["decode", picture, "--raw"])
        #expect(raw.stdout == payload)
        let json = try QRProcess.run(["decode", picture, "--json"])
        #expect(try Self.texts(json) == [String(decoding: payload, as: UTF8.self)])
    }

    @Test func bidirectionalControlsAndSeparatorsAreEscapedInTextAndInJSON() throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        var payloadText = "invoice\u{202E}txt.exe"
        for scalar in Self.hidden { payloadText += "a" + String(scalar) }
        let payload = Array(payloadText.utf8)
        let picture = try Self.picture(of: payload, in: folder)

        for strategy in ["zbar", "zxing"] {
            let text = try QRProcess.run(["decode", picture, "--strategy", strategy])
            #expect(text.status == 0, "\(strategy): \(text.stderr)")
            let shown = text.text.unicodeScalars
            for scalar in Self.hidden {
                #expect(!shown.contains(scalar), "\(strategy): U+\(String(scalar.value, radix: 16)) reached stdout")
            }
            #expect(text.text.hasPrefix(#"invoice\u{202e}txt.exe"#), "\(strategy): \(text.text)")
            #expect(text.text.contains(#"a\u{2028}a\u{2029}a\u{9b}a\x7f"#))

            // JSON: \u escapes, which decode to the exact text.
            let json = try QRProcess.run(["decode", picture, "--strategy", strategy, "--json"])
            #expect(json.status == 0)
            for scalar in Self.hidden {
                #expect(
                    !json.text.unicodeScalars.contains(scalar),
                    "\(strategy): U+\(String(scalar.value, radix: 16)) raw in JSON")
            }
            #expect(json.text.contains(#"invoice\u202etxt.exe"#))
            #expect(try Self.texts(json) == [payloadText])

            let raw = try QRProcess.run(["decode", picture, "--strategy", strategy, "--raw"])
            #expect(raw.stdout == payload, "\(strategy): --raw changed the bytes")
        }
    }

    @Test func aFileNameWithBidirectionalControlsIsShownEscapedInOutputAndMessages() throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = try Self.picture(of: Array("hello".utf8), in: folder)
        let named = folder.appendingPathComponent("invoice\u{202E}gnp.exe\u{2028}.png").path
        try FileManager.default.copyItem(atPath: picture, toPath: named)
        let missing = folder.appendingPathComponent("gone\u{202E}\\x1b.png").path

        let run = try QRProcess.run(["decode", named, missing])
        #expect(run.status == 2)
        let escapedFolder = folder.path.replacingOccurrences(of: "\\", with: "\\\\")
        #expect(run.text == "\(escapedFolder)/invoice\\u{202e}gnp.exe\\u{2028}.png: hello\n")
        #expect(run.stderr == "qr: \(escapedFolder)/gone\\u{202e}\\\\x1b.png: cannot read: No such file or directory\n")

        let json = try QRProcess.run(["decode", named, "--json"])
        #expect(!json.text.unicodeScalars.contains("\u{202E}"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        #expect(object["file"] as? String == named)
    }

    /// The `text` of every symbol of a `--json` run's lines.
    static func texts(_ run: QRRun) throws -> [String] {
        try run.text.split(separator: "\n").flatMap { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let symbols = try #require(object["symbols"] as? [[String: Any]])
            return symbols.compactMap { $0["text"] as? String }
        }
    }

    @Test func aFileNameCannotDriveTheTerminalEither() throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = folder.appendingPathComponent("evil\u{1B}]0;title\u{07}.png").path
        let run = try QRProcess.run(["decode", name])
        #expect(run.status == 2)
        #expect(!run.stderr.utf8.contains { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 }, "\(run.stderr)")
        #expect(run.stderr.contains("evil\\x1b]0;title\\x07.png"))
    }
}
