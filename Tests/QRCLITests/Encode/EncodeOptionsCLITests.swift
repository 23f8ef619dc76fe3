// QRCLI tests — `qr encode`'s options for qrencode and segno users: standard input, the
// level boost, forced modes, character sets, CSS colours, the contrast check, exact sizes.
import Foundation
import QRTestSupport
import Testing

/// What `qr decode --json --strategy zxing` says of the one symbol in `file`: its bytes
/// and EC level. zxing-cpp alone, not the race: zbar reports no EC level, and gives an ECI
/// segment's bytes converted to UTF-8, so a race that zbar wins says less of the symbol.
private func decoded(_ file: URL) throws -> (bytes: [UInt8], level: String?) {
    let result = try CLI.qr(["decode", "--json", "--strategy", "zxing", file.path])
    try #require(result.status == 0, "\(file.lastPathComponent): \(result.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
    let symbol = try #require((object["symbols"] as? [[String: Any]])?.first)
    let base64 = try #require(symbol["bytes"] as? String)
    let bytes = try #require(Data(base64Encoded: base64))
    return (Array(bytes), symbol["ec_level"] as? String)
}

/// Width and height from a PNG's IHDR.
private func pngSize(_ file: URL) throws -> (Int, Int) {
    let png = Array(try Data(contentsOf: file))
    return (png[16..<20].reduce(0) { $0 << 8 | Int($1) }, png[20..<24].reduce(0) { $0 << 8 | Int($1) })
}

@Suite("qr encode: options of qrencode and segno")
struct EncodeOptionsCLITests {
    @Test func textFromStandardInput() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        // echo -n data | qr encode -o a.png
        let result = try CLI.qr(["encode", "-o", "a.png"], stdin: Array("data".utf8), in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try decoded(directory.appendingPathComponent("a.png")).bytes == Array("data".utf8))
        let empty = try CLI.qr(["encode", "-o", "b.png"], stdin: [], in: directory)
        #expect(empty.status == 2 && empty.stderr == "qr: standard input: nothing to encode: the payload is empty\n")
    }

    /// With a terminal on standard input and no text, a usage error says what to give.
    @Test(.enabled(if: CLI.tool("script") != nil, "script (util-linux) gives the terminal"))
    func noTextFromATerminalIsAUsageError() throws {
        let qr = try #require(CLI.qrURL).path
        let result = try CLI.run(try #require(CLI.tool("script")), ["-qec", "'\(qr)' encode", "/dev/null"])
        #expect(result.status == 64)
        #expect(
            result.text.contains("nothing to encode: give TEXT, or -i FILE, or pipe the payload into standard input"))
    }

    @Test func levelIsBoostedWithinTheVersionUnlessNoBoost() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try CLI.qr(["encode", "hello", "-o", "a.png"], in: directory).status == 0)
        #expect(try CLI.qr(["encode", "hello", "--no-boost", "-o", "b.png"], in: directory).status == 0)
        #expect(try CLI.qr(["encode", "hello", "--boost-level", "-l", "Q", "-o", "c.png"], in: directory).status == 0)
        // Version 1: 21 modules and 4 on each side, 8 px each.
        for name in ["a.png", "b.png", "c.png"] {
            #expect(try pngSize(directory.appendingPathComponent(name)) == (232, 232))
        }
        #expect(try decoded(directory.appendingPathComponent("a.png")).level == "H")
        #expect(try decoded(directory.appendingPathComponent("b.png")).level == "M")
        #expect(try decoded(directory.appendingPathComponent("c.png")).level == "H")
        #expect(try CLI.qr(["encode", "x", "--boost-level", "--no-boost"]).status == 64)
    }

    @Test func qrencodesShortFlags() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.qr(["encode", "x", "-l", "H", "-o", "a.png"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try decoded(directory.appendingPathComponent("a.png")) == (Array("x".utf8), "H"))
        try Data("from -r".utf8).write(to: directory.appendingPathComponent("in.txt"))
        #expect(try CLI.qr(["encode", "-r", "in.txt", "-8", "-o", "r.png"], in: directory).status == 0)
        #expect(try decoded(directory.appendingPathComponent("r.png")).bytes == Array("from -r".utf8))
        #expect(try CLI.qr(["encode", "漢字", "-k", "-M", "-l", "L", "-t", "utf8"]).status == 0)
    }

    /// qrencode takes a short option's value attached: `-s4`, `-lH`.
    @Test func qrencodesAttachedValues() throws {
        let attached = try CLI.qr(["encode", "hello", "-lH", "-v3", "-s4", "-m2", "-tSVG"])
        let apart = try CLI.qr(["encode", "hello", "-l", "H", "-v", "3", "-s", "4", "-m", "2", "-t", "svg"])
        #expect(attached.status == 0, "\(attached.stderr)")
        #expect(attached.stdout == apart.stdout && attached.text.contains("width=\"132\""))
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try CLI.qr(["encode", "x", "-lQ", "--no-boost", "-oa.png", "-d300"], in: directory).status == 0)
        #expect(try decoded(directory.appendingPathComponent("a.png")).level == "Q")
    }

    /// qrencode's `-t` names, any case; a trailing `i` draws inverted.
    @Test(arguments: [
        ("UTF8i", ["-t", "utf8", "--invert"]), ("utf8i", ["-t", "utf8", "--invert"]),
        ("ASCIIi", ["-t", "ascii", "--invert"]), ("ANSIUTF8", ["-t", "ansi"]),
        ("ANSIUTF8i", ["-t", "ansi", "--invert"]), ("PNG32", ["-t", "png"]), ("ANSI256", ["-t", "ansi256"]),
    ])
    func qrencodesTypeNames(name: String, same: [String]) throws {
        let named = try CLI.qr(["encode", "x", "-t", name, "-o", "-"])
        #expect(named.status == 0, "\(name): \(named.stderr)")
        #expect(named.stdout == (try CLI.qr(["encode", "x", "-o", "-"] + same)).stdout, "\(name)")
    }

    /// `-o -` writes PNG, as qrencode does, so that redirecting it makes a picture.
    @Test func dashOWritesPNG() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.qr(["encode", "https://example.org", "-o", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        try Data(result.stdout).write(to: directory.appendingPathComponent("a.png"))
        #expect(try decoded(directory.appendingPathComponent("a.png")).bytes == Array("https://example.org".utf8))
        // Asked for, another format.
        #expect(try CLI.qr(["encode", "x", "-o", "-", "-t", "svg"]).text.hasPrefix("<?xml"))
    }

    /// segno's names: --dark, --light, --border, --error, and CSS's three-digit colours.
    @Test func segnosNamesMeanTheSame() throws {
        let segno = try CLI.qr([
            "encode", "x", "--dark", "#f00", "--light", "#ffc", "--border", "2", "--error", "q", "-t", "svg",
        ])
        let ours = try CLI.qr([
            "encode", "x", "--foreground", "ff0000", "--background", "ffffcc", "--margin", "2", "--level", "Q",
            "-t", "svg",
        ])
        #expect(segno.status == 0, "\(segno.stderr)")
        #expect(segno.stdout == ours.stdout && segno.text.contains("#ff0000"))
        #expect(try CLI.qr(["encode", "x", "--dark", "#ff", "-t", "svg"]).status == 64)
    }

    @Test(arguments: [
        (["--foreground", "red"], "red on white"),
        (["--background", "transparent"], "black on transparent"),
        (["--foreground", "navy", "--background", "ivory"], "navy on ivory"),
        (["--foreground", "white", "--background", "black"], "white on black"),
        (["--invert"], "inverted"),
    ])
    func cssColoursWork(arguments: [String], what: String) throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.qr(["encode", what, "-o", "a.png"] + arguments, in: directory)
        #expect(result.status == 0, "\(what): \(result.stderr)")
        #expect(try decoded(directory.appendingPathComponent("a.png")).bytes == Array(what.utf8))
    }

    @Test func lowContrastIsRefusedWithTheRatioUnlessForced() throws {
        let yellow = try CLI.qr(["encode", "x", "--foreground", "ffff00", "-o", "/tmp/never-written.png"])
        #expect(yellow.status == 64)
        #expect(yellow.stderr.contains("#ffff00 on #ffffff has a contrast ratio of 1.07:1, below the 3:1"))
        #expect(yellow.stderr.contains("--force"))
        // Inverted, the pair is as hard to tell apart.
        #expect(try CLI.qr(["encode", "x", "--foreground", "yellow", "--invert", "--format", "svg"]).status == 64)
        #expect(try CLI.qr(["encode", "x", "--foreground", "transparent", "--format", "svg"]).status == 64)
        let forced = try CLI.qr(["encode", "x", "--foreground", "ffff00", "--force", "--format", "svg"])
        #expect(forced.status == 0 && forced.text.contains("fill=\"#ffff00\""))
    }

    /// utf8 and ansi take colours as the pictures do: ansi draws them, utf8 (the
    /// terminal's own colours) refuses them; both check the contrast.
    @Test func terminalColoursAreDrawnOrRefusedNeverDropped() throws {
        let utf8 = try CLI.qr(["encode", "x", "-t", "utf8", "--foreground", "red"])
        #expect(utf8.status == 64 && utf8.stdout.isEmpty)
        #expect(utf8.stderr.contains("#ff0000 on #ffffff cannot be kept") && utf8.stderr.contains("--format ansi"))
        #expect(try CLI.qr(["encode", "x", "-t", "utf8", "--background", "navy", "--invert"]).status == 64)
        let ansi = try CLI.qr(["encode", "x", "-t", "ansi", "--foreground", "red", "--background", "#ffc"])
        #expect(ansi.status == 0, "\(ansi.stderr)")
        #expect(ansi.text.contains("\u{1B}[38;2;255;0;0;") && ansi.text.contains(";48;2;255;255;204m"))
        let yellow = try CLI.qr(["encode", "x", "-t", "ansi", "--foreground", "yellow"])
        #expect(yellow.status == 64 && yellow.stderr.contains("contrast ratio of 1.07:1"))
        #expect(try CLI.qr(["encode", "x", "-t", "ansi", "--foreground", "yellow", "--force"]).status == 0)
        #expect(try CLI.qr(["encode", "x", "-t", "ansi", "--background", "transparent"]).status == 64)
        // Black on white keeps the 16-colour escapes.
        #expect(!(try CLI.qr(["encode", "x", "-t", "ansi", "--invert"])).text.contains("38;2"))
    }

    @Test func modeNumericNamesTheCharacterThatDoesNotFit() throws {
        let result = try CLI.qr(["encode", "12a", "--mode", "numeric", "-o", "/tmp/never-written.png"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'a' (character 3) does not fit numeric mode"))
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        (["0123456789", "--mode", "numeric"], Array("0123456789".utf8)),
        (["HELLO WORLD", "--mode", "alnum"], Array("HELLO WORLD".utf8)),
        (["hello", "--mode", "alnum", "--case-insensitive"], Array("HELLO".utf8)),
        (["bytes", "--mode", "byte"], Array("bytes".utf8)),
        (["漢字", "--mode", "kanji"], [0x8A, 0xBF, 0x8E, 0x9A]),
        (["café", "--encoding", "ISO-8859-1"], [0x63, 0x61, 0x66, 0xE9]),
        (["café", "--encoding", "latin1", "--eci"], [0x63, 0x61, 0x66, 0xE9]),
    ])
    func modesAndEncodingsReadBack(arguments: [String], expected: [UInt8]) throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.qr(["encode"] + arguments + ["-o", "m.png"], in: directory)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(try decoded(directory.appendingPathComponent("m.png")).bytes == expected, "\(arguments)")
    }

    @Test func sizePxIsExact() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        for size in [200, 201, 600] {
            #expect(try CLI.qr(["encode", "size", "--size-px", "\(size)", "-o", "s.png"], in: directory).status == 0)
            #expect(try pngSize(directory.appendingPathComponent("s.png")) == (size, size))
            #expect(try decoded(directory.appendingPathComponent("s.png")).bytes == Array("size".utf8))
        }
        let small = try CLI.qr(["encode", "size", "--size-px", "20", "-o", "t.png"], in: directory)
        #expect(small.status == 64)
        #expect(small.stderr.contains("need at least 29 px; give --size-px 29 or more, or a smaller --margin"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("t.png").path))
    }

    @Test func svgTitleAndDescription() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.qr(
            [
                "encode", "https://example.org", "--title", "Example & co", "--desc", "Opens <example.org>", "-o",
                "t.svg",
            ], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try String(contentsOf: directory.appendingPathComponent("t.svg"), encoding: .utf8)
        #expect(svg.contains("role=\"img\" aria-labelledby=\"qr-title qr-desc\""))
        #expect(svg.contains("<title id=\"qr-title\">Example &amp; co</title>"))
        #expect(svg.contains("<desc id=\"qr-desc\">Opens &lt;example.org&gt;</desc>"))
        let lint = try CLI.run(
            try #require(CLI.tool("xmllint"), "xmllint is not installed (make test-deps)"),
            ["--noout", directory.appendingPathComponent("t.svg").path])
        #expect(lint.status == 0, "\(lint.stderr)")
    }
}
