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

    /// Draws `matrix` with its quiet zone through `mapping` (module coordinates of the
    /// symbol with quiet zone, 0...side, onto canvas pixels).
    ///
    /// Each pixel is the mean of `samples` × `samples` points, so edges are antialiased
    /// as a camera would see them; points outside the symbol keep what the canvas held.
    /// `blot`, when given, paints its shade over the modules inside an ellipse.
    mutating func drawSymbol(
        _ matrix: QRMatrix, quietZone: Int, mapping: Homography, dark: Float, light: Float, samples: Int,
        blot: Blot? = nil
    ) {
        let side = Double(matrix.size + 2 * quietZone)
        let corners = [(0.0, 0.0), (side, 0), (side, side), (0, side)].map { mapping.apply($0.0, $0.1) }
        let minX = max(0, Int(corners.map(\.0).min()!.rounded(.down)))
        let maxX = min(width - 1, Int(corners.map(\.0).max()!.rounded(.up)))
        let minY = max(0, Int(corners.map(\.1).min()!.rounded(.down)))
        let maxY = min(height - 1, Int(corners.map(\.1).max()!.rounded(.up)))
        guard minX <= maxX, minY <= maxY else { return }
        let inverse = mapping.inverse
        let n = max(1, samples)
        let weight = 1 / Float(n * n)
        let offsets = (0..<n).map { (Double($0) + 0.5) / Double(n) }
        let q = Double(quietZone)
        for row in minY...maxY {
            for column in minX...maxX {
                let index = row * width + column
                let background = pixels[index]
                var sum: Float = 0
                var inside = false
                for oy in offsets {
                    for ox in offsets {
                        let (u, v) = inverse.apply(Double(column) + ox, Double(row) + oy)
                        guard u >= 0, v >= 0, u < side, v < side else {
                            sum += background
                            continue
                        }
                        inside = true
                        let mx = u - q
                        let my = v - q
                        if let blot, blot.contains(x: mx, y: my) {
                            sum += blot.value
                        } else if matrix.isDark(x: Int(mx.rounded(.down)), y: Int(my.rounded(.down))) {
                            sum += dark
                        } else {
                            sum += light
                        }
                    }
                }
                if inside { pixels[index] = sum * weight }
            }
        }
    }
}

/// An ellipse of damage over a symbol, in module coordinates (without quiet zone).
struct Blot {
    var cx: Double
    var cy: Double
    var rx: Double
    var ry: Double
    var value: Float

    func contains(x: Double, y: Double) -> Bool {
        let dx = (x - cx) / rx
        let dy = (y - cy) / ry
        return dx * dx + dy * dy <= 1
    }
}

/// A projective map of the plane: (u, v) ↦ ((a u + b v + c) / w, (d u + e v + f) / w)
/// with w = g u + h v + i.
struct Homography {
    var m: [Double]  // a b c d e f g h i

    /// The map taking the square 0...side onto the quad `corners` (top-left, top-right,
    /// bottom-right, bottom-left), after Heckbert's square-to-quad construction.
    init(square side: Double, to corners: [(Double, Double)]) {
        let (x0, y0) = corners[0]
        let (x1, y1) = corners[1]
        let (x2, y2) = corners[2]
        let (x3, y3) = corners[3]
        let dx1 = x1 - x2
        let dx2 = x3 - x2
        let dx3 = x0 - x1 + x2 - x3
        let dy1 = y1 - y2
        let dy2 = y3 - y2
        let dy3 = y0 - y1 + y2 - y3
        var a: Double
        var b: Double
        var c: Double
        var d: Double
        var e: Double
        var f: Double
        var g: Double
        var h: Double
        if abs(dx3) < 1e-9 && abs(dy3) < 1e-9 {
            (a, b, c) = (x1 - x0, x2 - x1, x0)
            (d, e, f) = (y1 - y0, y2 - y1, y0)
            (g, h) = (0, 0)
        } else {
            let det = dx1 * dy2 - dx2 * dy1
            g = (dx3 * dy2 - dx2 * dy3) / det
            h = (dx1 * dy3 - dx3 * dy1) / det
            (a, b, c) = (x1 - x0 + g * x1, x3 - x0 + h * x3, x0)
            (d, e, f) = (y1 - y0 + g * y1, y3 - y0 + h * y3, y0)
        }
        // Unit square to quad, after scaling the square down by `side`.
        let s = 1 / side
        m = [a * s, b * s, c, d * s, e * s, f, g * s, h * s, 1]
    }

    init(matrix: [Double]) {
        m = matrix
    }

    func apply(_ u: Double, _ v: Double) -> (Double, Double) {
        let w = m[6] * u + m[7] * v + m[8]
        return ((m[0] * u + m[1] * v + m[2]) / w, (m[3] * u + m[4] * v + m[5]) / w)
    }

    /// The inverse map (the adjugate; the scale of a homography does not matter).
    var inverse: Homography {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        return Homography(matrix: [
            e * i - f * h, c * h - b * i, b * f - c * e,
            f * g - d * i, a * i - c * g, c * d - a * f,
            d * h - e * g, b * g - a * h, a * e - b * d,
        ])
    }
}
