// QRCorpus — Canvas: a floating-point picture the corpus generator draws on.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import QRKit

/// A grayscale picture of `Float` luminance (0 black … 255 white; values outside are
/// clamped when the picture is finished), row-major, top-left first.
struct Canvas {
    let width: Int
    let height: Int
    var pixels: [Float]

    init(width: Int, height: Int, value: Float) {
        precondition(width > 0 && height > 0, "Canvas needs a positive size")
        self.width = width
        self.height = height
        pixels = [Float](repeating: value, count: width * height)
    }

    /// The picture as 8-bit luminance, rounded and clamped.
    func grayImage() -> GrayImage {
        GrayImage(width: width, height: height, pixels: pixels.map { UInt8(max(0, min(255, $0.rounded()))) })
    }

    // MARK: - Shapes (clutter)

    /// Fills the axis-aligned rectangle, clipped to the canvas.
    mutating func fillRect(x: Int, y: Int, width w: Int, height h: Int, value: Float) {
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(width, x + w)
        let y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        for row in y0..<y1 {
            let base = row * width
            for column in x0..<x1 { pixels[base + column] = value }
        }
    }

    /// Fills the ellipse with centre (`cx`, `cy`) and radii `rx`, `ry`.
    mutating func fillEllipse(cx: Double, cy: Double, rx: Double, ry: Double, value: Float) {
        guard rx > 0, ry > 0 else { return }
        let y0 = max(0, Int(cy - ry))
        let y1 = min(height - 1, Int(cy + ry) + 1)
        let x0 = max(0, Int(cx - rx))
        let x1 = min(width - 1, Int(cx + rx) + 1)
        guard x0 <= x1, y0 <= y1 else { return }
        for row in y0...y1 {
            let dy = (Double(row) + 0.5 - cy) / ry
            for column in x0...x1 {
                let dx = (Double(column) + 0.5 - cx) / rx
                if dx * dx + dy * dy <= 1 { pixels[row * width + column] = value }
            }
        }
    }

    /// Draws a straight line `thickness` pixels wide.
    mutating func drawLine(x0: Double, y0: Double, x1: Double, y1: Double, thickness: Double, value: Float) {
        let length = max(abs(x1 - x0), abs(y1 - y0))
        let steps = max(1, Int(length * 2))
        let r = max(0.5, thickness / 2)
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let x = x0 + (x1 - x0) * t
            let y = y0 + (y1 - y0) * t
            fillRect(x: Int(x - r), y: Int(y - r), width: max(1, Int(2 * r)), height: max(1, Int(2 * r)), value: value)
        }
    }

    /// Adds a linear ramp: `amount` at the far corner along `angle`, 0 at the near one.
    mutating func addGradient(angle: Double, amount: Double) {
        let ux = cos(angle)
        let uy = sin(angle)
        let span = abs(ux) * Double(width) + abs(uy) * Double(height)
        let origin = min(0, ux * Double(width)) + min(0, uy * Double(height))
        for row in 0..<height {
            for column in 0..<width {
                let t = (ux * Double(column) + uy * Double(row) - origin) / span
                pixels[row * width + column] += Float(amount * t)
            }
        }
    }

    // MARK: - Symbols

    /// Draws `matrix` with its quiet zone on a bent surface: `mesh` gives where the corners
    /// of a grid of cells over the symbol (with quiet zone) land on the canvas, and each
    /// cell is drawn through the homography of its four corners.
    ///
    /// Each pixel is the mean of `samples` × `samples` points, so edges are antialiased
    /// as a camera would see them; points outside the symbol keep what the canvas held.
    /// `blot`, when given, paints its shade over the modules inside an ellipse.
    mutating func drawSymbol(
        _ matrix: QRMatrix, quietZone: Int, mesh: SurfaceMesh, dark: Float, light: Float, samples: Int,
        blot: Blot? = nil
    ) {
        let side = Double(matrix.size + 2 * quietZone)
        let n = max(1, samples)
        let offsets = (0..<n).map { (Double($0) + 0.5) / Double(n) }
        let q = Double(quietZone)
        let cellSide = side / Double(mesh.cells)
        // Over the symbol's bounding box, per pixel: the sum of the samples that fall on the
        // symbol, and how many do.
        let left = max(0, Int(mesh.points.map(\.x).min()!.rounded(.down)))
        let right = min(width - 1, Int(mesh.points.map(\.x).max()!.rounded(.up)))
        let top = max(0, Int(mesh.points.map(\.y).min()!.rounded(.down)))
        let bottom = min(height - 1, Int(mesh.points.map(\.y).max()!.rounded(.up)))
        guard left <= right, top <= bottom else { return }
        let boxWidth = right - left + 1
        var sums = [Float](repeating: 0, count: boxWidth * (bottom - top + 1))
        var counts = [Int](repeating: 0, count: sums.count)
        for cellY in 0..<mesh.cells {
            for cellX in 0..<mesh.cells {
                let quad = [
                    mesh.point(cellX, cellY), mesh.point(cellX + 1, cellY), mesh.point(cellX + 1, cellY + 1),
                    mesh.point(cellX, cellY + 1),
                ]
                guard let inverse = Homography(square: 1, to: quad).inverted else { continue }
                let minX = max(left, Int(quad.map(\.x).min()!.rounded(.down)))
                let maxX = min(right, Int(quad.map(\.x).max()!.rounded(.up)))
                let minY = max(top, Int(quad.map(\.y).min()!.rounded(.down)))
                let maxY = min(bottom, Int(quad.map(\.y).max()!.rounded(.up)))
                guard minX <= maxX, minY <= maxY else { continue }
                for row in minY...maxY {
                    for column in minX...maxX {
                        var sum: Float = 0
                        var inside = 0
                        for oy in offsets {
                            for ox in offsets {
                                let local = inverse.apply(Double(column) + ox, Double(row) + oy)
                                guard local.x >= 0, local.y >= 0, local.x < 1, local.y < 1 else { continue }
                                inside += 1
                                let mx = (Double(cellX) + local.x) * cellSide - q
                                let my = (Double(cellY) + local.y) * cellSide - q
                                if let blot, blot.contains(x: mx, y: my) {
                                    sum += blot.value
                                } else if matrix.isDark(x: Int(mx.rounded(.down)), y: Int(my.rounded(.down))) {
                                    sum += dark
                                } else {
                                    sum += light
                                }
                            }
                        }
                        let index = (row - top) * boxWidth + column - left
                        sums[index] += sum
                        counts[index] += inside
                    }
                }
            }
        }
        let weight = 1 / Float(n * n)
        for row in top...bottom {
            for column in left...right {
                let index = (row - top) * boxWidth + column - left
                let covered = min(counts[index], n * n)
                guard covered > 0 else { continue }
                let pixel = row * width + column
                pixels[pixel] = (sums[index] + pixels[pixel] * Float(n * n - covered)) * weight
            }
        }
    }
}
