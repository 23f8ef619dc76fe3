// QRCLI tests — `qr encode` end to end: the built binary, its output, errors and exit status,
// read back by zbarimg and ZXingReader when they are installed.
import Foundation
import QRTestSupport
import Testing

typealias RunResult = ProgramOutput

enum CLI {
    static let qrURL: URL? = ProgramRunner.qrExecutable.map { URL(fileURLWithPath: $0) }

    static func tool(_ name: String) -> String? { ProgramRunner.tool(name) }

    static let zbarimg = tool("zbarimg")
    static let zxingReader = tool("ZXingReader")

    /// Runs a program and collects its output.
    static func run(
        _ executable: String, _ arguments: [String], stdin: [UInt8]? = nil, in directory: URL? = nil,
        environment: [String: String] = [:]
    ) throws -> RunResult {
        try ProgramRunner.run(executable, arguments, stdin: stdin, in: directory, environment: environment)
    }

    /// Runs `qr` with arguments.
    static func qr(_ arguments: [String], stdin: [UInt8]? = nil, in directory: URL? = nil) throws -> RunResult {
        let qr = try #require(qrURL, "the qr executable was not built next to the tests (swift build first)")
        // Help wraps at COLUMNS when it is set; pin it so the help snapshot holds.
        return try run(qr.path, arguments, stdin: stdin, in: directory, environment: ["COLUMNS": "80"])
    }

    /// Runs `qr` with arguments it must refuse as a usage error: exit status 64,
    /// ArgumentParser's `Error:` on standard error, nothing on standard output.
    static func expectUsageError(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try qr(arguments)
        #expect(result.status == 64, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("Error:"), "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
    }

    /// zbarimg's raw bytes for a file (binary mode: no charset conversion, no newline).
    static func zbar(_ file: URL) throws -> [UInt8] {
        try run(try #require(zbarimg), ["--quiet", "--raw", "-Sbinary", file.path]).stdout
    }

    /// The hex `Bytes:` lines ZXingReader prints, one per symbol.
    static func zxing(_ file: URL) throws -> [[UInt8]] {
        let result = try run(try #require(zxingReader), [file.path])
        return result.text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("Bytes:") else { return nil }
            return line.dropFirst(6).split(separator: " ").compactMap { UInt8($0, radix: 16) }
        }
    }
}

private func bytes(of url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

/// Width and height from a PNG's IHDR.
private func pngSize(_ png: [UInt8]) -> (Int, Int) {
    let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
    return (width, height)
}

private let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

@Suite("qr encode: output and help")
struct EncodeCLIOutputTests {
    @Test func helpListsChoicesAndExamples() throws {
        let result = try CLI.qr(["encode", "--help"])
        #expect(result.status == 0)
        let help = result.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for expected in [
            "USAGE: qr encode", "(values: L, M, Q, H; default: M)",
            "(values: png, svg, pdf, eps, pbm, pam, xbm, xpm, utf8, ansi, ascii, ansi256)",
            "--mode <mode>", "--encoding <name>", "--boost-level", "--no-boost", "--force", "--title <text>",
            "--desc <text>",
            "Examples:", "qr encode \"https://example.org\"", "--split <n>", "--strict-version", "--8bit",
            "--size-px <n>",
        ] {
            #expect(help.contains(expected), "help lacks \(expected)")
        }
    }

    /// The whole help screen, as a snapshot: a change here is a change users see.
    @Test func helpSnapshot() throws {
        let result = try CLI.qr(["encode", "--help"])
        #expect(result.text == Self.helpScreen)
    }

    static let helpScreen = """
        OVERVIEW: Encode text or bytes as a QR code.

        The payload is TEXT, or the bytes of FILE with -i FILE (-i - reads standard
        input), or standard input when neither is given and it is not a terminal. Text
        must be UTF-8; --8bit encodes any bytes as they are, NULs included; --encoding
        writes the text in another character set.

        The level is a minimum: the highest level that fits the same version is used
        (as segno does), unless --no-boost.

        The format follows the extension of -o (.png, .svg, .pdf, .eps, .pbm, .pam,
        .xbm, .xpm, .txt) unless --format is given. With no -o the code is drawn in the
        terminal (utf8), or written to standard output in --format; -o - writes PNG (or
        --format) to standard output, as qrencode does. --split N writes NAME-01.EXT
        ... NAME-NN.EXT.

        Formats: png, svg, pdf and eps (vector: one path; a module is --scale pixels at
        --dpi, default 72, so --scale points), pbm (raw P4), pam (P7, RGB or
        RGB_ALPHA), xbm, xpm, utf8 and ansi (half blocks), ascii (## and spaces, no
        escapes), ansi256 (as qrencode -t ANSI256). pbm, xbm, ascii and ansi256 are
        black and white only: other colours are refused; utf8 draws in the terminal's
        colours and refuses others, ansi draws any opaque ones. Colours are CSS names
        (red, navy, transparent ...) or RGB, RRGGBB[AA]; dark and light must differ by
        a contrast ratio of 3:1 (WCAG), unless --force. For print, --size gives the
        whole picture's side, quiet zone included, and --module one module's, in mm,
        cm, in or pt (SVG, PDF, EPS).

        Examples:
          qr encode "https://example.org"
          qr encode "hello, world" -o hello.png
          qr encode -i payload.bin --8bit -o data.svg
          echo -n "from stdin" | qr encode -i - -o x.png
          qr encode 12345 --micro --level L -o small.png
          qr encode -i notes.txt --split 4 -o notes.png   # notes-01.png ... -04
          qr encode "WIFI:S:home;T:WPA;P:pw;;" --level H --size-px 600 -o wifi.png
          qr encode "https://example.org" --format ansi --invert
          qr encode "https://example.org" --size 30mm -o print.pdf   # 30 mm square
          qr encode "plain text mail" --format ascii
          echo -n "https://example.org" | qr encode -o link.png
          qr encode 0123456789 --mode numeric -l Q -o digits.png
          qr encode -i note.txt --encoding ISO-8859-1 --eci -o latin1.png
          qr encode "https://example.org" --title "Example" -o link.svg

        Exit status: 0 when the code was written, 2 when the input cannot be read or
        the payload cannot be encoded (the message names the file and why), 64 on usage
        errors (a character that does not fit --mode or --encoding, a --size-px too
        small for the symbol included).

        USAGE: qr encode [<options>] [<text>]

        ARGUMENTS:
          <text>                  The text to encode (UTF-8).

        SYMBOL:
          -l, --level, --error <level>
                                  Error correction: restores about 7, 15, 25 or 30%
                                  damage; a minimum, raised while the version allows
                                  (--no-boost: as given). (values: L, M, Q, H; default:
                                  M)
          -v, --version <n>       Smallest version, 1-40 (1-4 with --micro); grows if
                                  the data needs it.
          --strict-version        Fail instead of growing past --version.
          -M, --micro             Make a Micro QR symbol (M1-M4): smaller, no level H,
                                  no --eci or --split.
          -8, --8bit              Encode the bytes as they are, in one 8-bit segment
                                  (any bytes, NULs included).
          -k, --kanji             Write the text as Shift_JIS, with Kanji segments for
                                  double-byte characters.
          --mode <mode>           One segment of this mode; a character that does not
                                  fit is an error. byte is --8bit. (values: numeric,
                                  alnum, byte, kanji)
          --encoding <name>       Write the text in this character set (an iconv name,
                                  such as ISO-8859-1 or CP1252) in byte mode; with
                                  --eci, declared.
          --boost-level           Raise the level to the highest that fits the same
                                  version (the default): --level is a minimum.
                                  (default: --boost-level)
          --no-boost              Keep --level as given.
          --case-insensitive      Upper-case ASCII letters so they fit alphanumeric
                                  mode (the code then reads upper case).
          --eci                   Start with an ECI header declaring the character set
                                  (UTF-8, or --encoding), so readers need not guess it.
          --split <n>             Spread the payload over N symbols (2-16) joined by
                                  structured append.

        PICTURE:
          -s, --scale <n>         Pixels per module for PNG, SVG, PBM and XPM; for PDF
                                  and EPS, pixels at --dpi (default: 8).
          --size-px <n>           Picture size in pixels, exactly: the largest whole
                                  scale that fits, the quiet zone taking the rest (the
                                  right and bottom one pixel more when it is odd).
          --size <length>         SVG, PDF, EPS: the printed size of the whole picture,
                                  quiet zone included, with its unit: mm, cm, in or pt
                                  (30mm, 1.5in).
          --module <length>       SVG, PDF, EPS: the printed size of one module, with
                                  its unit: mm, cm, in or pt (0.5mm).
          -m, --margin, --border <n>
                                  Quiet zone in modules (default: 4, 2 for Micro QR).
          --foreground, --dark <colour>
                                  Colour of dark modules: a CSS name or RGB, RRGGBB[AA]
                                  hexadecimal (default: black); pbm, xbm, ascii and
                                  ansi256 take only black or white.
          --background, --light <colour>
                                  Colour of light modules: a CSS name, transparent, or
                                  RGB, RRGGBB[AA] hexadecimal (default: white).
          --force                 Write colours even when their contrast is below 3:1.
          -d, --dpi <n>           Resolution: recorded in a PNG (pHYs chunk); sets the
                                  page size of PDF and EPS (default: 72, a pixel is a
                                  point).
          --invert                Swap dark and light: utf8 then draws for a light
                                  terminal, ascii for a dark one (by default ## marks
                                  dark modules, as in qrencode); ansi and pictures get
                                  light modules on dark.
          --title <text>          SVG: a title for assistive technology (<title>,
                                  role="img").
          --desc <text>           SVG: a longer description (<desc>), such as where the
                                  code leads.

        OPTIONS:
          -i, -r, --input <file>  Read the payload from FILE; '-' reads standard input.
          -o, --output <file>     Write to FILE (.png, .svg, .pdf, .eps, .pbm, .pam,
                                  .xbm, .xpm or .txt); '-' for standard output (PNG
                                  unless --format).
          -t, --format <format>   Output format; by default from the -o extension, else
                                  utf8. qrencode's -t names work too (PNG32, UTF8i,
                                  ASCIIi, ANSIUTF8 ...; i: inverted). (values: png,
                                  svg, pdf, eps, pbm, pam, xbm, xpm, utf8, ansi, ascii,
                                  ansi256)
          -h, --help              Show help information.


        """

    @Test func qrencodesShortFlagsMeanTheSame() throws {
        let short = try CLI.qr(["encode", "hello", "-l", "H", "-v", "3", "-s", "3", "-m", "2", "-t", "SVG"])
        let long = try CLI.qr([
            "encode", "hello", "--level", "H", "--version", "3", "--scale", "3", "--margin", "2", "--format", "svg",
        ])
        #expect(short.status == 0, "\(short.stderr)")
        #expect(short.stdout == long.stdout)
        #expect(short.text.hasPrefix("<?xml"))
    }

    @Test func drawsInTheTerminalByDefault() throws {
        let result = try CLI.qr(["encode", "https://example.org"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.text.split(separator: "\n")
        // Version 2 (25 modules) plus 4 on each side: 33 columns, 17 lines.
        #expect(lines.count == 17)
        #expect(lines.allSatisfy { $0.count == 33 })
        #expect(result.text.allSatisfy { " ▀▄█\n".contains($0) })
    }

    @Test func invertAndAnsiVariants() throws {
        let plain = try CLI.qr(["encode", "hello"]).text
        let inverted = try CLI.qr(["encode", "hello", "--invert"]).text
        #expect(plain != inverted)
        #expect(plain.split(separator: "\n").count == inverted.split(separator: "\n").count)
        let ansi = try CLI.qr(["encode", "hello", "--format", "ansi"])
        #expect(ansi.status == 0)
        #expect(ansi.text.contains("\u{1B}[30;40m▀"))
        #expect(ansi.text.hasSuffix("\u{1B}[0m\n"))
    }

    @Test func formatFollowsTheExtension() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["a.png", "b.svg", "c.txt", "D.PNG"] {
            #expect(try CLI.qr(["encode", "extension", "-o", name], in: directory).status == 0)
        }
        #expect(Array(try bytes(of: directory.appendingPathComponent("a.png")).prefix(8)) == pngSignature)
        #expect(Array(try bytes(of: directory.appendingPathComponent("D.PNG")).prefix(8)) == pngSignature)
        #expect(
            String(decoding: try bytes(of: directory.appendingPathComponent("b.svg")), as: UTF8.self).hasPrefix("<?xml")
        )
        #expect(String(decoding: try bytes(of: directory.appendingPathComponent("c.txt")), as: UTF8.self).contains("█"))
        // --format wins over the extension.
        #expect(try CLI.qr(["encode", "x", "-o", "e.txt", "--format", "svg"], in: directory).status == 0)
        #expect(
            String(decoding: try bytes(of: directory.appendingPathComponent("e.txt")), as: UTF8.self).hasPrefix("<?xml")
        )
    }

    @Test func svgToStandardOutput() throws {
        let result = try CLI.qr(["encode", "svg", "--format", "svg", "--foreground", "336699"])
        #expect(result.status == 0)
        #expect(result.text.hasPrefix("<?xml") && result.text.contains("fill=\"#336699\""))
        #expect(try CLI.qr(["encode", "svg", "--format", "png", "-o", "-"]).stdout.prefix(8) == pngSignature[...])
    }

    @Test func pngOptions() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("o.png")
        #expect(try CLI.qr(["encode", "hello", "--scale", "3", "--margin", "2", "-o", out.path]).status == 0)
        #expect(pngSize(try bytes(of: out)) == (75, 75))  // (21 + 4) × 3
        #expect(try CLI.qr(["encode", "hello", "--size-px", "200", "-o", out.path]).status == 0)
        #expect(pngSize(try bytes(of: out)) == (200, 200))  // 29 modules × 6, and 26 px more quiet zone
        #expect(try CLI.qr(["encode", "hello", "--dpi", "300", "-o", out.path]).status == 0)
        let png = try bytes(of: out)
        // The pHYs chunk, wherever it is before the data: 300 dpi is 11811 pixels a metre.
        let phys = try #require(Array(png).firstRange(of: Array("pHYs".utf8)))
        let data = try #require(Array(png).firstRange(of: Array("IDAT".utf8)))
        #expect(phys.lowerBound < data.lowerBound)
        #expect(png[phys.upperBound..<(phys.upperBound + 4)].reduce(0) { $0 << 8 | Int($1) } == 11811)
        #expect(try CLI.qr(["encode", "hello", "--background", "ffffff00", "-o", out.path]).status == 0)
        #expect(
            try bytes(of: out).contains(0x74) && String(decoding: try bytes(of: out), as: UTF8.self).contains("tRNS"))
    }

    @Test func splitWritesNumberedFiles() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.qr(
            ["encode", "one payload over three symbols", "--split", "3", "-o", "part.png"], in: directory)
        #expect(result.status == 0)
        for index in 1...3 {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("part-0\(index).png").path))
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("part.png").path))
        let terminal = try CLI.qr(["encode", "two symbols", "--split", "2"])
        #expect(terminal.status == 0)
        #expect(terminal.text.contains("\n\n"))
    }
}

@Suite("qr encode: errors and exit status")
struct EncodeCLIErrorTests {
    @Test(arguments: [
        ["encode", "text", "-i", "file"],
        ["encode", "x", "--level", "X"],
        ["encode", "x", "--version", "41"],
        ["encode", "x", "--version", "0"],
        ["encode", "x", "--strict-version"],
        ["encode", "1", "--micro", "--level", "H"],
        ["encode", "1", "--micro", "--version", "5"],
        ["encode", "1", "--micro", "--eci"],
        ["encode", "12", "--micro", "--split", "2"],
        ["encode", "x", "--split", "17"],
        ["encode", "x", "--split", "0"],
        ["encode", "x", "--8bit", "--kanji"],
        ["encode", "x", "--8bit", "--case-insensitive"],
        ["encode", "x", "--scale", "0"],
        ["encode", "x", "--scale", "3", "--size-px", "100"],
        ["encode", "x", "--margin", "-1"],
        ["encode", "x", "--foreground", "zzzzzz"],
        ["encode", "x", "--background", "12345"],
        ["encode", "x", "--dpi", "300", "--format", "svg"],
        ["encode", "x", "-o", "out.gif"],
        ["encode", "x", "--split", "2", "--format", "png", "-o", "-"],
        ["encode", "x", "--bogus"],
        // Modes, character sets and colours (issue 13).
        ["encode", "x", "--mode", "decimal"],
        ["encode", "x", "--mode", "numeric", "--8bit"],
        ["encode", "x", "--mode", "alnum", "--kanji"],
        ["encode", "x", "--mode", "numeric", "--encoding", "latin1"],
        ["encode", "x", "--kanji", "--encoding", "latin1"],
        ["encode", "x", "--mode", "alnum", "--eci"],
        ["encode", "x", "--encoding", "NO-SUCH-SET"],
        ["encode", "x", "--encoding", "EBCDIC-US", "--eci"],
        ["encode", "x", "--foreground", "reddish"],
        ["encode", "x", "--foreground", "orange", "-o", "a.pdf"],
    ])
    func usageErrorsExit64(arguments: [String]) throws {
        // With nothing on standard input (the tests give /dev/null), a missing TEXT
        // is an empty payload instead (exit 2); a terminal makes it a usage error
        // (EncodeOptionsCLITests).
        try CLI.expectUsageError(arguments)
    }

    @Test func usageErrorsSayWhatToDo() throws {
        #expect(try CLI.qr(["encode", "x", "--version", "41"]).stderr.contains("versions 1 to 40"))
        #expect(try CLI.qr(["encode", "1", "--micro", "--eci"]).stderr.contains("drop --eci or --micro"))
        #expect(
            try CLI.qr(["encode", "x", "-o", "out.gif"]).stderr.contains(
                "name it .png, .svg, .pdf, .eps, .pbm, .pam, .xbm, .xpm or .txt"))
    }

    /// The library names a Swift property (`RenderOptions.scale`); qr names its flag.
    @Test(arguments: [
        (["encode", "x", "--scale", "0"], "--scale must be 1 to 1000 pixels per module, not 0"),
        (["encode", "x", "--margin", "300"], "--margin must be 0 to 256 modules, not 300"),
        (["encode", "x", "--dpi", "0", "--format", "pdf"], "--dpi must be 1 to 100000 dots per inch, not 0"),
        (["encode", "x", "--strict-version"], "--strict-version needs a version to hold to: give --version too"),
        (
            ["encode", "12", "--micro", "--split", "2"],
            "Micro QR has no structured append; drop --micro or --split"
        ),
        (["encode", "x", "--8bit", "--case-insensitive"], "8-bit segments keep case (drop --case-insensitive)"),
        (
            ["encode", "x", "--encoding", "NO-SUCH-SET"],
            "iconv knows no character set named 'NO-SUCH-SET' (see iconv --list)"
        ),
    ])
    func libraryErrorsNameTheFlags(arguments: [String], says: String) throws {
        let result = try CLI.qr(arguments)
        #expect(result.status == 64, "\(arguments)")
        #expect(result.stderr.contains(says), "\(result.stderr)")
        #expect(!result.stderr.contains("`"), "\(result.stderr)")
    }

    @Test func unreadableInputExits2NamingTheFile() throws {
        let missing = try CLI.qr(["encode", "-i", "/nonexistent/payload.bin", "-o", "/tmp/never.png"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "qr: /nonexistent/payload.bin: No such file or directory\n")
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let isDirectory = try CLI.qr(["encode", "-i", directory.path])
        #expect(isDirectory.status == 2)
        #expect(isDirectory.stderr == "qr: \(directory.path): Is a directory\n")
    }

    @Test func invalidUTF8SuggestsEightBit() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("latin1.txt")
        try Data([0x63, 0x61, 0x66, 0xE9]).write(to: file)
        let refused = try CLI.qr(["encode", "-i", file.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("qr: \(file.path): not valid UTF-8"))
        #expect(refused.stderr.contains("--8bit"))
        #expect(try CLI.qr(["encode", "-i", file.path, "--8bit"]).status == 0)
        let stdin = try CLI.qr(["encode", "-i", "-"], stdin: [0xFF])
        #expect(stdin.status == 2 && stdin.stderr.hasPrefix("qr: standard input: not valid UTF-8"))
    }

    @Test func payloadErrorsExit2WithTheCapacity() throws {
        let big = try CLI.qr(["encode", String(repeating: "x", count: 3000)])
        #expect(big.status == 2)
        #expect(big.stderr.hasPrefix("qr: text argument: payload too large: 3000 bytes"))
        #expect(big.stderr.contains("at most 2331 bytes"))
        // 40-L holds 2953 bytes: no level holds 4000, two symbols do.
        let long = try CLI.qr(["encode", String(repeating: "x", count: 4000)])
        #expect(long.status == 2 && !long.stderr.contains("--level"))
        #expect(long.stderr.hasSuffix("; split it over 2 symbols (--split 2)\n"))
        let micro = try CLI.qr(["encode", String(repeating: "x", count: 24), "--micro", "-l", "L"])
        #expect(micro.status == 2 && !micro.stderr.contains("--level"))
        let strict = try CLI.qr([
            "encode", "hello world, too long for v1-H", "--level", "H", "--version", "1", "--strict-version",
        ])
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("version 1-H symbol holds at most 7 bytes"))
        let empty = try CLI.qr(["encode", "-i", "-"], stdin: [])
        #expect(empty.status == 2 && empty.stderr.contains("standard input: nothing to encode"))
        let kanji = try CLI.qr(["encode", "é", "--kanji"])
        #expect(kanji.status == 2 && kanji.stderr.contains("Shift_JIS"))
    }

    @Test func unwritableOutputExits2() throws {
        let result = try CLI.qr(["encode", "x", "-o", "/nonexistent/dir/out.png"])
        #expect(result.status == 2)
        #expect(result.stderr == "qr: /nonexistent/dir/out.png: No such file or directory\n")
    }
}

@Suite("qr encode: read back by zbarimg and ZXingReader")
struct EncodeCLIRoundTripTests {
    @Test(.enabled(if: CLI.zbarimg != nil, "zbarimg is not installed"))
    func theIssueExamples() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try CLI.qr(["encode", "héllo wörld", "-o", "hello.png"], in: directory).status == 0)
        #expect(try CLI.zbar(directory.appendingPathComponent("hello.png")) == Array("héllo wörld".utf8))

        let payload: [UInt8] = [0x00, 0x01, 0x02, 0x00, 0xFF, 0x41, 0x00]
        try Data(payload).write(to: directory.appendingPathComponent("payload.bin"))
        #expect(try CLI.qr(["encode", "-i", "payload.bin", "--8bit", "-o", "data.svg"], in: directory).status == 0)
        let svg = String(decoding: try bytes(of: directory.appendingPathComponent("data.svg")), as: UTF8.self)
        #expect(svg.contains("<path"))
        #expect(try CLI.qr(["encode", "-i", "payload.bin", "--8bit", "-o", "data.png"], in: directory).status == 0)
        #expect(try CLI.zbar(directory.appendingPathComponent("data.png")) == payload)

        #expect(
            try CLI.qr(["encode", "-i", "-", "-o", "x.png"], stdin: Array("from stdin".utf8), in: directory).status == 0
        )
        #expect(try CLI.zbar(directory.appendingPathComponent("x.png")) == Array("from stdin".utf8))
    }

    @Test(.enabled(if: CLI.zbarimg != nil, "zbarimg is not installed"), arguments: ["L", "M", "Q", "H"])
    func everyLevel(level: String) throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = "level \(level) ✓ https://example.org/"
        #expect(try CLI.qr(["encode", text, "--level", level, "-o", "l.png"], in: directory).status == 0)
        #expect(try CLI.zbar(directory.appendingPathComponent("l.png")) == Array(text.utf8))
    }

    @Test(.enabled(if: CLI.zbarimg != nil, "zbarimg is not installed"), arguments: [1, 5, 10, 27, 40])
    func severalVersions(version: Int) throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = "version \(version)"
        let result = try CLI.qr(
            ["encode", text, "--version", "\(version)", "--strict-version", "--scale", "3", "-o", "v.png"],
            in: directory)
        #expect(result.status == 0)
        let png = try bytes(of: directory.appendingPathComponent("v.png"))
        #expect(pngSize(png).0 == (17 + 4 * version + 8) * 3)
        #expect(try CLI.zbar(directory.appendingPathComponent("v.png")) == Array(text.utf8))
    }

    @Test(.enabled(if: CLI.zbarimg != nil, "zbarimg is not installed"))
    func fullVersion40Binary() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let payload = (0..<2953).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
        try Data(payload).write(to: directory.appendingPathComponent("big.bin"))
        let result = try CLI.qr(
            ["encode", "-i", "big.bin", "--8bit", "--level", "L", "--scale", "3", "-o", "big.png"], in: directory)
        #expect(result.status == 0)
        #expect(pngSize(try bytes(of: directory.appendingPathComponent("big.png"))).0 == 185 * 3)
        #expect(try CLI.zbar(directory.appendingPathComponent("big.png")) == payload)
    }

    @Test(.enabled(if: CLI.zbarimg != nil, "zbarimg is not installed"))
    func modesReadBack() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(arguments: [String], expected: [UInt8])] = [
            (["hello world", "--case-insensitive"], Array("HELLO WORLD".utf8)),
            (["héllo wörld", "--eci"], Array("héllo wörld".utf8)),
            (["漢字テスト", "--kanji"], [0x8A, 0xBF, 0x8E, 0x9A, 0x83, 0x65, 0x83, 0x58, 0x83, 0x67]),
            (["31415926535897932384626433832795028841971"], Array("31415926535897932384626433832795028841971".utf8)),
            (["navy on cream", "--foreground", "000080", "--background", "fffdd0"], Array("navy on cream".utf8)),
        ]
        for (index, item) in cases.enumerated() {
            let name = "m\(index).png"
            #expect(try CLI.qr(["encode"] + item.arguments + ["-o", name], in: directory).status == 0)
            #expect(try CLI.zbar(directory.appendingPathComponent(name)) == item.expected, "\(item.arguments)")
        }
    }

    @Test(
        .enabled(if: CLI.zxingReader != nil, "ZXingReader is not installed"),
        arguments: ["1", "HELLO", "micro", "micro qr, m4"])
    func microReadBackByZXing(text: String) throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try CLI.qr(["encode", text, "--micro", "--level", "L", "-o", "m.png"], in: directory).status == 0)
        #expect(try CLI.zxing(directory.appendingPathComponent("m.png")) == [Array(text.utf8)])
    }

    @Test(.enabled(if: CLI.zxingReader != nil, "ZXingReader is not installed"))
    func microKanjiReadBackByZXing() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            try CLI.qr(["encode", "漢字", "--kanji", "--micro", "--level", "L", "-o", "k.png"], in: directory).status == 0
        )
        #expect(try CLI.zxing(directory.appendingPathComponent("k.png")) == [[0x8A, 0xBF, 0x8E, 0x9A]])
    }

    @Test(.enabled(if: CLI.zxingReader != nil, "ZXingReader is not installed"))
    func splitReadBackByZXing() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = "Structured append over four symbols, read back in order: ÄÖÜ"
        #expect(try CLI.qr(["encode", text, "--split", "4", "-o", "sa.png"], in: directory).status == 0)
        var joined: [UInt8] = []
        for index in 1...4 {
            let read = try CLI.zxing(directory.appendingPathComponent("sa-0\(index).png"))
            #expect(read.count == 1)
            joined += read.first ?? []
        }
        #expect(joined == Array(text.utf8))
    }
}
