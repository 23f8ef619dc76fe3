// QRKit — Homography: the projective map of a plane, from a square to a quadrilateral and back.

/// A projective map of the plane: (u, v) ↦ ((a u + b v + c) / w, (d u + e v + f) / w), with
/// w = g u + h v + i. It maps straight lines to straight lines, and a square seen at any
/// angle onto the quadrilateral a camera shows.
package struct Homography: Sendable, Equatable {
    /// a b c d e f g h i, row-major.
    package var m: [Double]

    /// The map with matrix `m` (a b c d e f g h i, row-major; its scale does not matter).
    package init(matrix: [Double]) {
        precondition(matrix.count == 9, "a homography has nine coefficients")
        m = matrix
    }

    /// The map taking the square 0...`side` (both axes) onto `corners`: top-left,
    /// top-right, bottom-right, bottom-left, after Heckbert's square-to-quad construction
    /// ("Fundamentals of Texture Mapping and Image Warping", 1989). A parallelogram gives
    /// an affine map.
    package init(square side: Double, to corners: [SIMD2<Double>]) {
        precondition(corners.count == 4 && side > 0, "a square maps onto four corners")
        let (p0, p1, p2, p3) = (corners[0], corners[1], corners[2], corners[3])
        let d1 = p1 - p2
        let d2 = p3 - p2
        let d3 = p0 - p1 + p2 - p3
        var g = 0.0
        var h = 0.0
        if abs(d3.x) > 1e-12 || abs(d3.y) > 1e-12 {
            let det = d1.x * d2.y - d2.x * d1.y
            if det != 0 {
                g = (d3.x * d2.y - d2.x * d3.y) / det
                h = (d1.x * d3.y - d3.x * d1.y) / det
            }
        }
        let a = p1.x - p0.x + g * p1.x
        let b = p3.x - p0.x + h * p3.x
        let d = p1.y - p0.y + g * p1.y
        let e = p3.y - p0.y + h * p3.y
        let s = 1 / side
        m = [a * s, b * s, p0.x, d * s, e * s, p0.y, g * s, h * s, 1]
    }

    /// The map taking the quadrilateral `from` onto `to` (each top-left, top-right,
    /// bottom-right, bottom-left), or nil when `from` is degenerate (three corners on a
    /// line).
    package init?(from: [SIMD2<Double>], to: [SIMD2<Double>]) {
        let toSquare = Homography(square: 1, to: from).inverted
        guard let toSquare else { return nil }
        self = Homography(square: 1, to: to).after(toSquare)
    }

    /// Where the map takes (`x`, `y`); a point the map sends to infinity comes back with
    /// infinite or NaN coordinates.
    @inline(__always)
    package func apply(_ x: Double, _ y: Double) -> SIMD2<Double> {
        let w = m[6] * x + m[7] * y + m[8]
        return SIMD2((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    /// Where the map takes `point`.
    package func apply(_ point: SIMD2<Double>) -> SIMD2<Double> { apply(point.x, point.y) }

    /// The inverse map (the adjugate, scaled so that its last coefficient is 1 where it
    /// can be), or nil when the map is singular.
    package var inverted: Homography? {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let adjugate = [
            e * i - f * h, c * h - b * i, b * f - c * e,
            f * g - d * i, a * i - c * g, c * d - a * f,
            d * h - e * g, b * g - a * h, a * e - b * d,
        ]
        let determinant = a * adjugate[0] + b * adjugate[3] + c * adjugate[6]
        guard determinant.isFinite, abs(determinant) > 1e-300 else { return nil }
        let scale = abs(adjugate[8]) > 1e-12 ? 1 / adjugate[8] : 1 / determinant
        return Homography(matrix: adjugate.map { $0 * scale })
    }

    /// This map applied after `first`: `self.after(first).apply(p) == self.apply(first.apply(p))`.
    package func after(_ first: Homography) -> Homography {
        let a = m
        let b = first.m
        var product = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                product[row * 3 + column] =
                    a[row * 3] * b[column] + a[row * 3 + 1] * b[3 + column] + a[row * 3 + 2] * b[6 + column]
            }
        }
        return Homography(matrix: product)
    }
}
