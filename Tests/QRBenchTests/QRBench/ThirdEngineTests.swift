// QRBench tests — a third engine, registered in one line, goes through every strategy, the
// pass table and the name lookup `qr` uses, with no change anywhere else.
import QRKit
import QRTestSupport
import Testing
@testable import QRCorpus
@testable import QRBench

/// A real third engine: zxing-cpp's fast and harder passes on the picture turned upside
/// down, with the corners turned back.
struct UpturnedEngine: DecodeEngine {
    let name = "upturned"
    private let passes: [ZXingEngine.Pass] = [.fast, .harder]

    var passNames: [String] { passes.map(\.rawValue) }

    func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] {
        let picture = PictureVariants(image)
        for index in passes.indices {
            try cancel.check()
            let found = try decode(picture, pass: index)
            if !found.isEmpty { return found }
        }
        return []
    }

    func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
        let image = picture.original
        let upturned = image.oriented(from: .bottomRight)
        return try ZXingEngine(passes: [passes[index]]).decode(upturned, cancel: CancellationFlag()).map { found in
            var symbol = found
            symbol.corners = found.corners.map { Point(x: image.width - $0.x, y: image.height - $0.y) }
            symbol.engine = name
            return symbol
        }
    }
}

@Suite struct ThirdEngineTests {
    /// The one line.
    static let registry = EngineRegistry.standard.adding("upturned") { UpturnedEngine() }

    static let photo = PackagePaths.sample("photos/qrcode-2-30.png")
    static let expected = "MECARD:N:測試;;"

    @Test func itsNamesAreLookedUpAsQrLooksUpStrategies() throws {
        let names = StrategyName.all(in: Self.registry).map(\.rawValue)
        #expect(names.contains("upturned"))
        #expect(names.contains("sequential-upturned-first"))
        #expect(names.contains("sequential-zbar-first"))
        // `qr --strategy` knows the standard registry only.
        #expect(StrategyName(rawValue: "upturned") == nil)
        #expect(StrategyName("upturned", in: Self.registry) != nil)
        #expect(StrategyName("sideways", in: Self.registry) == nil)
        let first = try #require(StrategyName("sequential-upturned-first", in: Self.registry))
        #expect(first.makeStrategy(in: Self.registry).engines.map(\.name) == ["upturned", "zxing", "zbar"])
    }

    @Test(arguments: [false, true])
    func everyStrategyOverItReadsThePhoto(scheduled: Bool) throws {
        let image = try PNGReader().read(contentsOf: Self.photo)
        let executor = scheduled ? DecodeExecutor(workers: 2) : .shared
        for name in StrategyName.all(in: Self.registry) {
            let strategy = name.makeStrategy(in: Self.registry)
            let report = try QRDecoder(strategy: strategy, executor: executor).decode(image)
            #expect(report.symbols.map(\.text).contains(Self.expected), "\(name)")
            let engines = report.engines.map(\.name)
            switch name.rawValue {
            case "upturned", "sequential-upturned-first":
                #expect(report.winner == "upturned", "\(name): \(engines)")
            case "zxing", "zbar":
                #expect(engines == [name.rawValue])
            case "sequential-zbar-first":
                #expect(engines == ["zbar", "zxing", "upturned"])
            default:
                #expect(engines == ["zxing", "zbar", "upturned"], "\(name)")
            }
        }
        // Its corners are those of the picture as it is, as the other engines give them.
        let upturned = try QRDecoder(strategy: .single(UpturnedEngine())).decode(image).symbols
        let zxing = try QRDecoder(strategy: .single(ZXingEngine())).decode(image).symbols
        #expect(Set(upturned.flatMap(\.corners)).count == 4)
        for corner in upturned.flatMap(\.corners) {
            #expect(zxing.flatMap(\.corners).contains { abs($0.x - corner.x) <= 2 && abs($0.y - corner.y) <= 2 })
        }
    }

    @Test func thePassTableClimbsItsPasses() throws {
        let corpus = try RunnerAndReportTests.tinyCorpus()
        let rungs = PassLadder(runs: 1, registry: Self.registry).run(corpus)
        #expect(rungs.filter { $0.engine == "upturned" }.map(\.passes) == [["fast"], ["fast", "harder"]])
        let race = rungs.filter { $0.engine == "race" }
        #expect(race.count == ZXingEngine.Pass.allCases.count)
        #expect(race.first?.passes == ["zxing:fast", "zbar:as-is", "upturned:fast"])
        for rung in rungs where rung.engine == "upturned" {
            #expect(rung.fullyRead == 3, "\(rung.passes)")
            #expect(rung.wrongReads == 0)
        }
    }
}
