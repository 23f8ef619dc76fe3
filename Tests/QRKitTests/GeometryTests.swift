// QRKit tests — hard geometry: the homography, the filters for blur and tiny codes, the
// finder locator, and module grids fitted to tilted and curved codes, then read.
import Foundation
import QRTestSupport
import Testing
@testable import QRCore
@testable import QRKit

@Suite struct HomographyTests {
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

@Suite struct ImageFilterTests {
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

    /// A dark square on paper lit from one side: a single threshold for the picture would
    /// take the dim paper for ink; Sauvola's follows the light, and flat paper stays white.
    /// (Ink wider than the window would read as paper in its middle, where the window
    /// sees no contrast: the window must hold some paper.)
    @Test func sauvolaFollowsTheLightAndKeepsFlatPaperWhite() {
        let width = 60
        let height = 40
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let paper = 100 + 2 * x  // 100 on the left, 218 on the right
                let ink = (24..<36).contains(x) && (14..<26).contains(y)
                // A faint texture of ±3 on the paper.
                pixels[y * width + x] = UInt8(ink ? paper / 3 : paper + ((x * 7 + y * 13) % 7) - 3)
            }
        }
        let binary = GrayImage(width: width, height: height, pixels: pixels).sauvolaBinarised(radius: 12)
        for y in 0..<height {
            for x in 0..<width {
                let ink = (24..<36).contains(x) && (14..<26).contains(y)
                #expect(binary[x, y] == (ink ? 0 : 255), "(\(x), \(y))")
            }
        }
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
