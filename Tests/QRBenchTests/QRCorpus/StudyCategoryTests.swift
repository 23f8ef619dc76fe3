// QRBench tests — the generator's study conditions: glare, shadow, moiré, high versions, exposure,
// close crops, motion blur and halftone, each from its seed, labelled with its codes' text.
import Foundation
import QRKit
import QRTestSupport
import Testing
@testable import QRBench
@testable import QRCorpus

@Suite struct StudyCategoryTests {
    static let studied: [GeneratedCategory] = [
        .glare, .shadow, .moire, .highVersion, .exposure, .crop, .motionBlur, .halftone,
    ]
    static let seed: UInt64 = 27

    static func scene(_ category: GeneratedCategory, _ index: Int) throws -> Scene {
        var scene = Scene(category: category, random: SplitMix64(seed: seed, stream: UInt64(index)))
        try scene.render()
        return scene
    }

    /// Opt-in, so that corpora made of the default categories keep their pictures.
    @Test func theStudiedCategoriesAreOptIn() {
        for category in Self.studied {
            #expect(category.isOptIn && !GeneratedCategory.defaultCategories.contains(category))
        }
        #expect(GeneratedCategory.defaultCategories.count == 14)
    }

    /// One seed, one picture: the same pixels and payloads twice; the next picture differs.
    @Test(arguments: studied)
    func theSeedMakesThePicture(_ category: GeneratedCategory) throws {
        let options = GeneratorOptions(count: 2, seed: Self.seed, categories: [category])
        let first = try CorpusGenerator(options: options).picture(at: 0)
        let again = try CorpusGenerator(options: options).picture(at: 0)
        let next = try CorpusGenerator(options: options).picture(at: 1)
        #expect(first.name == "\(category.rawValue)/\(category.rawValue)-0000")
        #expect(first.image == again.image && first.payloads == again.payloads)
        #expect(first.image != next.image)
        #expect(first.payloads.count == 1 && !first.payloads[0].isEmpty)
    }

    /// The text a picture is labelled with is its code's: the code drawn clean, 4 px a
    /// module, reads as that text and nothing else.
    @Test(arguments: studied)
    func theLabelIsTheCodesText(_ category: GeneratedCategory) throws {
        for index in 0..<3 {
            let scene = try Self.scene(category, index)
            let picture = try CorpusGenerator(
                options: GeneratorOptions(count: 3, seed: Self.seed, categories: [category])
            ).picture(at: index)
            #expect(picture.payloads == scene.payloads.map(\.expected))
            #expect(scene.matrices.count == scene.payloads.count)
            for (matrix, payload) in zip(scene.matrices, scene.payloads) {
                let clean = try GrayImageRenderer(options: RenderOptions(scale: 4)).render(matrix)
                let symbols = try ZXingEngine().decode(clean, cancel: CancellationFlag())
                let score = ReadScore(symbols: symbols, expected: [payload.expected])
                #expect(score.fullyRead && score.wrongReads == 0, "\(category.rawValue) \(index): \(symbols)")
            }
        }
    }

    /// The race reads them (each condition is within a good reader's reach) and never
    /// gives a wrong text.
    @Test(arguments: studied)
    func theRaceReadsThemWithoutWrongText(_ category: GeneratedCategory) throws {
        let generator = CorpusGenerator(options: GeneratorOptions(count: 4, seed: Self.seed, categories: [category]))
        var read = 0
        for index in 0..<4 {
            let picture = try generator.picture(at: index)
            let report = try QRDecoder(strategy: StrategyName.race.makeStrategy()).decode(picture.image)
            let score = ReadScore(symbols: report.symbols, expected: picture.payloads)
            #expect(score.wrongReads == 0, "\(picture.name) misread")
            if score.fullyRead { read += 1 }
        }
        #expect(read >= 2, "\(category.rawValue): \(read) of 4 read")
    }

    // MARK: - Each condition is in the pixels

    /// The pixels of the code's square (without quiet zone), as (x, y, level).
    static func codePixels(_ scene: Scene, _ image: GrayImage) -> [(x: Int, y: Int, level: Int)] {
        let half = scene.code.side / 2
        let c = scene.code.centre
        var result: [(Int, Int, Int)] = []
        for y in max(0, Int(c.y - half))..<min(image.height, Int(c.y + half)) {
            for x in max(0, Int(c.x - half))..<min(image.width, Int(c.x + half)) {
                result.append((x, y, Int(image.pixels[y * image.width + x])))
            }
        }
        return result
    }

    static func percentile(_ values: [Int], _ p: Double) -> Int {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    @Test func glareClipsTheModulesUnderIt() throws {
        for index in 0..<3 {
            let scene = try Self.scene(.glare, index)
            let image = scene.canvas.grayImage()
            let spot = try #require(scene.glare)
            let core = Self.codePixels(scene, image).filter { spot.distanceSquared(Double($0.x), Double($0.y)) < 0.25 }
            #expect(!core.isEmpty)
            #expect(core.allSatisfy { $0.level >= 245 }, "glare \(index): the core is not washed out")
            let far = Self.codePixels(scene, image).filter { spot.distanceSquared(Double($0.x), Double($0.y)) > 36 }
            #expect(far.contains { $0.level < 100 }, "glare \(index): no dark module left outside it")
        }
    }

    @Test func aShadowDarkensOneSideOfAnEdge() throws {
        for index in 0..<3 {
            let scene = try Self.scene(.shadow, index)
            let edge = try #require(scene.shadowEdge)
            let image = scene.canvas.grayImage()
            var lit: [Int] = []
            var shaded: [Int] = []
            let normal = SIMD2(-sin(edge.angle), cos(edge.angle))
            for p in Self.codePixels(scene, image) {
                let offset = SIMD2(Double(p.x) + 0.5, Double(p.y) + 0.5) - edge.point
                let d = (offset * normal).sum()
                if d < -4 { lit.append(p.level) } else if d > 4 { shaded.append(p.level) }
            }
            let litPaper = Self.percentile(lit, 0.9)
            let shadedPaper = Self.percentile(shaded, 0.9)
            #expect(Double(shadedPaper) < 0.8 * Double(litPaper), "shadow \(index): \(shadedPaper) vs \(litPaper)")
        }
    }

    /// A flat screen of one shade shows its grid: the levels vary, their mean stays.
    @Test func aScreenShowsItsGrid() {
        var canvas = Canvas(width: 120, height: 120, value: 200)
        canvas.photographScreen(pitch: 1.9, angle: 0, gap: 0.2, depth: 0.5, glow: 10)
        let mean = canvas.pixels.reduce(0, +) / Float(canvas.pixels.count)
        let deviation = (canvas.pixels.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Float(canvas.pixels.count))
            .squareRoot()
        #expect(abs(mean - 210) < 12, "mean \(mean)")
        #expect(deviation > 8, "deviation \(deviation)")
        // Moiré: a pitch near two pixels beats with them into bands some 19 pixels apart,
        // which a mean over 4 columns (past the grid's own period) leaves standing.
        var columns = [Float](repeating: 0, count: 120)
        for y in 0..<120 {
            for x in 0..<120 { columns[x] += canvas.pixels[y * 120 + x] / 120 }
        }
        let bands = (0..<117).map { x in columns[x..<x + 4].reduce(0, +) / 4 }
        #expect(bands.max()! - bands.min()! > 3, "bands from \(bands.min()!) to \(bands.max()!)")
    }

    @Test func highVersionsHaveSmallModules() throws {
        for index in 0..<3 {
            let scene = try Self.scene(.highVersion, index)
            let size = try #require(scene.matrices.first?.size)
            #expect((97...177).contains(size), "version \((size - 17) / 4)")
            #expect(scene.code.module >= 2 && scene.code.module <= 3)
        }
    }

    @Test func exposureClipsOrDarkens() throws {
        var kinds: Set<String> = []
        for index in 0..<6 {
            let image = try Self.scene(.exposure, index).canvas.grayImage()
            let levels = image.pixels.map(Int.init)
            let white = levels.filter { $0 == 255 }.count
            if white * 20 >= levels.count { kinds.insert("over") }
            if Self.percentile(levels, 0.99) <= 100 { kinds.insert("under") }
            #expect(white * 20 >= levels.count || Self.percentile(levels, 0.99) <= 100, "exposure \(index)")
        }
        #expect(kinds == ["over", "under"])
    }

    /// The frame comes within 1.5 modules (plus what a 3° turn adds) of dark modules on
    /// one side at least: the quiet zone of 4 is cut.
    @Test func aCloseCropCutsTheQuietZone() throws {
        for index in 0..<4 {
            let scene = try Self.scene(.crop, index)
            let image = scene.canvas.grayImage()
            let band = Int(scene.code.module * (1.6 + 0.06 * Double(scene.matrices[0].size)))
            let dark = { (x: Int, y: Int) in image.pixels[y * image.width + x] < 110 }
            let near = [
                (0..<image.height).contains { y in (0..<band).contains { dark($0, y) } },
                (0..<image.height).contains { y in (image.width - band..<image.width).contains { dark($0, y) } },
                (0..<image.width).contains { x in (0..<band).contains { dark(x, $0) } },
                (0..<image.width).contains { x in (image.height - band..<image.height).contains { dark(x, $0) } },
            ]
            #expect(near.contains(true), "crop \(index): the quiet zone is whole")
            let full = Double(scene.matrices[0].size + 8) * scene.code.module
            #expect(Double(min(image.width, image.height)) < full)
        }
    }

    /// Edges across the motion are smeared: the picture changes less along the motion
    /// than across it.
    @Test func motionBlursAlongItsDirection() throws {
        for index in 0..<3 {
            let scene = try Self.scene(.motionBlur, index)
            let angle = try #require(scene.motionAngle)
            let image = scene.canvas.grayImage()
            let w = image.width
            var along = 0.0
            var across = 0.0
            for p in Self.codePixels(scene, image) where p.x > 0 && p.y > 0 && p.x < w - 1 && p.y < image.height - 1 {
                let gx = (Double(image.pixels[p.y * w + p.x + 1]) - Double(image.pixels[p.y * w + p.x - 1])) / 2
                let gy = (Double(image.pixels[(p.y + 1) * w + p.x]) - Double(image.pixels[(p.y - 1) * w + p.x])) / 2
                // Squares: a sum of absolute steps across an edge is its contrast,
                // however blurred; the energy falls with the blur.
                along += (gx * cos(angle) + gy * sin(angle)) * (gx * cos(angle) + gy * sin(angle))
                across += (-gx * sin(angle) + gy * cos(angle)) * (-gx * sin(angle) + gy * cos(angle))
            }
            #expect(along < 0.75 * across, "motion \(index): \(along) vs \(across)")
        }
    }

    /// A flat shade printed in halftone is dots of ink on paper whose mean is the shade.
    @Test func halftoneIsDots() {
        var canvas = Canvas(width: 90, height: 90, value: 128)
        canvas.halftone(pitch: 4, angle: Double.pi / 4, ink: 20, paper: 240)
        let mean = canvas.pixels.reduce(0, +) / Float(canvas.pixels.count)
        #expect(abs(mean - (240 - 220 * 127 / 255)) < 15, "mean \(mean)")
        let pure = canvas.pixels.filter { $0 < 40 || $0 > 220 }.count
        #expect(pure * 2 > canvas.pixels.count, "\(pure) of \(canvas.pixels.count) pixels are ink or paper")
    }
}
