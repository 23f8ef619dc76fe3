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
