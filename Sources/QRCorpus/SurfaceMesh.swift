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
}
