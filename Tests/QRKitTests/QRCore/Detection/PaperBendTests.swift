// QRKit tests — PaperBend and BentCamera: a bent sheet's points, and the camera fitted to them.
import Foundation
import Testing
@testable import QRCore

@Suite struct PaperBendTests {
    /// A camera (turned, tilted, at a distance) that sees points of space, as the
    /// generator's pinhole does: the truth the fit must find.
    static func seen(_ x: SIMD3<Double>) -> SIMD2<Double> {
        let (c, s) = (0.96, 0.28)
        let y = x.y * c - x.z * s
        let depth = x.y * s + x.z * c + 90
        return SIMD2(400 + 900 * x.x / depth, 300 + 900 * y / depth)
    }

    /// The points of a symbol of 29 modules a camera is fitted to: a lattice over it.
    static let lattice: [SIMD2<Double>] = stride(from: -14.5, through: 14.5, by: 4.5).flatMap { v in
        stride(from: -14.5, through: 14.5, by: 4.5).map { u in SIMD2(u, v) }
    }

    /// Fitted to the right bend's points, the camera puts every point where the true one
    /// does, also points it was not fitted to.
    @Test(arguments: [
        PaperBend(.flat, direction: 0), PaperBend(.cylinder(curvature: 1.5 / 37), direction: 0.7),
        PaperBend(.fold(offset: 3, angle: 0.8), direction: 2.2),
    ])
    func theRightBendFitsExactly(_ bend: PaperBend) throws {
        let pixels = Self.lattice.map { Self.seen(bend.place($0)) }
        let camera = try #require(BentCamera(space: Self.lattice.map(bend.place), picture: pixels))
        #expect(camera.residual < 0.01)
        for point in [SIMD2(-12.0, 11.0), SIMD2(13.0, -2.5), SIMD2(0.3, 0.7)] {
            let miss = camera.project(bend.place(point)) - Self.seen(bend.place(point))
            #expect((miss * miss).sum().squareRoot() < 0.01)
        }
    }

    /// A flat camera cannot follow a cylinder's points: its fit misses by pixels, so the
    /// residual ranks the bends.
    @Test func aWrongBendFitsWorse() throws {
        let bend = PaperBend(.cylinder(curvature: 2 / 37), direction: 0.3)
        let pixels = Self.lattice.map { Self.seen(bend.place($0)) }
        let flat = PaperBend(.flat, direction: 0)
        let camera = try #require(BentCamera(space: Self.lattice.map(flat.place), picture: pixels))
        #expect(camera.residual > 1)
    }

    /// A cylinder keeps lengths along its curve: a point's distance from the axis line,
    /// measured round the surface, is the flat distance.
    @Test func aCylinderKeepsLengthsRoundItsCurve() {
        let k = 1.0 / 20
        let bend = PaperBend(.cylinder(curvature: k), direction: 0)
        let p = bend.place(SIMD2(10, 4))
        #expect(abs(p.y - 4) < 1e-12)
        #expect(abs(atan2(p.x * k, 1 - p.z * k) / k - 10) < 1e-9)
    }

    /// Too few points, or all in one place, give no camera.
    @Test func tooFewPointsFitNoCamera() {
        let flat = PaperBend(.flat, direction: 0)
        let five = Array(Self.lattice.prefix(5))
        #expect(BentCamera(space: five.map(flat.place), picture: five.map { _ in SIMD2(1, 1) }) == nil)
        let same = Array(repeating: SIMD3(0.0, 0, 0), count: 8)
        #expect(BentCamera(space: same, picture: same.map { _ in SIMD2(3, 3) }) == nil)
    }

    /// The modules a bend is ranked by away from the finders: version 1's timing patterns
    /// (five modules each, dark at both ends) and dark module; version 2's add the
    /// alignment pattern's 25 (17 dark); none of a finder or its separator.
    @Test func farPatternsAreTheTimingAndAlignmentPatterns() {
        let one = BentFit.farPatterns(size: 21)
        #expect(one.modules.count == 11 && one.darkCount == 7 && one.lightCount == 4)
        let two = BentFit.farPatterns(size: 25)
        #expect(two.modules.count == 18 + 25 + 1 && two.darkCount == 10 + 17 + 1 && two.lightCount == 8 + 8)
        #expect(
            two.modules.allSatisfy { module, _ in
                let (u, v) = (module.x, module.y)
                return !((u < 8 || u > 17) && v < 8) && !(u < 8 && v > 17)
            })
    }
}
