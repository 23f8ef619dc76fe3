// QRKit tests — every shipped sample decodes to its expected text, with every strategy.
import Foundation
import QRBench
import Testing
@testable import QRCore
@testable import QRKit

@Suite(.tags(.sanitized)) struct SampleDecodingTests {
    static let pictures = SampleCorpus.pictures()

    @Test func samplesAreShipped() {
        #expect(Self.pictures.count >= 10)
    }

    @Test(arguments: [StrategyName.race, .hedged, .sequential, .sequentialZBarFirst, .all])
    func everySampleDecodesWithStrategy(_ name: StrategyName) throws {
        let decoder = QRDecoder(strategy: name.makeStrategy())
        for picture in Self.pictures {
            let image = try ImageReader().read(contentsOf: SampleCorpus.path(picture))
            let report = try decoder.decode(image)
            let expected = try SampleCorpus.expected(for: picture)
            // The expected file holds the text as UTF-8 (for a binary payload, the bytes).
            let read = report.symbols.flatMap { [Array($0.text.utf8), $0.bytes] }
            #expect(
                expected.allSatisfy(read.contains),
                "\(picture) with \(name.rawValue): read \(report.symbols.map(\.text))")
        }
    }

    /// The Japanese photographs: Shift_JIS half-width katakana, Shift_JIS kanji, and a
    /// Hanzi-mode segment. zbar's own charset guess gets these wrong; ours must not.
    @Test(arguments: [
        "photos/qrcode-2-17.png", "photos/qrcode-2-31.png", "photos/qrcode-2-33.png", "photos/qrcode-2-30.png",
    ])
    func japaneseAndChineseTextIsRight(_ picture: String) throws {
        let image = try PNGReader().read(contentsOf: SampleCorpus.path(picture))
        let expected = try String(
            contentsOfFile: SampleCorpus.path(String(picture.dropLast(4)) + ".txt"), encoding: .utf8)
        for engine in DecodeStrategy.standardEngines {
            let symbols = try engine.decode(image, cancel: CancellationFlag())
            for symbol in symbols {
                #expect(symbol.text == expected, "\(engine.name) read \(symbol.text)")
            }
        }
        let report = try QRDecoder().decode(image)
        #expect(report.symbols.map(\.text) == [expected])
    }

    @Test func cornersFollowOneConventionForBothEngines() throws {
        // A clean, upright photo both engines read: top-left first, clockwise.
        let image = try PNGReader().read(contentsOf: SampleCorpus.path("photos/qrcode-2-30.png"))
        for engine in DecodeStrategy.standardEngines {
            let symbol = try #require(try engine.decode(image, cancel: CancellationFlag()).first, "\(engine.name)")
            let c = symbol.corners
            try #require(c.count == 4)
            #expect(c[0].x < c[1].x && c[0].y < c[3].y, "\(engine.name): \(c)")
            #expect(c[2].x > c[3].x && c[2].y > c[1].y, "\(engine.name): \(c)")
        }
    }

    @Test func zxingReportsTheErrorCorrectionLevel() throws {
        let image = try PNGReader().read(contentsOf: SampleCorpus.path("photos/qrcode-2-30.png"))
        let symbol = try #require(try ZXingEngine().decode(image, cancel: CancellationFlag()).first)
        #expect(symbol.errorCorrection != nil)
    }

    @Test func aBlankPictureHasNoCodeWithEveryStrategy() throws {
        let blank = GrayImage(width: 200, height: 150, filledWith: 200)
        for name in StrategyName.allCases {
            let report = try QRDecoder(strategy: name.makeStrategy()).decode(blank)
            #expect(report.symbols.isEmpty)
            #expect(report.winner == nil)
            #expect(report.engines.allSatisfy { $0.outcome == .none || $0.outcome == .notStarted })
        }
    }
}

@Suite(.tags(.sanitized)) struct ConcurrentRealDecodingTests {
    /// Many race decodes of the real engines at once give the same answers as one at a time.
    @Test func concurrentRacesMatchSequentialRuns() throws {
        let pictures = SampleCorpus.pictures(under: "photos")
        let images = try pictures.map { try PNGReader().read(contentsOf: SampleCorpus.path($0)) }
        let decoder = QRDecoder()
        let expected = try images.map { try decoder.decode($0).symbols.map(\.bytes) }
        let results = Locked([[[UInt8]]?](repeating: nil, count: images.count * 8))
        DispatchQueue.concurrentPerform(iterations: images.count * 8) { i in
            let symbols = try? decoder.decode(images[i % images.count]).symbols.map(\.bytes)
            results.withLock { $0[i] = symbols }
        }
        let got = results.withLock { $0 }
        for (i, symbols) in got.enumerated() {
            #expect(symbols == expected[i % images.count], "\(pictures[i % images.count])")
        }
    }
}
