// qr CLI tests — the getting-started article's program runs and does what the article says.
//
// The article (Sources/QRKit/QRKit.docc/GettingStarted.md) shows Snippets/GettingStarted.swift
// by slices; `swift build` compiles it (a snippet is an executable of the package) and
// `make docs` fails when a slice the article names is missing. This runs it, so the
// article's code cannot stop working either.
import Foundation
import QRKit
import QRTestSupport
import Testing

@Suite struct GettingStartedSnippetTests {
    @Test func theSnippetEncodesDecodesAndReports() throws {
        let snippet = try #require(
            ProgramRunner.builtExecutable("GettingStarted"),
            "Snippets/GettingStarted.swift is not built (swift build --build-tests builds it)")
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }

        let run = try ProgramRunner.run(snippet, [], in: folder)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.isEmpty)
        let lines = run.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

        // The PNG it wrote holds the code, read here by zbar alone.
        let image = try ImageReader().read(contentsOf: folder.appendingPathComponent("hello.png").path)
        let zbar = try QRDecoder(strategy: .single(ZBarEngine())).decode(image)
        #expect(zbar.symbols.map(\.text) == ["https://example.org"])
        // The format the file name named: a PDF, its page 33 modules of 4 pixels at 300 dpi.
        let pdf = try String(contentsOf: folder.appendingPathComponent("hello.pdf"), encoding: .isoLatin1)
        #expect(pdf.hasPrefix("%PDF-"))
        #expect(pdf.contains("/MediaBox [0 0 31.68 31.68]"))

        // encode: the matrix; decode: the race's text; strategies: one code each.
        try #require(lines.count == 9, "output: \(run.text)")
        #expect(lines[0].hasPrefix("QR version ") && lines[0].contains("-Q, "))
        #expect(lines[1] == "https://example.org")
        #expect(lines[2] == "sequential 1")
        #expect(lines[3] == "hedged 1")
        // report: the strategy, a winner of the two engines, one line per engine.
        #expect(
            lines[4].hasPrefix("strategy race, winner zxing, ") || lines[4].hasPrefix("strategy race, winner zbar, "))
        #expect(lines[5].hasPrefix("zxing: "))
        #expect(lines[6].hasPrefix("zbar: "))
        let winner = lines[4].contains("winner zxing") ? 5 : 6
        #expect(lines[winner].contains(": found, started at "))
        // async: the text again, then the final newline.
        #expect(lines[7] == "https://example.org")
        #expect(lines[8] == "")
    }
}
