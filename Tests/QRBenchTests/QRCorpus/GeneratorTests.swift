// QRBench tests — the corpus generator: the same bytes for a seed, readable easy pictures.
import Foundation
import QRKit
import QRTestSupport
import Testing
@testable import QRCorpus
@testable import QRBench

@Suite struct GeneratorTests {
    /// Every category but the 6–12 megapixel frames, which take long in a debug build.
    static let quickCategories = GeneratedCategory.allCases.filter { $0 != .huge }

    @Test func theSameSeedWritesTheSameBytes() throws {
        let first = try ScratchDirectory().path
        let second = try ScratchDirectory().path
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        let options = GeneratorOptions(count: Self.quickCategories.count, seed: 7, categories: Self.quickCategories)
        let summary = try CorpusGenerator(options: options).write(to: first)
        _ = try CorpusGenerator(options: options).write(to: second)
        #expect(summary.written == Self.quickCategories.count)
        #expect(summary.dropped == 0)
        let a = TestSupport.files(under: first)
        let b = TestSupport.files(under: second)
        #expect(a.count >= 2 * Self.quickCategories.count)
        #expect(a.keys.sorted() == b.keys.sorted())
        for (name, bytes) in a {
            #expect(b[name] == bytes, "\(name) differs between two runs with one seed")
        }
        // One folder per category, a picture and its expected text in each.
        for category in Self.quickCategories {
            let stem =
                "\(category.rawValue)/\(category.rawValue)-\(String(format: "%04d", Self.quickCategories.firstIndex(of: category)!))"
            #expect(a[stem + ".png"] != nil && a[stem + ".txt"] != nil, "\(stem)")
        }
        // The picture with several codes lists them all.
        let multi = try #require(a.keys.first { $0.hasSuffix(".all.txt") })
        #expect(Corpus.splitPayloads([UInt8](a[multi]!)).count >= 2)
    }

    @Test func anotherSeedMakesAnotherCorpus() throws {
        let a = try CorpusGenerator(options: GeneratorOptions(count: 1, seed: 1, categories: [.clean])).picture(at: 0)
        let b = try CorpusGenerator(options: GeneratorOptions(count: 1, seed: 2, categories: [.clean])).picture(at: 0)
        #expect(a.image != b.image)
        #expect(a.payloads != b.payloads)
    }

    @Test func picturesDoNotDependOnCountOrOrder() throws {
        let small = CorpusGenerator(options: GeneratorOptions(count: 3, seed: 5, categories: [.clean, .blur]))
        let large = CorpusGenerator(options: GeneratorOptions(count: 50, seed: 5, categories: [.clean, .blur]))
        let late = try small.picture(at: 2)
        _ = try large.picture(at: 0)
        let again = try large.picture(at: 2)
        #expect(late.image == again.image && late.payloads == again.payloads && late.name == again.name)
    }

    @Test func payloadsAreVariedAndEncode() throws {
        var random = SplitMix64(seed: 11)
        var kinds = Set<PayloadKind>()
        for _ in 0..<200 {
            let payload = GeneratedPayload.random(&random, budget: 120)
            kinds.insert(payload.kind)
            let matrix = try QREncoder().encode(
                payload.payload, options: EncodeOptions(mode: payload.mode, eci: payload.eci))
            #expect(matrix.size >= 21)
            if case .text(let text) = payload.payload { #expect(payload.expected == Array(text.utf8)) }
        }
        #expect(kinds == Set(PayloadKind.allCases))
    }

    /// Pictures of the easy categories are read, whole, by at least one engine.
    @Test(arguments: GeneratedCategory.allCases.filter(\.isEasy))
    func easyPicturesDecode(_ category: GeneratedCategory) throws {
        let generator = CorpusGenerator(options: GeneratorOptions(count: 4, seed: 2024, categories: [category]))
        for index in 0..<4 {
            let picture = try generator.picture(at: index)
            var readers: [String] = []
            for engine in DecodeStrategy.standardEngines {
                let symbols = try engine.decode(picture.image, cancel: CancellationFlag())
                let score = ReadScore(symbols: symbols, expected: picture.payloads)
                #expect(score.wrongReads == 0, "\(picture.name): \(engine.name) misread")
                if score.fullyRead { readers.append(engine.name) }
            }
            #expect(!readers.isEmpty, "\(picture.name) (\(picture.kinds)) was read by no engine")
        }
    }

    /// The hard kinds of geometry: each picture labelled with its payloads, many read by
    /// the race (the geometry passes; without them it reads 2 of these 6 small codes and
    /// 3 of these 12 curved ones), none misread.
    @Test(arguments: [(GeneratedCategory.perspective, 6, 5), (.small, 6, 3), (.curved, 12, 4)])
    func hardGeometryIsLabelledAndRead(_ category: GeneratedCategory, count: Int, atLeast: Int) throws {
        let generator = CorpusGenerator(options: GeneratorOptions(count: count, seed: 2024, categories: [category]))
        var read = 0
        for index in 0..<count {
            let picture = try generator.picture(at: index)
            #expect(picture.name.hasPrefix(category.rawValue + "/"))
            #expect(picture.payloads.count == 1 && !picture.payloads[0].isEmpty)
            let report = try QRDecoder(strategy: StrategyName.race.makeStrategy()).decode(picture.image)
            let score = ReadScore(symbols: report.symbols, expected: picture.payloads)
            #expect(score.wrongReads == 0, "\(picture.name) misread")
            if score.fullyRead { read += 1 }
        }
        #expect(read >= atLeast, "\(category.rawValue): \(read) of \(count) read")
    }

    /// A plane not tilted, seen from afar, is the plane; tilted, its near side grows and
    /// its far side shrinks. A cylinder of huge radius is flat; a fold of no angle too.
    @Test func surfacesBendAsTheirNamesSay() {
        let point = SIMD2(30.0, -20)
        let flat = SurfaceGeometry.tilted(point, by: 0, about: 0.3, seenFrom: 1000)
        #expect(abs(flat.x - point.x) < 1e-9 && abs(flat.y - point.y) < 1e-9)
        // Tilted about the x axis: y > 0 turns away (shrinks), y < 0 towards (grows).
        let near = SurfaceGeometry.tilted(SIMD2(0, -50), by: 0.8, about: 0, seenFrom: 200)
        let far = SurfaceGeometry.tilted(SIMD2(0, 50), by: 0.8, about: 0, seenFrom: 200)
        #expect(-near.y > far.y && far.y > 0 && far.y < 50 * 0.7)
        for shape in [SurfaceGeometry.Shape.cylinder(radius: 1e7), .fold(at: 3, angle: 0)] {
            let surface = SurfaceGeometry(side: 40, shape: shape, axis: 0.4, cameraTilt: 0, distance: 1e9, turn: 0)
            let p = surface.map(31, 7)
            #expect(abs(p.x - 11) < 1e-3 && abs(p.y + 13) < 1e-3, "\(shape): \(p)")
        }
        // Round a cylinder of 40 / 2 modules, the edge of a 40-module side lies at
        // 20 sin(1) from the middle, not 20.
        let cylinder = SurfaceGeometry(
            side: 40, shape: .cylinder(radius: 20), axis: 0, cameraTilt: 0, distance: 1e9, turn: 0)
        #expect(abs(cylinder.map(40, 20).x - 20 * sin(1.0)) < 1e-3)
    }

    /// Sheets are opt-in: without them the categories are those of the corpora made
    /// before sheets, in their order, so that picture *i* of such a corpus stays the
    /// picture it was.
    @Test func theDefaultCategoriesLeaveSheetsOut() {
        let before = [
            "clean", "small", "rotation", "perspective", "blur", "noise", "low-contrast", "uneven-light", "blocky",
            "inverted", "damaged", "multi", "huge", "curved",
        ]
        #expect(GeneratedCategory.defaultCategories.map(\.rawValue) == before)
        #expect(GeneratedCategory.allCases.contains(.sheet))
        #expect(GeneratorOptions(count: 1, seed: 1).categories == GeneratedCategory.defaultCategories)
        #expect(GeneratorOptions(count: 1, seed: 1, categories: []).categories == GeneratedCategory.defaultCategories)
        #expect(GeneratorOptions(count: 1, seed: 1, categories: [.sheet]).categories == [.sheet])
    }

    /// Pictures 0, 1 and 2 of this seed are sheets of 12, 20 and 30 codes (the count is
    /// the first draw of each picture's stream).
    static let sheetSeed: UInt64 = 8

    /// A sheet lists its 12, 20 or 30 payloads in `NAME.all.txt`, every one different,
    /// so that each code a reader gives can be checked; `NAME.txt` holds the first.
    @Test func sheetsListTheirDistinctPayloads() throws {
        let folder = try ScratchDirectory().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = GeneratorOptions(count: 3, seed: Self.sheetSeed, categories: [.sheet])
        let summary = try CorpusGenerator(options: options).write(to: folder)
        #expect(summary.written == 3 && summary.perCategory.map(\.0) == ["sheet"])
        let files = TestSupport.files(under: folder)
        var counts: [Int] = []
        for index in 0..<3 {
            let stem = "sheet/sheet-000\(index)"
            let all = try #require(files[stem + ".all.txt"], "\(stem).all.txt")
            let payloads = Corpus.splitPayloads([UInt8](all))
            counts.append(payloads.count)
            #expect(Set(payloads).count == payloads.count, "\(stem): a payload is repeated")
            #expect(payloads.allSatisfy { !$0.isEmpty })
            #expect(files[stem + ".txt"].map { [UInt8]($0) } == payloads.first)
            #expect(files[stem + ".png"] != nil)
        }
        #expect(counts == [12, 20, 30])
    }

    /// zbar alone reads every code of a sheet and misreads none: sheets are drawn so.
    @Test(arguments: [0, 2])  // the sheets of 12 and of 30 codes
    func zbarReadsEveryCodeOfASheet(_ index: Int) throws {
        let generator = CorpusGenerator(options: GeneratorOptions(count: 3, seed: Self.sheetSeed, categories: [.sheet]))
        let picture = try generator.picture(at: index)
        #expect(Set(picture.payloads).count == picture.payloads.count)
        let report = try QRDecoder(strategy: .single(ZBarEngine())).decode(picture.image)
        let score = ReadScore(symbols: report.symbols, expected: picture.payloads)
        #expect(score.fullyRead, "\(picture.name): zbar read \(score.codesRead) of \(score.codesExpected)")
        #expect(score.wrongReads == 0, "\(picture.name): zbar misread")
    }

    /// Every strategy of both engines reads every code of sheets of 12, 20 and 30 codes,
    /// the default race as `all` does: an answer that leaves finder patterns outside the
    /// codes read is held for the other engine's, and the two are merged.
    @Test(arguments: [0, 1, 2])
    func everyStrategyOfBothEnginesReadsEveryCodeOfASheet(_ index: Int) throws {
        let generator = CorpusGenerator(options: GeneratorOptions(count: 3, seed: Self.sheetSeed, categories: [.sheet]))
        let picture = try generator.picture(at: index)
        let report = try QRDecoder().decode(picture.image)
        let score = ReadScore(symbols: report.symbols, expected: picture.payloads)
        #expect(score.fullyRead, "\(picture.name): the default race read \(score.codesRead) of \(score.codesExpected)")
        #expect(score.wrongReads == 0)
        for name in StrategyName.allCases where name != .zbar && name != .zxing {
            let report = try QRDecoder(strategy: name.makeStrategy()).decode(picture.image)
            let score = ReadScore(symbols: report.symbols, expected: picture.payloads)
            #expect(score.fullyRead, "\(picture.name), \(name): \(score.codesRead) of \(score.codesExpected)")
        }
    }

    @Test func readableOnlyKeepsWhatEveryStrategyReads() throws {
        let folder = try ScratchDirectory().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = GeneratorOptions(count: 8, seed: 3, categories: [.small, .noise], readableOnly: true)
        let summary = try CorpusGenerator(options: options).write(to: folder)
        #expect(summary.written + summary.dropped == 8)
        let corpus = try Corpus.load(from: folder)
        #expect(corpus.pictures.count == summary.written)
        for picture in corpus.pictures {
            for name in [StrategyName.race, .sequential, .sequentialZBarFirst] {
                let report = try QRDecoder(strategy: name.makeStrategy()).decode(picture.image)
                #expect(
                    ReadScore(symbols: report.symbols, expected: picture.expected).fullyRead, "\(picture.name) \(name)")
            }
        }
    }
}
