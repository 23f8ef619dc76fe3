// QRKit — PaperBend: a symbol's plane wrapped round a cylinder or folded along a line, and the
// pinhole camera that sees it, solved linearly from points whose places in the picture are known.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a sheet carrying a symbol bends: where each point of the symbol's plane lies in
/// space. A bend has a few parameters only, so once they are fixed the camera that sees
/// the sheet is a linear fit (``BentCamera``), and the whole module grid follows from
/// the points near the finders, where the grids fitted to a picture are right.
package struct PaperBend: Sendable, Equatable {
    /// The bend across ``direction``.
    package enum Shape: Sendable, Equatable {
        /// No bend.
        case flat
        /// Wrapped round a cylinder, `curvature` the inverse of its radius in modules.
        case cylinder(curvature: Double)
        /// Flat up to a crease `offset` modules from the symbol's centre, turned by `angle`
        /// radians beyond it.
        case fold(offset: Double, angle: Double)
    }

    package var shape: Shape
    /// The direction across which the sheet bends (perpendicular to a cylinder's axis or
    /// a crease), in radians from the symbol's rows.
    package var direction: Double

    package init(_ shape: Shape, direction: Double) {
        self.shape = shape
        self.direction = direction
    }

    /// Where the point `point` of the symbol's plane (modules from its centre) lies once
    /// bent, in modules. A cylinder's points, turned about its axis, are the same surface,
    /// and a camera's linear map takes any rigid motion and mirror: so the bend needs no
    /// place along its direction, nor a side it bends to.
    package func place(_ point: SIMD2<Double>) -> SIMD3<Double> { placement.place(point) }

    /// ``place(_:)`` with the direction's cosine and sine worked out once, for the many
    /// points of a grid.
    package var placement: Placement { Placement(shape: shape, c: cos(direction), s: sin(direction)) }

    /// A bend's ``place(_:)``, its direction as a cosine and a sine, and a fold's angle too.
    package struct Placement: Sendable {
        let shape: Shape
        let c: Double
        let s: Double
        /// The cosine and sine of a fold's angle (1 and 0 for other shapes).
        let foldCos: Double
        let foldSin: Double

        init(shape: Shape, c: Double, s: Double) {
            self.shape = shape
            self.c = c
            self.s = s
            if case .fold(_, let angle) = shape {
                (foldCos, foldSin) = (cos(angle), sin(angle))
            } else {
                (foldCos, foldSin) = (1, 0)
            }
        }

        /// Where the point `point` of the symbol's plane lies once bent (``PaperBend/place(_:)``).
        package func place(_ point: SIMD2<Double>) -> SIMD3<Double> {
            let across = point.x * c + point.y * s
            let along = -point.x * s + point.y * c
            var bent = across
            var depth = 0.0
            switch shape {
            case .flat:
                break
            case .cylinder(let k):
                if abs(k) > 1e-12 {
                    bent = sin(k * across) / k
                    depth = (1 - cos(k * across)) / k
                }
            case .fold(let offset, _):
                if across > offset {
                    bent = offset + (across - offset) * foldCos
                    depth = (across - offset) * foldSin
                }
            }
            return SIMD3(bent * c - along * s, bent * s + along * c, depth)
        }
    }

    /// The bends to try for a symbol of `side` modules (quiet zone included): flat;
    /// cylinders whose curve spans 0.7 to 2.3 radians over the side, bending every 15°;
    /// folds by 25° to 60°, their crease up to three tenths of the side from the centre.
    package static func candidates(side: Double) -> [PaperBend] {
        var bends = [PaperBend(.flat, direction: 0)]
        let directions = (0..<12).map { Double($0) * Double.pi / 12 }
        for direction in directions {
            for span in stride(from: 0.7, through: 2.31, by: 0.4) {
                bends.append(PaperBend(.cylinder(curvature: span / side), direction: direction))
            }
            for offset in stride(from: -0.3, through: 0.31, by: 0.1) {
                for degrees in stride(from: 25.0, through: 61, by: 12) {
                    bends.append(
                        PaperBend(.fold(offset: offset * side, angle: degrees * Double.pi / 180), direction: direction))
                }
            }
        }
        return bends
    }
}

/// A pinhole camera as a 3 × 4 projective map from space to the picture, fitted by least
/// squares (the direct linear transform) to points whose places in space and in the
/// picture are known.
package struct BentCamera: Sendable {
    /// The map, row by row, its last coefficient 1, acting on normalised picture
    /// coordinates (``origin`` and ``scale``).
    private let p: [Double]
    private let origin: SIMD2<Double>
    private let scale: Double
    /// The fit's root mean square distance from the picture's points, in pixels.
    package let residual: Double

    /// The camera that best takes `space` to `picture`, or nil with fewer than six points
    /// or a singular fit. A little ridge keeps a plane's points from leaving the map's
    /// depth column free: for those, it does not matter what it is.
    package init?(space: [SIMD3<Double>], picture: [SIMD2<Double>]) {
        let count = min(space.count, picture.count)
        guard count >= 6 else { return nil }
        let centre = picture.prefix(count).reduce(SIMD2<Double>.zero, +) / Double(count)
        let spread =
            picture.prefix(count).map { (($0 - centre) * ($0 - centre)).sum().squareRoot() }.reduce(0, +)
            / Double(count)
        guard spread > 1e-9 else { return nil }
        let spaceSpread = space.prefix(count).map { ($0 * $0).sum().squareRoot() }.reduce(0, +) / Double(count)
        let unit = 1 / max(spaceSpread, 1e-9)
        // Normal equations of 11 unknowns.
        var a = [Double](repeating: 0, count: 121)
        var b = [Double](repeating: 0, count: 11)
        var row = [Double](repeating: 0, count: 11)
        // The unknowns a point's equation for each axis can touch: the others' products
        // with it are zeros, which would add nothing.
        let touched = [[0, 1, 2, 3, 8, 9, 10], [4, 5, 6, 7, 8, 9, 10]]
        for k in 0..<count {
            let x = space[k] * unit
            let q = (picture[k] - centre) / spread
            for axis in 0..<2 {
                let target = q[axis]
                for index in 0..<11 { row[index] = 0 }
                row[4 * axis] = x.x
                row[4 * axis + 1] = x.y
                row[4 * axis + 2] = x.z
                row[4 * axis + 3] = 1
                row[8] = -target * x.x
                row[9] = -target * x.y
                row[10] = -target * x.z
                for i in touched[axis] where row[i] != 0 {
                    b[i] += row[i] * target
                    for j in touched[axis] { a[i * 11 + j] += row[i] * row[j] }
                }
            }
        }
        for i in 0..<11 { a[i * 11 + i] += 1e-6 * Double(count) }
        guard let solved = Self.solve(a, b, 11) else { return nil }
        // Folded back into space in modules.
        p = [
            solved[0] * unit, solved[1] * unit, solved[2] * unit, solved[3],
            solved[4] * unit, solved[5] * unit, solved[6] * unit, solved[7],
            solved[8] * unit, solved[9] * unit, solved[10] * unit, 1,
        ]
        origin = centre
        scale = spread
        var squares = 0.0
        let partial = BentCameraMap(p: p, origin: centre, scale: spread)
        for k in 0..<count {
            let d = partial.project(space[k]) - picture[k]
            squares += (d * d).sum()
        }
        residual = (squares / Double(count)).squareRoot()
        guard residual.isFinite else { return nil }
    }

    /// Where the camera puts the point `x` of space, in pixels.
    package func project(_ x: SIMD3<Double>) -> SIMD2<Double> {
        BentCameraMap(p: p, origin: origin, scale: scale).project(x)
    }

    /// `a` x = `b` for an `n` × `n` matrix, by elimination with partial pivoting.
    private static func solve(_ matrix: [Double], _ rhs: [Double], _ n: Int) -> [Double]? {
        var a = matrix
        var b = rhs
        for column in 0..<n {
            var pivot = column
            for r in (column + 1)..<n where abs(a[r * n + column]) > abs(a[pivot * n + column]) { pivot = r }
            guard abs(a[pivot * n + column]) > 1e-15 else { return nil }
            if pivot != column {
                for c in 0..<n { a.swapAt(pivot * n + c, column * n + c) }
                b.swapAt(pivot, column)
            }
            for r in (column + 1)..<n {
                let f = a[r * n + column] / a[column * n + column]
                guard f != 0 else { continue }
                for c in column..<n { a[r * n + c] -= f * a[column * n + c] }
                b[r] -= f * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[r]
            for c in (r + 1)..<n { sum -= a[r * n + c] * x[c] }
            x[r] = sum / a[r * n + r]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}

/// The projection of ``BentCamera``, apart from its fit.
private struct BentCameraMap {
    let p: [Double]
    let origin: SIMD2<Double>
    let scale: Double

    func project(_ x: SIMD3<Double>) -> SIMD2<Double> {
        let w = p[8] * x.x + p[9] * x.y + p[10] * x.z + p[11]
        let u = (p[0] * x.x + p[1] * x.y + p[2] * x.z + p[3]) / w
        let v = (p[4] * x.x + p[5] * x.y + p[6] * x.z + p[7]) / w
        return origin + SIMD2(u, v) * scale
    }
}
