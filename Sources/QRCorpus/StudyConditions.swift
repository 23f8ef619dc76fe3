// QRCorpus — StudyConditions: glare, hard shadows, screens, exposure, motion and halftone print,
// the conditions field studies of QR readers photograph.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import QRKit

/// A soft-edged ellipse on the canvas, in pixels: a highlight's core.
struct Spot {
    var centre: SIMD2<Double>
    var radii: SIMD2<Double>
    /// The direction of the first radius, in radians from the rows.
    var angle: Double

    /// The squared distance from the centre of (`x`, `y`) in units of the radii.
    func distanceSquared(_ x: Double, _ y: Double) -> Double {
        let dx = x - centre.x
        let dy = y - centre.y
        let along = (dx * cos(angle) + dy * sin(angle)) / radii.x
        let across = (-dx * sin(angle) + dy * cos(angle)) / radii.y
        return along * along + across * across
    }
}

extension Canvas {
    /// Adds a specular highlight: light added (not multiplied: the reflection is of the
    /// lamp, not of the paper) with a Gaussian profile of the spot's radii and a peak of
    /// `strength` × 255, plus a halo three times as wide at `halo` of it. Pixels pushed past
    /// white are clipped when the picture is finished, so the core loses its modules.
    mutating func addGlare(_ spot: Spot, strength: Double, halo: Double) {
        let wide = Spot(centre: spot.centre, radii: spot.radii * 3, angle: spot.angle)
        for row in 0..<height {
            for column in 0..<width {
                let x = Double(column) + 0.5
                let y = Double(row) + 0.5
                let light =
                    strength * exp(-spot.distanceSquared(x, y) / 2) + halo * exp(-wide.distanceSquared(x, y) / 2)
                pixels[row * width + column] += Float(255 * light)
            }
        }
    }

    /// Darkens the side of a line away from its normal by `depth` (0 none … 1 black): the
    /// line passes through `through` at `angle` radians; `softness` pixels is the width
    /// of the penumbra (a logistic edge), small for a hard shadow.
    mutating func castShadow(through: SIMD2<Double>, angle: Double, depth: Double, softness: Double) {
        let nx = -sin(angle)
        let ny = cos(angle)
        for row in 0..<height {
            for column in 0..<width {
                let d = (Double(column) + 0.5 - through.x) * nx + (Double(row) + 0.5 - through.y) * ny
                let shade = 1 - depth / (1 + exp(-d / max(0.05, softness)))
                pixels[row * width + column] *= Float(shade)
            }
        }
    }

    /// The picture as a camera sees it shown on a screen: every screen pixel, `pitch`
    /// canvas pixels wide and turned by `angle`, lights three vertical sub-pixel stripes
    /// (red, green, blue, of unequal brightness to a grey camera) inside a dark grid
    /// (`gap`, a fraction of the pitch); `depth` (0…1) is how much of that pattern the
    /// camera resolves. Each canvas pixel averages 4 × 4 points of the pattern, so a
    /// pitch near the pixel size beats into moiré. The screen's black is not black:
    /// `glow` levels are added.
    mutating func photographScreen(pitch: Double, angle: Double, gap: Double, depth: Double, glow: Float) {
        // Green is brightest to a camera's luminance, blue darkest; the mean is 1.
        let stripes: [Double] = [1.0, 1.45, 0.55]
        let patterns = screenMeans(pitch: pitch, angle: angle, samples: 4) { _, u, v in
            let fu = u - u.rounded(.down)
            let fv = v - v.rounded(.down)
            guard fu >= gap && fv >= gap else { return 0 }
            let stripe = min(2, max(0, Int((fu - gap) / (1 - gap) * 3)))
            return stripes[stripe] / ((1 - gap) * (1 - gap))
        }
        for index in pixels.indices {
            pixels[index] = glow + pixels[index] * Float(1 - depth + depth * patterns[index])
        }
    }

    /// A camera's exposure: each level times `gain`, plus `offset` (clipping happens when
    /// the picture is finished).
    mutating func expose(gain: Double, offset: Double) {
        let g = Float(gain)
        let o = Float(offset)
        for index in pixels.indices { pixels[index] = pixels[index] * g + o }
    }

    /// Linear motion blur: each pixel the mean of the picture along a segment of
    /// `length` pixels at `angle` radians centred on it (bilinear samples half a pixel
    /// apart; edges extended).
    mutating func motionBlur(length: Double, angle: Double) {
        guard length > 0.5 else { return }
        let steps = max(2, Int((length * 2).rounded(.up)))
        let dx = cos(angle) * length / Double(steps)
        let dy = sin(angle) * length / Double(steps)
        let source = pixels
        let w = width
        let h = height
        func sample(_ x: Double, _ y: Double) -> Float {
            let cx = min(Double(w - 1), max(0, x))
            let cy = min(Double(h - 1), max(0, y))
            let x0 = Int(cx)
            let y0 = Int(cy)
            let x1 = min(w - 1, x0 + 1)
            let y1 = min(h - 1, y0 + 1)
            let fx = Float(cx - Double(x0))
            let fy = Float(cy - Double(y0))
            let top = source[y0 * w + x0] * (1 - fx) + source[y0 * w + x1] * fx
            let bottom = source[y1 * w + x0] * (1 - fx) + source[y1 * w + x1] * fx
            return top * (1 - fy) + bottom * fy
        }
        for row in 0..<h {
            for column in 0..<w {
                var sum: Float = 0
                for step in 0...steps {
                    let t = Double(step) - Double(steps) / 2
                    sum += sample(Double(column) + t * dx, Double(row) + t * dy)
                }
                pixels[row * w + column] = sum / Float(steps + 1)
            }
        }
    }

    /// Prints the picture in halftone: a screen of round dots, `pitch` pixels apart and
    /// turned by `angle`, each covering the share of its cell that the shade underneath
    /// asks for (cosine spot function), in `ink` on `paper`. Each pixel averages 3 × 3
    /// points, as a camera's pixel sees a dot's edge.
    mutating func halftone(pitch: Double, angle: Double, ink: Float, paper: Float) {
        let coverage = pixels.map { 1 - Double(max(0, min(255, $0))) / 255 }
        let shares = screenMeans(pitch: pitch, angle: angle, samples: 3) { index, u, v in
            // 0 at a dot's centre, 1 between four dots.
            let spot = 0.5 - (cos(2 * Double.pi * u) + cos(2 * Double.pi * v)) / 4
            return spot < coverage[index] ? 1 : 0
        }
        for index in pixels.indices {
            let share = Float(shares[index])
            pixels[index] = ink * share + paper * (1 - share)
        }
    }

    /// For each pixel, the mean of `value` over `samples` × `samples` points of it, given
    /// the pixel's index and each point's coordinates on a screen of cells `pitch` pixels
    /// wide turned by `angle` (a display's pixels, a halftone's dots).
    private func screenMeans(
        pitch: Double, angle: Double, samples n: Int, _ value: (Int, Double, Double) -> Double
    ) -> [Double] {
        let c = cos(angle) / pitch
        let s = sin(angle) / pitch
        let offsets = (0..<n).map { (Double($0) + 0.5) / Double(n) }
        var means = [Double](repeating: 0, count: pixels.count)
        for row in 0..<height {
            for column in 0..<width {
                let index = row * width + column
                var sum = 0.0
                for oy in offsets {
                    for ox in offsets {
                        let x = Double(column) + ox
                        let y = Double(row) + oy
                        sum += value(index, x * c + y * s, -x * s + y * c)
                    }
                }
                means[index] = sum / Double(n * n)
            }
        }
        return means
    }
}

extension Spot {
    /// The long radius of a highlight of `strength`, `aspect` as wide as long, whose lost
    /// modules (where the light added passes the middle between ink and paper, some 100
    /// levels) cover `share` of a code `side` pixels wide.
    static func radius(losing share: Double, of side: Double, strength: Double, aspect: Double) -> Double {
        let lost = 2 * log(strength * 255 / 100)
        return (share * side * side / (Double.pi * lost * aspect)).squareRoot()
    }
}
