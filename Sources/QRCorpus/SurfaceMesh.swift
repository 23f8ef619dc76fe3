// QRCorpus — SurfaceMesh: the curved or folded surface a generated code is printed on.
import QRKit

/// Where the corners of a grid of `cells` × `cells` equal cells over a symbol (with its
/// quiet zone) land on the canvas, row by row: (cells + 1)² points.
struct SurfaceMesh {
    let cells: Int
    let points: [SIMD2<Double>]

    init(cells: Int, points: [SIMD2<Double>]) {
        precondition(points.count == (cells + 1) * (cells + 1), "a mesh of n cells has (n + 1)² points")
        self.cells = cells
        self.points = points
    }

    /// The mesh of a surface: `map` takes module coordinates (0...side) to canvas pixels.
    init(cells: Int, side: Double, map: (Double, Double) -> SIMD2<Double>) {
        var points: [SIMD2<Double>] = []
        for j in 0...cells {
            for i in 0...cells {
                points.append(map(Double(i) * side / Double(cells), Double(j) * side / Double(cells)))
            }
        }
        self.init(cells: cells, points: points)
    }

    func point(_ i: Int, _ j: Int) -> SIMD2<Double> { points[j * (cells + 1) + i] }

    /// Where the point (`u`, `v`) of module coordinates (0...`side`) lies on the canvas,
    /// bilinearly between the points of its cell.
    func map(_ u: Double, _ v: Double, side: Double) -> SIMD2<Double> {
        let cell = side / Double(cells)
        let i = min(cells - 1, max(0, Int(u / cell)))
        let j = min(cells - 1, max(0, Int(v / cell)))
        let tu = u / cell - Double(i)
        let tv = v / cell - Double(j)
        let top = point(i, j) * (1 - tu) + point(i + 1, j) * tu
        let bottom = point(i, j + 1) * (1 - tu) + point(i + 1, j + 1) * tu
        return top * (1 - tv) + bottom * tv
    }
}
