// QRKit tests — a QR code's finder and the modules beside it, which zxing-cpp 1.4 reads as an
// empty Micro QR symbol, are no answer; a real Micro QR symbol beside a QR code is, by every strategy.
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

    /// A QR code and, to its right in its quiet zone, a Micro QR symbol; each code's
    /// corners, the QR code's first.
    static func codeBesideMicroSymbol() throws -> GrayImage {
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
        return GrayImage(width: width, height: code.height, pixels: pixels)
    }

    /// `image` turned a quarter clockwise.
    static func turned(_ image: GrayImage) -> GrayImage {
        var pixels = [UInt8](repeating: 0, count: image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width { pixels[x * image.height + (image.height - 1 - y)] = image[x, y] }
        }
        return GrayImage(width: image.height, height: image.width, pixels: pixels)
    }

    /// A Micro QR symbol beside a QR code is kept by every strategy, whichever engine answers
    /// first: zbar reads the QR code alone, and the look for more codes sees the Micro QR
    /// symbol's finder and timing patterns, so that answer waits for zxing-cpp's.
    @Test(arguments: ["race", "hedged", "sequential", "sequential-zbar-first", "all", "zxing"])
    func aRealMicroSymbolBesideAQRCodeIsKept(strategy: String) throws {
        let image = try Self.codeBesideMicroSymbol()
        let chosen = try #require(EngineRegistry.standard.strategy(named: strategy))
        let symbols = try QRDecoder(strategy: chosen).decode(image).symbols
        #expect(Set(symbols.map(\.text)) == ["https://example.org/beside", "micro qr, m4"], "\(strategy)")
        #expect(symbols.filter(\.isMicro).map(\.text) == ["micro qr, m4"], "\(strategy)")
    }

    /// The look behind that wait, at each quarter turn: the Micro QR symbol shows outside
    /// the QR code, and nothing does once both are read.
    @Test func aMicroSymbolShowsOutsideTheCodesRead() throws {
        var image = try Self.codeBesideMicroSymbol()
        for turn in 0..<4 {
            let symbols = try QRDecoder(strategy: .all(DecodeStrategy.standardEngines)).decode(image).symbols
            let code = try #require(symbols.first { !$0.isMicro }, "turn \(turn)")
            let micro = try #require(symbols.first { $0.isMicro }, "turn \(turn)")
            let beside = image.showsFindersOutside([code.corners])
            let besideBoth = image.showsFindersOutside([code.corners, micro.corners])
            #expect(beside, "turn \(turn)")
            #expect(!besideBoth, "turn \(turn)")
            image = Self.turned(image)
        }
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
