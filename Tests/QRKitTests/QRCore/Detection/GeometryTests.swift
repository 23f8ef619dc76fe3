// QRKit tests — hard geometry: the homography, the filters for blur and tiny codes, the
// finder locator, and module grids fitted to tilted and curved codes, then read.
import Foundation
import QRCorpus
import QRTestSupport
import Testing
@testable import QRCore
@testable import QRKit

@Suite(.tags(.sanitized)) struct HomographyTests {
    let quad = [SIMD2(10.0, 20), SIMD2(110, 5), SIMD2(130, 140), SIMD2(-5, 100)]

    /// Within a millionth of a pixel: the constructions are exact up to rounding.
    func expectNear(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ note: String = "") {
        #expect(abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6, "\(a) is not \(b) \(note)")
    }

    @Test func theSquareLandsOnTheCorners() {
        let h = Homography(square: 40, to: quad)
        for (k, corner) in [SIMD2(0.0, 0), SIMD2(40, 0), SIMD2(40, 40), SIMD2(0, 40)].enumerated() {
            expectNear(h.apply(corner), quad[k], "corner \(k)")
        }
        // Straight lines stay straight: the square's centre is where its diagonals cross.
        let centre = h.apply(SIMD2(20, 20))
        let a = quad[2] - quad[0]
        let b = quad[3] - quad[1]
        let t = ((quad[1] - quad[0]).x * b.y - (quad[1] - quad[0]).y * b.x) / (a.x * b.y - a.y * b.x)
        expectNear(centre, quad[0] + a * t)
    }

    @Test func aParallelogramGivesAnAffineMap() {
        let parallelogram = [SIMD2(0.0, 0), SIMD2(10, 2), SIMD2(13, 12), SIMD2(3, 10)]
        let h = Homography(square: 1, to: parallelogram)
        #expect(h.m[6] == 0 && h.m[7] == 0)
        expectNear(h.apply(SIMD2(0.5, 0.5)), SIMD2(6.5, 6))
    }

    @Test func quadToQuadAndBack() throws {
        let from = [SIMD2(3.5, 3.5), SIMD2(25.5, 3.5), SIMD2(25.5, 25.5), SIMD2(3.5, 25.5)]
        let h = try #require(Homography(from: from, to: quad))
        for k in 0..<4 { expectNear(h.apply(from[k]), quad[k], "point \(k)") }
        let back = try #require(h.inverted)
        for point in [SIMD2(7.0, 9), SIMD2(20, 4), SIMD2(14.5, 14.5)] { expectNear(back.apply(h.apply(point)), point) }
        // Composition: the inverse after the map is the identity.
        let identity = back.after(h)
        expectNear(identity.apply(SIMD2(11, 17)), SIMD2(11, 17))
    }

    @Test func threeCornersOnALineAreRefused() {
        let line = [SIMD2(0.0, 0), SIMD2(1, 1), SIMD2(2, 2), SIMD2(0, 5)]
        #expect(Homography(from: line, to: quad) == nil)
        #expect(Homography(matrix: [1, 2, 3, 2, 4, 6, 0, 0, 0]).inverted == nil)
    }
}

@Suite(.tags(.sanitized)) struct ImageFilterTests {
    @Test func sharpeningSteepensAnEdgeAndLeavesFlatAreasAlone() {
        // A soft edge from 60 to 200 over six pixels, in every row.
        let row: [UInt8] = [60, 60, 60, 60, 60, 60, 60, 80, 100, 130, 160, 180, 200, 200, 200, 200, 200, 200, 200, 200]
        let image = GrayImage(width: row.count, height: 8, pixels: Array((0..<8).map { _ in row }.joined()))
        let sharp = image.sharpened(radius: 2, amount: 1.5)
        let out = Array(sharp.pixels[(4 * row.count)..<(5 * row.count)])
        // Far from the edge, unchanged; at it, pushed apart: darker before, lighter after.
        #expect(out[0] == 60 && out[row.count - 1] == 200)
        #expect(out[8] < 100 && out[11] > 180)
        #expect(
            GrayImage(width: 9, height: 9, filledWith: 90).sharpened(radius: 2, amount: 2).pixels.allSatisfy {
                $0 == 90
            })
    }

    @Test func bicubicGrowthKeepsFlatAndLinearShades() {
        let flat = GrayImage(width: 5, height: 4, filledWith: 133).upscaledBicubic(by: 3)
        #expect(flat.width == 15 && flat.height == 12 && flat.pixels.allSatisfy { $0 == 133 })
        // Keys' kernel reproduces a straight ramp exactly away from the edges: source
        // pixel i is 20 i, and output pixel x of a 4-fold growth sits at (x + 0.5) / 4 - 0.5.
        let ramp = GrayImage(width: 8, height: 1, pixels: (0..<8).map { UInt8(20 * $0) }).upscaledBicubic(by: 4)
        for x in 8..<24 {
            let expected = 20 * ((Double(x) + 0.5) / 4 - 0.5)
            #expect(abs(Double(ramp.pixels[x]) - expected) <= 0.5, "x \(x): \(ramp.pixels[x]) against \(expected)")
        }
        // The source pixels' own values are met halfway between the output pixels around them.
        #expect(GrayImage(width: 1, height: 1, filledWith: 7).upscaledBicubic(by: 1).pixels == [7])
    }

    /// Random pictures grown 2, 3 and 4 times give, pixel for pixel, what the separable
    /// filter written plainly gives: the weights of Keys' kernel at each phase, the edges
    /// extended, each sum rounded half away from zero (in particular at the .5 steps and
    /// below 0 and above 255, where the kernel's negative lobes overshoot).
    @Test(arguments: [2, 3, 4])
    func bicubicGrowthIsTheSeparableFilter(factor: Int) {
        func cubic(_ x: Double) -> Double {
            let x = abs(x)
            if x <= 1 { return 1.5 * x * x * x - 2.5 * x * x + 1 }
            if x < 2 { return -0.5 * x * x * x + 2.5 * x * x - 4 * x + 2 }
            return 0
        }
        var random = SplitMix64(seed: UInt64(40 + factor))
        let (width, height) = (13, 7)
        // Hard edges (0 and 255 side by side) overshoot past the byte range.
        let pixels = (0..<(width * height)).map { _ in
            [0, 255, UInt8.random(in: 0...255, using: &random)].randomElement(using: &random)!
        }
        let grown = GrayImage(width: width, height: height, pixels: pixels).upscaledBicubic(by: factor)
        let weights = (0..<factor).map { k -> (start: Int, weights: [Float]) in
            let position = (Double(k) + 0.5) / Double(factor) - 0.5
            let below = Int(position.rounded(.down))
            let t = position - Double(below)
            return (below - 1, [cubic(1 + t), cubic(t), cubic(1 - t), cubic(2 - t)].map(Float.init))
        }
        func at(_ x: Int, _ y: Int) -> Float {
            Float(pixels[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)])
        }
        func across(_ x: Int, _ sy: Int) -> Float {
            let (start, w) = weights[x % factor]
            var sum: Float = 0
            for i in 0..<4 { sum += w[i] * at(x / factor + start + i, sy) }
            return sum
        }
        var differences = 0
        for y in 0..<(height * factor) {
            for x in 0..<(width * factor) {
                let (start, w) = weights[y % factor]
                var sum: Float = 0
                for i in 0..<4 { sum += w[i] * across(x, y / factor + start + i) }
                if grown.pixels[y * width * factor + x] != UInt8(min(255, max(0, sum.rounded()))) { differences += 1 }
            }
        }
        #expect(differences == 0)
    }

    /// The growth looks at its flag: raised, it throws rather than grow; not raised, it
    /// grows as ``GrayImage/upscaledBicubic(by:)`` does.
    @Test func bicubicGrowthStopsWhenAsked() throws {
        var random = SplitMix64(seed: 9)
        let image = GrayImage(
            width: 61, height: 47, pixels: (0..<(61 * 47)).map { _ in UInt8.random(in: 0...255, using: &random) })
        let raised = CancellationFlag()
        raised.cancel()
        #expect(throws: DecodeError.cancelled) { try image.upscaledBicubic(by: 3, stop: raised) }
        #expect(
            try image.upscaledBicubic(by: 3, stop: CancellationFlag()).pixels == image.upscaledBicubic(by: 3).pixels)
    }

    /// The upscaled pass's picture: grown to about 720 pixels, 4 times at most, and only
    /// where twice is not already past it.
    @Test func aPictureIsGrownSmoothlyOnlyUpTo360Pixels() throws {
        func grown(_ width: Int, _ height: Int) -> GrayImage? {
            PictureVariants(GrayImage(width: width, height: height, filledWith: 80)).grownSmoothly
        }
        #expect(grown(41, 41)?.width == 164)
        #expect(grown(240, 100)?.width == 720 && grown(240, 100)?.height == 300)
        #expect(grown(300, 360)?.height == 720)
        #expect(grown(361, 300) == nil && grown(566, 547) == nil && grown(800, 600) == nil)
    }

    @Test func theSamplerInterpolatesBetweenPixelCentres() {
        let sampler = PixelSampler(GrayImage(width: 2, height: 2, pixels: [0, 100, 200, 40]))
        #expect(sampler.value(0.5, 0.5) == 0)
        #expect(sampler.value(1.0, 0.5) == 50)
        #expect(sampler.value(1.0, 1.0) == 85)
        // Beyond the edges, the edge pixels.
        #expect(sampler.value(-3, 0.5) == 0 && sampler.value(9, 9) == 40)
    }
}

/// Pictures of a code drawn through a mapping, as the geometry tests need them.
enum GeometryPictures {
    static let text = "https://example.org/geometry?n=14"

    /// The code of `text` (version 3, level M: 29 modules) with a quiet zone of 4.
    static func matrix() throws -> QRMatrix {
        try QREncoder().encode(text: text, options: EncodeOptions(level: .m, version: 3, boostLevel: false))
    }

    /// A `width` × `height` picture of `matrix` (quiet zone of 4, dark 30 on light 220 over
    /// a ground of 120), where `toModule` takes a picture point to the symbol's module
    /// coordinates (0...size + 8, quiet zone included) or nil off the symbol; each pixel
    /// the mean of 3 × 3 samples.
    static func draw(
        _ matrix: QRMatrix, width: Int, height: Int, toModule: (SIMD2<Double>) -> SIMD2<Double>?
    ) -> GrayImage {
        let side = Double(matrix.size + 8)
        var pixels = [UInt8](repeating: 120, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for sy in 0..<3 {
                    for sx in 0..<3 {
                        let p = SIMD2(Double(x) + (Double(sx) + 0.5) / 3, Double(y) + (Double(sy) + 0.5) / 3)
                        guard let m = toModule(p), m.x >= 0, m.y >= 0, m.x < side, m.y < side else {
                            sum += 120
                            continue
                        }
                        sum += matrix.isDark(x: Int(m.x) - 4, y: Int(m.y) - 4) ? 30 : 220
                    }
                }
                pixels[y * width + x] = UInt8((sum / 9).rounded())
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// The code seen at a steep tilt: the square onto a quadrilateral whose far side is
    /// under half as long as its near one.
    static func tilted() throws -> (image: GrayImage, corners: [SIMD2<Double>]) {
        let matrix = try matrix()
        let side = Double(matrix.size + 8)
        let quad = [SIMD2(70.0, 40), SIMD2(330, 15), SIMD2(300, 330), SIMD2(95, 260)]
        let inverse = try #require(Homography(square: side, to: quad).inverted)
        let image = draw(matrix, width: 400, height: 360) { inverse.apply($0) }
        // The symbol's own corners, inside the quiet zone.
        let forward = Homography(square: side, to: quad)
        let corners = [SIMD2(4.0, 4), SIMD2(side - 4, 4), SIMD2(side - 4, side - 4), SIMD2(4, side - 4)]
        return (image, corners.map { forward.apply($0) })
    }

    /// The code at 1.4 pixels a module, from (9, 6), in a picture of 72 × 72: the symbol
    /// spans 9 + 4 × 1.4 to 9 + 33 × 1.4 across.
    static func tiny() throws -> GrayImage {
        draw(try matrix(), width: 72, height: 72) { p in SIMD2((p.x - 9) / 1.4, (p.y - 6) / 1.4) }
    }

    /// The code wrapped round a cylinder whose axis runs down the picture, 120° of it in
    /// view, seen from in front: modules at the sides are a third as wide as those in
    /// the middle.
    static func onACylinder() throws -> GrayImage {
        let matrix = try matrix()
        let side = Double(matrix.size + 8)
        let arc = 2 * Double.pi / 3
        let radius = side / arc  // in modules
        let scale = 7.0  // pixels a module, in the middle
        let centre = SIMD2(160.0, 150)
        return draw(matrix, width: 320, height: 300) { p in
            let across = (p.x - centre.x) / (radius * scale)
            guard abs(across) < 1 else { return nil }
            return SIMD2(radius * asin(across) + side / 2, (p.y - centre.y) / scale + side / 2)
        }
    }
}

@Suite(.tags(.sanitized)) struct FinderLocatorTests {
    /// The area of a triple: its parallelogram, each side pushed out by the margin.
    @Test func aTriplesAreaIsItsParallelogramWithAMargin() {
        func finder(_ x: Double, _ y: Double, _ module: Double) -> FinderCandidate {
            FinderCandidate(centre: SIMD2(x, y), module: module, weight: 3)
        }
        let square = FinderTriple(
            topLeft: finder(10, 10, 2), topRight: finder(40, 10, 2), bottomLeft: finder(10, 40, 2))
        #expect(square.area(margin: 4) == [SIMD2(2, 2), SIMD2(48, 2), SIMD2(48, 48), SIMD2(2, 48)])
        let turned = FinderTriple(topLeft: finder(0, 0, 1), topRight: finder(0, 10, 1), bottomLeft: finder(-10, 0, 1))
        let area = turned.area(margin: 2)
        let expected = [SIMD2(2.0, -2), SIMD2(2, 12), SIMD2(-12, 12), SIMD2(-12, -2)]
        #expect(zip(area, expected).allSatisfy { pair in ((pair.0 - pair.1) * (pair.0 - pair.1)).sum() < 1e-18 })
    }

    @Test func theThreeFindersOfATiltedCodeAreFoundInOrder() throws {
        let (image, corners) = try GeometryPictures.tilted()
        let candidates = image.finderCandidates()
        #expect(candidates.filter { $0.weight >= 3 }.count >= 3, "\(candidates)")
        let triple = try #require(FinderTriple.triples(of: candidates, strong: 3, moduleRatio: 3).first)
        // Each finder's centre lies 3.5 modules in from its corner of the symbol.
        func near(_ candidate: FinderCandidate, _ corner: SIMD2<Double>) -> Bool {
            let d = candidate.centre - corner
            return (d * d).sum().squareRoot() < 8 * candidate.module
        }
        #expect(near(triple.topLeft, corners[0]) && near(triple.topRight, corners[1]))
        #expect(near(triple.bottomLeft, corners[3]))
        #expect(triple.sizes(margin: 4).contains(29))
    }

    /// At 1.25 pixels a module the runs of a finder merge; its rings, grown four times,
    /// still stand out.
    @Test func theRingsOfATinyCodesFindersStandOut() throws {
        let matrix = try GeometryPictures.matrix()
        let scale = 1.25
        let image = GeometryPictures.draw(matrix, width: 70, height: 64) { p in
            SIMD2((p.x - 9) / scale, (p.y - 6) / scale)
        }
        let grown = image.upscaledBicubic(by: 4)
        let rings = try grown.finderCandidatesByRings(moduleSizes: [4, 5, 6, 7, 8])
        let triple = try #require(FinderTriple.triples(of: rings, moduleRatio: 2.5, consider: 5).first)
        // The top-left finder's centre: module 3.5 inside the symbol, 7.5 with the quiet zone.
        let expected = SIMD2(9 + 7.5 * scale, 6 + 7.5 * scale) * 4
        let d = triple.topLeft.centre - expected
        #expect((d * d).sum().squareRoot() < 4, "\(triple.topLeft.centre) against \(expected)")
    }

    @Test func aPictureWithoutFindersHasNoTriple() throws {
        let noCode = try PNGReader().read(
            contentsOf: PackagePaths.fixture("no-code.png"))
        #expect(FinderTriple.triples(of: noCode.finderCandidates(), strong: 3).isEmpty)
        var drawings = 0
        let symbols = try GrayImage(width: 50, height: 50, filledWith: 200).readRedrawn { _ in
            drawings += 1
            return []
        }
        #expect(symbols.isEmpty && drawings == 0)
    }
}

@Suite(.tags(.sanitized)) struct ModuleGridTests {
    /// Annex E of ISO/IEC 18004: the alignment patterns' rows and columns.
    @Test func alignmentCentresFollowTheStandardsTable() {
        let table: [Int: [Int]] = [
            1: [], 2: [6, 18], 6: [6, 34], 7: [6, 22, 38], 14: [6, 26, 46, 66], 15: [6, 26, 48, 70],
            32: [6, 34, 60, 86, 112, 138], 36: [6, 24, 50, 76, 102, 128, 154], 40: [6, 30, 58, 86, 114, 142, 170],
        ]
        for (version, centres) in table {
            #expect(FunctionPatterns.alignmentCentres(size: 17 + 4 * version) == centres, "version \(version)")
        }
    }

    /// The function patterns of an encoded symbol are where the encoder put them.
    @Test func functionPatternsMatchAnEncodedSymbol() throws {
        for version in [1, 3, 7] {
            let matrix = try QREncoder().encode(
                text: "function patterns", options: EncodeOptions(level: .l, version: version))
            let patterns = FunctionPatterns(size: matrix.size)
            #expect(patterns.modules.count > 3 * 64)
            for (index, isDark) in patterns.modules {
                #expect(
                    matrix.isDark(x: index % matrix.size, y: index / matrix.size) == isDark,
                    "version \(version), module \(index % matrix.size), \(index / matrix.size)")
            }
        }
    }

    /// A steep tilt: the fitted grid's corners land on the symbol's, within a module.
    @Test func aGridFittedToATiltedCodeFindsItsCorners() throws {
        let (image, corners) = try GeometryPictures.tilted()
        let triple = try #require(FinderTriple.triples(of: image.finderCandidates(), strong: 3, moduleRatio: 3).first)
        var fitter = ModuleGridFitter(sampler: PixelSampler(image), size: 29)
        let fitted = fitter.fitHomography(triple)
        let (flat, score) = try #require(fitted)
        let (grid, meshed) = fitter.fitMesh(from: flat, score: score)
        #expect(meshed >= score)
        for (k, corner) in grid.corners.enumerated() {
            let d = corner - corners[k]
            // The modules there are 6 to 11 pixels.
            #expect((d * d).sum().squareRoot() < 6, "corner \(k): \(corner) against \(corners[k])")
        }
    }

    /// The drawing of a tilted or curved code is a clean, flat code: zxing-cpp's fast pass
    /// reads it. The fit stops at the first drawing read (the tilted code reads flat, from
    /// the best homography or the runner-up), and nothing is drawn once it is read.
    @Test(arguments: ["tilted", "cylinder"])
    func aRedrawnSymbolReadsAsTheCode(shape: String) throws {
        let image = shape == "tilted" ? try GeometryPictures.tilted().image : try GeometryPictures.onACylinder()
        var readings: [[String]] = []
        let symbols = try image.readRedrawn { drawing in
            let found = try ZXingEngine(passes: [.fast]).decode(drawing, cancel: CancellationFlag())
            readings.append(found.map(\.text))
            return found
        }
        #expect(symbols.map(\.text) == [GeometryPictures.text])
        #expect(readings.last == [GeometryPictures.text])
        let missedBefore = readings.dropLast().allSatisfy { $0.isEmpty }
        #expect(missedBefore)
        if shape == "tilted" { #expect(readings.count <= 2) }
    }

    /// The mesh carries on from the fit before it: each stage fits at least as well.
    @Test func eachMeshStageFitsAtLeastAsWell() throws {
        let image = try GeometryPictures.onACylinder()
        let triple = try #require(FinderTriple.triples(of: image.finderCandidates(), strong: 3, moduleRatio: 3).first)
        var fitter = ModuleGridFitter(sampler: PixelSampler(image), size: 29)
        let fitted = fitter.coarseHomography(triple)
        let coarse = try #require(fitted)
        var (grid, score) = fitter.refineHomography(triple, from: coarse)
        #expect(score >= coarse.score)
        for controls in [3, 5] {
            let before = score
            fitter.refineMesh(&grid, score: &score, controls: controls)
            #expect(grid.controls == controls && score >= before)
        }
    }

    /// The drawing is of the modules sampled: a symbol drawn from the true grid of a
    /// clean, flat code is the code itself.
    @Test func aFlatCodeIsRedrawnModuleForModule() throws {
        let matrix = try GeometryPictures.matrix()
        let image = GeometryPictures.draw(matrix, width: 37 * 5, height: 37 * 5) { $0 / 5 }
        let homography = Homography(square: 29, to: [SIMD2(20.0, 20), SIMD2(165, 20), SIMD2(165, 165), SIMD2(20, 165)])
        let grid = ModuleGrid(size: 29, homography: homography)
        var fitter = ModuleGridFitter(sampler: PixelSampler(image), size: 29)
        let drawing = grid.redrawn(from: fitter.samples(grid), scale: 2, quietZone: 1)
        #expect(drawing.width == 31 * 2)
        for v in 0..<29 {
            for u in 0..<29 {
                #expect((drawing[2 * (u + 1), 2 * (v + 1)] == 0) == matrix.isDark(x: u, y: v), "(\(u), \(v))")
            }
        }
    }
}

@Suite(.tags(.sanitized)) struct GeometryPassTests {
    /// The corners reported are the picture's, not the drawing's: within a module of the
    /// symbol's own (the modules there are 6 to 11 pixels).
    @Test func theRedrawnPassReadsATiltedCodeAndGivesItsCorners() throws {
        let (image, corners) = try GeometryPictures.tilted()
        let symbols = try ZXingEngine(passes: [.redrawn]).decode(image, cancel: CancellationFlag())
        #expect(symbols.map(\.text) == [GeometryPictures.text])
        let reported = try #require(symbols.first?.corners)
        try #require(reported.count == 4)
        for k in 0..<4 {
            let d = SIMD2(Double(reported[k].x), Double(reported[k].y)) - corners[k]
            #expect((d * d).sum().squareRoot() < 8, "corner \(k): \(reported[k]) against \(corners[k])")
        }
    }

    /// A code out of focus: three box blurs of 5 pixels, a Gaussian of about two fifths of
    /// a module (here the rescaled and redrawn passes read nothing).
    @Test func theSharpenedPassReadsABlurredCode() throws {
        let matrix = try GeometryPictures.matrix()
        let image = GeometryPictures.draw(matrix, width: 37 * 5, height: 37 * 5) { $0 / 5 }
            .paddedAndBlurred(by: 0, radius: 2, times: 3)
        let symbols = try ZXingEngine(passes: [.sharpened]).decode(image, cancel: CancellationFlag())
        #expect(symbols.map(\.text) == [GeometryPictures.text])
    }

    /// A code of 1.4 pixels a module in a picture of 72 × 72.
    @Test func theUpscaledPassReadsATinyCode() throws {
        let image = try GeometryPictures.tiny()
        let symbols = try ZXingEngine(passes: [.upscaled]).decode(image, cancel: CancellationFlag())
        #expect(symbols.map(\.text) == [GeometryPictures.text])
        // Corners in the picture's pixels: the symbol's span from 9 + 4 × 1.4 to 9 + 33 × 1.4.
        let corners = try #require(symbols.first?.corners)
        #expect(corners.allSatisfy { $0.x >= 10 && $0.x <= 60 && $0.y >= 7 && $0.y <= 57 }, "\(corners)")
    }

    /// A code of 1.4 pixels a module, whose finders show no runs to find: the pass for
    /// tiny codes finds them by their rings in the picture grown, and reads the drawing;
    /// the pass that looks for finders by their runs draws nothing.
    @Test func theRedrawnTinyPassReadsACodeTooSmallForItsFindersToShow() throws {
        let image = try GeometryPictures.tiny()
        var drawings = 0
        _ = try PictureVariants(image).readRedrawn(finders: .byRuns) { _ in
            drawings += 1
            return []
        }
        #expect(drawings == 0)
        let symbols = try ZXingEngine(passes: [.redrawnTiny]).decode(image, cancel: CancellationFlag())
        #expect(symbols.map(\.text) == [GeometryPictures.text])
        let corners = try #require(symbols.first?.corners)
        #expect(corners.allSatisfy { $0.x >= 10 && $0.x <= 60 && $0.y >= 7 && $0.y <= 57 }, "\(corners)")
    }

    /// A picture whose answer is in (its stop flag raised) is not redrawn: both passes stop
    /// at once, cancelled, whether on a code whose finders show or a tiny one.
    @Test func theRedrawnPassesStopWhenThePictureIsAnswered() throws {
        let pictures = [
            (try GeometryPictures.onACylinder(), ZXingEngine.Pass.redrawn), (try GeometryPictures.tiny(), .redrawnTiny),
        ]
        for (image, pass) in pictures {
            let picture = PictureVariants(image)
            picture.stop.cancel()
            var drawings = 0
            #expect(throws: DecodeError.cancelled) {
                try picture.readRedrawn(finders: pass == .redrawn ? .byRuns : .ofTinyCodes) { _ in
                    drawings += 1
                    return []
                }
            }
            #expect(drawings == 0)
            #expect(throws: DecodeError.cancelled) { try ZXingEngine(passes: [pass]).decode(picture, pass: 0) }
            // Not raised, the same picture reads.
            #expect(
                try ZXingEngine(passes: [pass]).decode(PictureVariants(image), pass: 0).map(\.text) == [
                    GeometryPictures.text
                ])
        }
    }

    /// A code of one pixel a module whose finders the runs find: the redrawn pass fits
    /// them and reads it; the pass for tiny codes, which finds the same finders by their
    /// rings (and finder-like specks among its modules), leaves them to it and draws nothing.
    @Test func theTinyPassLeavesToTheRedrawnPassTheFindersItsRunsFound() throws {
        let matrix = try GeometryPictures.matrix()
        let side = matrix.size + 8
        let image = GeometryPictures.draw(matrix, width: side, height: side) { $0 }
        var drawn = 0
        let byRuns = try image.readRedrawn(finders: .byRuns) { drawing in
            drawn += 1
            return try ZXingEngine(passes: [.fast]).decode(drawing, cancel: CancellationFlag())
        }
        #expect(byRuns.map(\.text) == [GeometryPictures.text] && drawn >= 1)
        drawn = 0
        let tiny = try image.readRedrawn(finders: .ofTinyCodes) { _ in
            drawn += 1
            return []
        }
        #expect(tiny.isEmpty && drawn == 0)
    }

    /// The cheap passes first; then the redrawing of codes whose finders show, which reads
    /// what the rescaling passes cannot for less than they cost on a small picture; then
    /// those; the redrawing of tiny codes, the dearest; the redrawing with erasures, for
    /// damage no other pass reads; the redrawing on a bent sheet, for curves the meshes do
    /// not follow, last.
    @Test func theGeometryPassesComeInTheOrderThatPaysBest() {
        #expect(
            ZXingEngine().passNames == [
                "fast", "stretched", "harder", "inverted", "redrawn", "rescaled", "sharpened", "upscaled",
                "redrawn-tiny", "redrawn-erasures", "redrawn-curved",
            ])
    }
}
