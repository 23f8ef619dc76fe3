// QRCLI tests — `qr encode` to PDF, EPS, PBM, PAM, XBM, XPM, SVG, ASCII and ANSI256: each
// file opened by its reference reader (poppler, ghostscript, netpbm, xmllint and librsvg),
// drawn as PNG, and read back by `qr decode`; the text art compared with qrencode's.
import Foundation
import QRTestSupport
import Testing

/// The reference readers: file in, PNG written to `png`.
private enum Reader {
    static func draw(_ file: URL, as format: String, to png: URL) throws {
        let directory = file.deletingLastPathComponent()
        switch format {
        case "pdf":
            let stem = png.deletingPathExtension().path
            try succeed(try tool("pdftoppm"), ["-png", "-r", "72", "-singlefile", file.path, stem])
        case "eps":
            try succeed(
                try tool("gs"),
                [
                    "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pnggray", "-r72", "-dEPSCrop",
                    "-sOutputFile=" + png.path, file.path,
                ])
        case "pbm":
            try Data(try succeed(try tool("pnmtopng"), [file.path])).write(to: png)
        case "xpm", "pam", "xbm":
            let converter = ["xpm": "xpmtoppm", "pam": "pamtopnm", "xbm": "xbmtopbm"][format]!
            let pnm = directory.appendingPathComponent(file.lastPathComponent + ".pnm")
            try Data(try succeed(try tool(converter), [file.path])).write(to: pnm)
            try Data(try succeed(try tool("pnmtopng"), [pnm.path])).write(to: png)
        case "svg":
            try succeed(try tool("xmllint"), ["--noout", file.path])
            try succeed(try tool("rsvg-convert"), ["--format", "png", "--output", png.path, file.path])
        default:
            Issue.record("no reader for \(format)")
        }
    }

    static func tool(_ name: String) throws -> String {
        try #require(CLI.tool(name), "\(name) is not installed (make test-deps)")
    }

    @discardableResult
    static func succeed(_ tool: String, _ arguments: [String]) throws -> [UInt8] {
        let result = try CLI.run(tool, arguments)
        try #require(result.status == 0, "\(tool) failed: \(result.stderr)")
        return result.stdout
    }
}

@Suite("qr encode: PDF, EPS, PBM, PAM, XBM, XPM, SVG, ASCII and ANSI256")
struct EncodeFormatCLITests {
    /// Each format, chosen by extension and by --format, at levels L and H: the reader's
    /// picture decodes with `qr decode --bytes` to the payload, byte for byte.
    @Test(arguments: ["pdf", "eps", "pbm", "pam", "xbm", "xpm", "svg"], ["L", "H"])
    func readsBackThroughTheReferenceReader(format: String, level: String) throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let payload = "héllo wörld, \(format) at \(level) ✓"
        for (name, extra) in [("by-extension.\(format)", []), ("by-flag.out", ["--format", format])] {
            let file = directory.appendingPathComponent(name)
            let encoded = try CLI.qr(
                ["encode", payload, "--level", level, "--no-boost", "--scale", "3", "-o", file.path] + extra)
            #expect(encoded.status == 0, "\(encoded.stderr)")
            #expect(encoded.stderr.isEmpty)
            let png = directory.appendingPathComponent(name + ".png")
            try Reader.draw(file, as: format, to: png)
            let decoded = try CLI.qr(["decode", "--bytes", png.path])
            #expect(decoded.status == 0, "\(format): \(decoded.stderr)")
            #expect(decoded.stdout == Array(payload.utf8), "\(format) via \(name)")
        }
    }

    /// The largest symbol, version 40 at level H, read back from a PDF and an EPS made
    /// at --scale 4 --dpi 144 (a module is 2 points, so 2 pixels when drawn at 72 dpi),
    /// and from the other formats at --scale 2.
    @Test(arguments: ["pdf", "eps", "pam", "xbm", "svg"])
    func version40ReadsBack(format: String) throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let payload = String(repeating: "QRKit prints to paper. ", count: 40)
        let file = directory.appendingPathComponent("v40.\(format)")
        let size = ["pdf", "eps"].contains(format) ? ["--scale", "4", "--dpi", "144"] : ["--scale", "2"]
        let encoded = try CLI.qr(["encode", payload, "--level", "H", "--version", "40", "-o", file.path] + size)
        #expect(encoded.status == 0, "\(encoded.stderr)")
        let png = directory.appendingPathComponent("v40.png")
        try Reader.draw(file, as: format, to: png)
        let decoded = try CLI.qr(["decode", "--bytes", png.path])
        #expect(decoded.stdout == Array(payload.utf8))
    }

    @Test func pdfPageSizeFollowsDPI() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("print.pdf")
        // "hello" is version 1: 29 modules with the margin, 2 px each at 300 dpi.
        #expect(try CLI.qr(["encode", "hello", "--scale", "2", "--dpi", "300", "-o", file.path]).status == 0)
        let info = String(decoding: try Reader.succeed(try Reader.tool("pdfinfo"), [file.path]), as: UTF8.self)
        #expect(info.contains("13.92 x 13.92 pts"), "\(info)")
    }

    /// `--size` (the whole picture, quiet zone included) and `--module`, measured in the
    /// file: a PDF's MediaBox, an EPS's HiResBoundingBox, an SVG's width, in millimetres.
    @Test(arguments: [
        (["--size", "30mm"], "pdf", 30.0), (["--size", "3cm"], "svg", 30), (["--size", "1in"], "eps", 25.4),
        (["--size", "72pt"], "pdf", 25.4), (["--size", "30MM"], "eps", 30),
        // "x" is version 1: 21 modules, 29 with the quiet zone.
        (["--module", "0.5mm"], "pdf", 14.5), (["--module", "0.5mm"], "svg", 14.5),
        (["--module", "36pt", "--margin", "0"], "eps", 266.7),
    ])
    func printedSizesAreMeasured(arguments: [String], format: String, millimetres: Double) throws {
        let result = try CLI.qr(["encode", "x", "--format", format] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let text = result.text
        func number(after marker: String, until end: Character) throws -> Double {
            let start = try #require(text.range(of: marker), "no \(marker) in \(format)").upperBound
            return try #require(Double(text[start...].prefix { $0 != end }), "\(marker)")
        }
        let measured =
            switch format {
            case "pdf": try number(after: "/MediaBox [0 0 ", until: " ") * 25.4 / 72
            case "eps": try number(after: "%%HiResBoundingBox: 0 0 ", until: " ") * 25.4 / 72
            default: try number(after: "width=\"", until: "m")
            }
        #expect(abs(measured - millimetres) < 0.001, "\(arguments) \(format): \(measured) mm")
    }

    /// A printed code reads back through each reference reader (3 inches: about 7
    /// pixels a module at 72 dpi).
    @Test(arguments: ["pdf", "eps", "svg"])
    func printedSizesReadBack(format: String) throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("print.\(format)")
        let encoded = try CLI.qr(["encode", "https://example.org", "--size", "3in", "-o", file.path])
        #expect(encoded.status == 0, "\(encoded.stderr)")
        let png = directory.appendingPathComponent("print.png")
        try Reader.draw(file, as: format, to: png)
        #expect(try CLI.qr(["decode", "--bytes", png.path]).stdout == Array("https://example.org".utf8))
    }

    @Test func asciiIsPlainTextWithAQuietZone() throws {
        let result = try CLI.qr(["encode", "https://example.org", "--format", "ascii", "--no-boost"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(!result.stdout.contains(0x1B))
        #expect(result.stdout.allSatisfy { $0 == 0x23 || $0 == 0x20 || $0 == 0x0A })
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // Version 2 (25 modules) plus 4 on each side: 33 rows of 66 characters.
        #expect(lines.count == 33)
        #expect(lines.allSatisfy { $0.count == 66 })
        let blank = String(repeating: " ", count: 66)
        #expect(lines.prefix(4).allSatisfy { $0 == blank } && lines.suffix(4).allSatisfy { $0 == blank })
        #expect(lines.allSatisfy { $0.hasPrefix("        ") && $0.hasSuffix("        ") })
        // The finder pattern's top edge: 7 dark modules, 14 characters.
        #expect(lines[4].dropFirst(8).hasPrefix(String(repeating: "#", count: 14) + "  "))
        #expect(
            try CLI.qr(["encode", "x", "--format", "ascii", "--margin", "0"]).text.split(separator: "\n").count == 21)
    }

    /// The same text, character for character, as `qrencode -t ASCII` (a bench tool,
    /// so this runs where `make bench-deps` installed it).
    @Test(.enabled(if: CLI.tool("qrencode") != nil), arguments: ["hello", "https://example.org/ascii", "12345"])
    func asciiMatchesQrencode(text: String) throws {
        let theirs = try CLI.run(try #require(CLI.tool("qrencode")), ["-t", "ASCII", "-l", "M", text])
        let ours = try CLI.qr(["encode", text, "--format", "ascii", "--no-boost"])
        #expect(ours.stdout == theirs.stdout)
    }

    /// `--format ansi256` (and `-t ANSI256`), byte for byte as `qrencode -t ANSI256`.
    @Test(.enabled(if: CLI.tool("qrencode") != nil), arguments: ["hello", "https://example.org/ansi256"])
    func ansi256MatchesQrencode(text: String) throws {
        let theirs = try CLI.run(try #require(CLI.tool("qrencode")), ["-t", "ANSI256", "-l", "M", text])
        #expect(try CLI.qr(["encode", text, "--no-boost", "--format", "ansi256"]).stdout == theirs.stdout)
        #expect(try CLI.qr(["encode", text, "--no-boost", "-t", "ANSI256"]).stdout == theirs.stdout)
    }

    @Test func asciiToAFileAndSplit() throws {
        let directory = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.qr(["encode", "two symbols in ascii", "--split", "2", "--format", "ascii"])
        #expect(result.status == 0)
        #expect(result.text.contains("\n\n"))
        let file = directory.appendingPathComponent("art.txt")
        #expect(try CLI.qr(["encode", "x", "--format", "ascii", "-o", file.path]).status == 0)
        #expect(try Data(contentsOf: file).allSatisfy { $0 == 0x23 || $0 == 0x20 || $0 == 0x0A })
    }

    @Test func formatsToStandardOutput() throws {
        let eps = try CLI.qr(["encode", "eps", "--format", "eps"])
        #expect(eps.status == 0 && eps.text.hasPrefix("%!PS-Adobe-3.0 EPSF-3.0\n"))
        let pdf = try CLI.qr(["encode", "pdf", "--format", "pdf", "-o", "-"])
        #expect(pdf.status == 0 && pdf.text.hasPrefix("%PDF-1.4\n") && pdf.text.hasSuffix("%%EOF\n"))
        let pbm = try CLI.qr(["encode", "pbm", "--format", "pbm", "--scale", "1"])
        #expect(pbm.stdout.starts(with: Array("P4\n29 29\n".utf8)))
        let xpm = try CLI.qr(["encode", "xpm", "--format", "xpm", "--foreground", "336699"])
        #expect(xpm.text.hasPrefix("/* XPM */\n") && xpm.text.contains("\"# c #336699\""))
        let pam = try CLI.qr(["encode", "pam", "--format", "pam", "--scale", "1", "--background", "transparent"])
        #expect(
            pam.stdout.starts(
                with: Array("P7\nWIDTH 29\nHEIGHT 29\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)))
        let xbm = try CLI.qr(["encode", "xbm", "--format", "xbm", "--scale", "1"])
        #expect(xbm.text.hasPrefix("#define qrcode_width 29\n#define qrcode_height 29\n"))
    }

    @Test(arguments: [
        ["encode", "x", "--format", "pbm", "--foreground", "336699"],
        ["encode", "x", "--format", "ascii", "--background", "ffffcc"],
        ["encode", "x", "-o", "a.pbm", "--background", "ffffff00"],
        ["encode", "x", "-o", "a.eps", "--foreground", "00000080"],
        ["encode", "x", "-o", "a.xpm", "--background", "ffffff80"],
        ["encode", "x", "--format", "ascii", "--dpi", "300"],
        ["encode", "x", "-o", "a.pbm", "--dpi", "300"],
        ["encode", "x", "--split", "2", "--format", "pdf"],
        ["encode", "x", "--format", "xbm", "--foreground", "navy"],
        ["encode", "x", "--format", "ansi256", "--background", "ivory"],
        ["encode", "x", "--format", "pam", "--split", "2"],
        ["encode", "x", "--format", "ascii", "--size-px", "100"],
        ["encode", "x", "-o", "a.png", "--title", "not SVG"],
        ["encode", "x", "-o", "a.svg", "--title", "bell \u{7}"],
        ["encode", "x", "-o", "a.png", "--size", "30mm"],
        ["encode", "x", "--format", "utf8", "--module", "1mm"],
        ["encode", "x", "-o", "a.pdf", "--size", "30"],
        ["encode", "x", "-o", "a.pdf", "--size", "-3mm"],
        ["encode", "x", "-o", "a.pdf", "--size", "30mm", "--module", "1mm"],
        ["encode", "x", "-o", "a.pdf", "--size", "30mm", "--scale", "2"],
        ["encode", "x", "-o", "a.pdf", "--module", "1mm", "--dpi", "300"],
        ["encode", "x", "-o", "a.svg", "--size", "30mm", "--size-px", "300"],
    ])
    func refusedWithExit64(arguments: [String]) throws {
        try CLI.expectUsageError(arguments)
    }

    @Test func coloursRefusedSayWhy() throws {
        let pbm = try CLI.qr(["encode", "x", "--format", "pbm", "--foreground", "336699"])
        #expect(
            pbm.stderr.contains(
                "PBM has only black and white: the colours must be 000000 and ffffff (either way round), not #336699 on #ffffff"
            ))
        let eps = try CLI.qr(["encode", "x", "--format", "eps", "--background", "ffffff80"])
        #expect(eps.stderr.contains("EPS has no partial transparency"))
        // Black and white swapped is fine: --invert draws light modules in ink.
        #expect(try CLI.qr(["encode", "x", "--format", "pbm", "--invert", "-o", "-"]).status == 0)
        #expect(try CLI.qr(["encode", "x", "--format", "ascii", "--invert"]).status == 0)
    }
}
