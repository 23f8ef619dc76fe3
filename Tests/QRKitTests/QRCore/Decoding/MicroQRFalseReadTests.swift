// QRKit tests — a QR code's finder and the modules beside it, which zxing-cpp 1.4 reads as an
// empty Micro QR symbol, are no answer; a real Micro QR symbol beside a QR code still is.
import Foundation
import QRTestSupport
import Testing
@testable import QRCore
@testable import QRKit

@Suite struct MicroQRFalseReadTests {
    /// The top-left of `sheet/sheet-0251` of `qr bench --generate --seed 2711 --count 600`
    /// (its five whole codes; `.all.txt` their payloads): zxing-cpp's fast pass takes the
    /// top-right finder of the code at (453, 129) and the modules beside it for an empty
    /// Micro QR symbol, and reads that code too.
    static let sheet = PackagePaths.fixture("sheet-0251-top-left.png")

    static func expectedPayloads() throws -> [[UInt8]] {
        let all = try Data(contentsOf: URL(fileURLWithPath: sheet.replacingOccurrences(of: ".png", with: ".all.txt")))
        return String(decoding: all, as: UTF8.self).components(separatedBy: "\n\u{1E}\n").map { Array($0.utf8) }
            .sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The picture still shows what the rule is for: without it this test would pass on a
    /// zxing-cpp that no longer misreads, and prove nothing.
    @Test func zxingsFastPassReadsAMicroSymbolInsideAQRCode() throws {
        let image = try PNGReader().read(contentsOf: Self.sheet)
        let read = try ZXingEngine(passes: [.fast]).decode(PictureVariants(image), pass: 0)
        let micro = try #require(read.first { $0.isMicro })
        #expect(micro.bytes.isEmpty)
        let middle = try #require(micro.middle)
        #expect(read.contains { !$0.isMicro && $0.encloses(middle) })
    }

    @Test(arguments: ["race", "hedged", "sequential", "sequential-zbar-first", "all", "zxing"])
    func noStrategyAnswersWithTheMicroSymbol(strategy: String) throws {
        let image = try PNGReader().read(contentsOf: Self.sheet)
        let chosen = try #require(EngineRegistry.standard.strategy(named: strategy))
        let symbols = try QRDecoder(strategy: chosen).decode(image).symbols
        let expected = try Self.expectedPayloads()
        #expect(!symbols.contains { $0.isMicro }, "\(strategy)")
        #expect(symbols.map(\.bytes).sorted { $0.lexicographicallyPrecedes($1) } == expected, "\(strategy)")
    }

    /// A Micro QR symbol in its quiet zone beside a QR code, both kept by the strategies
    /// that merge every answer, and by zxing-cpp's own. Not by `race`: there zbar's read of
    /// the QR code alone can come first and be complete to the look for more codes, which
    /// seeks three finders (another QR symbol), not a Micro QR symbol's one.
    @Test(arguments: ["all", "zxing"]) func aRealMicroSymbolBesideAQRCodeIsKept(strategy: String) throws {
        let encoder = QREncoder()
        let renderer = GrayImageRenderer(options: RenderOptions(scale: 4))
        let code = try renderer.render(try encoder.encode(text: "https://example.org/beside", options: EncodeOptions()))
        let micro = try renderer.render(
            try encoder.encode(text: "micro qr, m4", options: EncodeOptions(level: .l, micro: true)))
        var pixels = [UInt8](repeating: 255, count: (code.width + micro.width) * code.height)
        let width = code.width + micro.width
        for y in 0..<code.height {
            for x in 0..<code.width { pixels[y * width + x] = code[x, y] }
        }
        for y in 0..<micro.height {
            for x in 0..<micro.width { pixels[y * width + code.width + x] = micro[x, y] }
        }
        let image = GrayImage(width: width, height: code.height, pixels: pixels)
        let chosen = try #require(EngineRegistry.standard.strategy(named: strategy))
        let symbols = try QRDecoder(strategy: chosen).decode(image).symbols
        #expect(Set(symbols.map(\.text)) == ["https://example.org/beside", "micro qr, m4"], "\(strategy)")
        #expect(symbols.filter(\.isMicro).map(\.text) == ["micro qr, m4"], "\(strategy)")
    }

    /// The rule by itself: a Micro QR read whose middle is inside a QR read goes, one
    /// outside (or a Micro QR read alone) stays, whichever way the corners run.
    @Test func theRuleDropsOnlyMicroReadsInsideAQRRead() {
        func square(_ x: Int, _ y: Int, _ side: Int, mirrored: Bool = false) -> [Point] {
            let corners = [
                Point(x: x, y: y), Point(x: x + side, y: y), Point(x: x + side, y: y + side), Point(x: x, y: y + side),
            ]
            return mirrored ? corners.reversed() : corners
        }
        let code = Symbol(text: "qr", bytes: Array("qr".utf8), corners: square(0, 0, 180), engine: "zxing")
        let inside = Symbol(
            text: "", bytes: [], corners: square(130, 0, 55, mirrored: true), isMicro: true, engine: "zxing")
        let beside = Symbol(
            text: "m", bytes: Array("m".utf8), corners: square(200, 0, 55), isMicro: true, engine: "zxing")
        #expect([inside, code, beside].removingMicroReadsInsideQR().map(\.text) == ["qr", "m"])
        #expect([inside].removingMicroReadsInsideQR().map(\.text) == [""])
        #expect([Symbol].answer(winner: nil, found: [[inside], [code]]).map(\.text) == ["qr"])
        #expect([Symbol].answer(winner: [inside, code], found: [[inside, code]]).map(\.text) == ["qr"])
    }
}
