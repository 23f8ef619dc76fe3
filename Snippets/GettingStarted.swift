// snippet.hide
// QRKit snippet — GettingStarted: the code of the getting-started article
// (Sources/QRKit/QRKit.docc/GettingStarted.md shows it by slices through @Snippet).
// `swift build` compiles it as an executable; GettingStartedSnippetTests runs it and
// checks what it prints, so the article can neither stop compiling nor stop working.
// Lines between `snippet.hide` and `snippet.show` are left out of the article, which
// shows the slices between `snippet.NAME` and `snippet.end`.
// snippet.show
import Foundation  // Data and URL, to write the PNG file
import QRKit

// snippet.encode
// Text to a symbol (level Q: a quarter of the symbol may be damaged), then to PNG bytes.
let matrix = try QREncoder().encode(text: "https://example.org", options: EncodeOptions(level: .q))
print(matrix)  // QR version 2-Q, 25×25
let png = try PNGRenderer(options: RenderOptions(scale: 8)).render(matrix)
try Data(png).write(to: URL(fileURLWithPath: "hello.png"))
// snippet.end

// snippet.formats
// Any format in one call, here the one a file name's extension names (PDF, 300 dpi).
let name = "hello.pdf"
let format = OutputFormat(fileName: name) ?? .png
let file = try QRKit.render(matrix, as: format, options: OutputOptions(picture: RenderOptions(scale: 4), dpi: 300))
try Data(file).write(to: URL(fileURLWithPath: name))
// snippet.end

// snippet.decode
// Any PNG, JPEG, WebP, TIFF or GIF, by content, as 8-bit gray.
let image = try ImageReader().read(contentsOf: "hello.png")

// zxing-cpp and zbar at once; the first to find a code wins.
let decoder = QRDecoder(strategy: .race([ZXingEngine(), ZBarEngine()]))
let report = try decoder.decode(image)
for symbol in report.symbols {
    print(symbol.text)  // https://example.org
}
// snippet.end

// snippet.strategies
// One engine, then the other only if the first found nothing.
let sequential = QRDecoder(strategy: .sequential([ZXingEngine(), ZBarEngine()]))
// The same strategies by the names `qr decode --strategy` takes.
let hedged = QRDecoder(strategy: EngineRegistry.standard.strategy(named: "hedged")!)
for decoder in [sequential, hedged] {
    print(decoder.strategy.name, try decoder.decode(image).symbols.count)
}
// snippet.end

// snippet.report
print("strategy \(report.strategy), winner \(report.winner ?? "none"), \(report.elapsed.milliseconds) ms")
for engine in report.engines {
    // Nil timings: the engine was never started, or was still running at the answer.
    let start = engine.startOffset.map { "\($0.milliseconds) ms" } ?? "-"
    let elapsed = engine.elapsed.map { "\($0.milliseconds) ms" } ?? "-"
    let cpu = engine.cpuTime.map { "\($0.milliseconds) ms" } ?? "-"
    print("\(engine.name): \(engine.outcome.label), started at \(start), ran \(elapsed), CPU \(cpu)")
}
// snippet.end

// snippet.async
// In async code: the same answer without blocking a thread. A cancelled task stops the
// engines at their next pass and throws CancellationError.
func firstText(in image: GrayImage) async throws -> String? {
    let report = try await QRDecoder(strategy: .standardRace).decode(image)
    return report.symbols.first?.text
}
// snippet.end
// snippet.hide
print(try await firstText(in: image) ?? "none")
