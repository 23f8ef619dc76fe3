// qr CLI tests — the quick command-line reader agrees with ArgumentParser.
//
// Every `qr` the tests run has QRKIT_CHECK_QUICK_PARSE set (ProgramRunner): a command
// line that the quick reader takes is read by ArgumentParser too, and a difference exits
// with status 70. These lines use every option of `qr decode` and `qr encode` in each
// form the quick reader takes (`--name value`, `--name=value`, short names) and in forms
// it must hand to ArgumentParser (help, `--`, repeats, clusters, bad values).
import Foundation
import QRTestSupport
import Testing

@Suite struct QuickParseTests {
    static let photo = PackagePaths.sample("photos/qrcode-2-30.png")
    static let photoText = "MECARD:N:測試;;"

    static let decodeLines: [[String]] = [
        ["decode", photo],
        ["decode", photo, "--strategy", "zxing"],
        ["decode", "--strategy=sequential-zbar-first", photo],
        ["decode", photo, "--json", "--timing"],
        ["decode", photo, "--bytes", "--first"],
        ["decode", photo, "-q"],
        ["decode", photo, "--quiet", "--jobs", "1", "--timeout-ms", "5000", "--max-pixels=2000000"],
        ["decode", photo, PackagePaths.sample("photos/qrcode-2-17.png"), "--jobs=2"],
        ["decode", "--files-from", PackagePaths.fixture("missing-list.txt")],
        ["decode", "--join", photo, PackagePaths.sample("photos/qrcode-2-17.png"), "--json"],
        ["decode", photo, "-0"],
        ["decode", photo, "--null", "--bytes"],
        ["decode", "-H", photo],
        ["decode", photo, "--with-filename", "--first"],
        ["decode", photo, PackagePaths.sample("photos/qrcode-2-17.png"), "--no-filename"],
        ["decode", photo, "-H", "--no-filename"],
        ["decode", photo, "--json", "-0"],
        ["decode", photo, "--raw", "--max-memory-mb", "64"],
        // For ArgumentParser: help, an end of options, repeats, clusters, bad values, errors.
        ["decode", photo, "--help"],
        ["decode", "--", photo],
        ["decode", photo, "--json", "--json"],
        ["decode", photo, "-qq"],
        ["decode", photo, "--strategy", "fastest"],
        ["decode", photo, "--jobs", "two"],
        ["decode", photo, "--jobs", "0"],
        ["decode", photo, "--json", "--bytes"],
        ["decode", photo, "--join", "--first"],
        ["decode", photo, "--join=yes"],
        ["decode", photo, "--json=yes"],
        ["decode", photo, "--strategy"],
        ["decode", photo, "--strategy", "-q"],
        ["decode", photo, "--no-such-option"],
        ["decode"],
    ]

    @Test(arguments: decodeLines)
    func decodeLinesAreReadAsArgumentParserReadsThem(_ line: [String]) throws {
        let run = try QRProcess.run(line)
        #expect(run.status != 70, "\(line): \(run.stderr)")
        #expect([0, 1, 2, 64].contains(run.status), "\(line): \(run.status) \(run.stderr)")
    }

    @Test func theQuickReaderDecodesAsBefore() throws {
        let run = try QRProcess.run(["decode", Self.photo])
        #expect(run.status == 0)
        #expect(run.text == Self.photoText + "\n")
        #expect(run.stderr.isEmpty)
    }

    @Test func encodeLinesAreReadAsArgumentParserReadsThem() throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("a.png").path
        let payload = folder.appendingPathComponent("payload.bin").path
        try Data("from a file".utf8).write(to: URL(fileURLWithPath: payload))
        for line in Self.encodeLines(in: folder) {
            let run = try QRProcess.run(line)
            #expect(run.status != 70, "\(line): \(run.stderr)")
            #expect([0, 2, 64].contains(run.status), "\(line): \(run.status) \(run.stderr)")
        }
        let written = try QRProcess.run(["decode", png])
        #expect(written.status == 0)
    }

    /// The lines above give every name of every option QuickParse reads (DecodeOption.swift, EncodeOption.swift),
    /// so that the check of each line by both parsers covers them all: each long name, and
    /// each short one, apart and, for an option with a value, with the value attached.
    @Test func theLinesGiveEveryNameOfEveryOption() throws {
        let commands = [("decode", Self.decodeLines), ("encode", Self.encodeLines(in: URL(fileURLWithPath: "/tmp")))]
        for (command, lines) in commands {
            let arguments = lines.flatMap { $0 }
            let dump = try QRProcess.run([command, "--experimental-dump-help"])
            for option in try QuickOptionDescription.options(ofDump: Data(dump.stdout)) {
                for name in option.longNames {
                    #expect(
                        arguments.contains { $0 == "--" + name || $0.hasPrefix("--\(name)=") }, "\(command) --\(name)")
                }
                for name in option.shortNames {
                    #expect(arguments.contains("-" + name), "\(command) -\(name)")
                    if option.takesValue {
                        #expect(
                            arguments.contains { $0.hasPrefix("-" + name) && $0.count > 1 + name.count },
                            "\(command) -\(name)VALUE")
                    }
                }
            }
        }
    }

    /// Lines of `qr encode` that write into `folder`.
    static func encodeLines(in folder: URL) -> [[String]] {
        let png = folder.appendingPathComponent("a.png").path
        let svg = folder.appendingPathComponent("a.svg").path
        let payload = folder.appendingPathComponent("payload.bin").path
        return [
            ["encode", "https://example.org/some/path", "-o", png],
            ["encode", "hello", "--output=\(png)", "--level", "h", "--version", "3", "--strict-version"],
            ["encode", "HELLO 123", "-o", svg, "--case-insensitive", "--eci", "--scale", "3", "--margin", "2"],
            ["encode", "12345", "--micro", "--level=L", "--format", "utf8"],
            ["encode", "-i", payload, "--8bit", "-o", png, "--dpi", "300", "--foreground", "102030"],
            ["encode", "日本", "--kanji", "--format=ansi", "--invert", "--background", "ffffffff"],
            ["encode", "split me across parts", "--split", "2", "-o", png, "--size-px", "200"],
            ["encode", "-", "--format", "utf8"],
            // qrencode's short flags.
            ["encode", "hello", "-l", "H", "-v", "3", "-s", "3", "-m", "2", "-t", "SVG", "-o", svg],
            ["encode", "hello", "-o", png, "-d", "300", "-l", "q"],
            ["encode", "hello", "-t", "ascii"],
            ["encode", "hello", "-lH"],
            ["encode", "hello", "-lH", "-s4", "-v2", "-m1", "-tSVG", "-o\(svg)"],
            ["encode", "hello", "-d300", "-o", png],
            ["encode", "hello", "-iX"],
            ["encode", "--input", payload, "-o", png],
            ["encode", "-i\(payload)", "-o", svg],
            ["encode", "-r\(payload)", "--format", "ascii"],
            ["encode", "hello", "-s=4"],
            ["encode", "hello", "-M8"],
            ["encode", "hello", "-lX"],
            ["encode", "hello", "-t", "UTF8i"],
            ["encode", "hello", "-t", "asciii", "--invert"],
            ["encode", "hello", "-tANSIUTF8"],
            ["encode", "hello", "-t", "PNG32", "-o", png],
            ["encode", "hello", "-o", "-"],
            ["encode", "hello", "-o-", "-t", "svg"],
            ["encode", "hello", "--size", "30mm", "-o", svg],
            ["encode", "hello", "--module=0.5mm", "-o", svg],
            ["encode", "hello", "--size", "30", "-o", svg],
            // segno's names.
            ["encode", "hello", "--dark", "#f00", "--light=#fff", "--border", "1", "--error", "H", "-o", png],
            ["encode", "hello", "--dark", "red", "--foreground", "blue", "-o", png],
            ["encode", "hello", "--error=L", "--level", "H", "-o", png],
            ["encode", "hello", "-t", "gif"],
            ["encode", "-r", payload, "-8", "-o", png],
            ["encode", "漢字", "-k", "-M", "-l", "L"],
            // The options of issue 13: modes, character sets, the boost, colours, sizes, SVG texts.
            ["encode", "123", "--mode", "numeric", "-o", png],
            ["encode", "12a", "--mode=numeric", "-o", png],
            ["encode", "HELLO", "--mode", "ALNUM", "--no-boost", "-o", png],
            ["encode", "café", "--encoding", "ISO-8859-1", "--eci", "--boost-level", "-o", png],
            ["encode", "x", "--foreground", "red", "--background=transparent", "-o", png],
            ["encode", "x", "--foreground", "ffff00", "-o", png],
            ["encode", "x", "--foreground", "ffff00", "--force", "-o", png],
            ["encode", "x", "--size-px", "201", "-o", png],
            ["encode", "x", "--title", "A title", "--desc=A description", "-o", svg],
            ["encode", "x", "-t", "ansi256", "--invert"],
            ["encode", "x", "-o", folder.appendingPathComponent("a.pam").path, "--scale", "2"],
            ["encode", "x", "-o", folder.appendingPathComponent("a.xbm").path],
            ["encode", "x", "--boost-level", "--no-boost"],
            ["encode", "x", "--no-boost", "--no-boost"],
            ["encode", "x", "--mode", "decimal"],
            ["encode", "x", "--force=yes"],
            // For ArgumentParser.
            ["encode", "--help"],
            ["encode", "--", "-dash"],
            ["encode", "a", "b"],
            ["encode", "a", "--level", "X"],
            ["encode", "a", "--scale", "3", "--scale", "4"],
            ["encode", "a", "-o"],
            ["encode", "a", "-o", "--format"],
            ["encode", "a", "--8bit", "--kanji"],
            ["encode", "a", "--scale", "2", "--size-px", "100"],
            ["encode", "a", "-o", folder.appendingPathComponent("a.gif").path],
            ["encode"],
        ]
    }
}
