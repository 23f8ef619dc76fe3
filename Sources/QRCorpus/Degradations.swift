// QRCorpus — Degradations: what cameras, light and compression do to a printed code.
import QRKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Canvas {
    /// Gaussian blur with standard deviation `sigma` pixels (separable, kernel ±3σ,
    /// edges extended).
    mutating func blur(sigma: Double) {
        guard sigma > 0.05 else { return }
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        var scratch = [Float](repeating: 0, count: pixels.count)
        let w = width
        let h = height
        pixels.withUnsafeBufferPointer { source in
            scratch.withUnsafeMutableBufferPointer { target in
                for row in 0..<h {
                    let base = row * w
                    for column in 0..<w {
                        var sum: Float = 0
                        for k in -radius...radius {
                            let x = min(w - 1, max(0, column + k))
                            sum += source[base + x] * kernel[k + radius]
                        }
                        target[base + column] = sum
                    }
                }
            }
        }
        scratch.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for row in 0..<h {
                    for column in 0..<w {
                        var sum: Float = 0
                        for k in -radius...radius {
                            let y = min(h - 1, max(0, row + k))
                            sum += source[y * w + column] * kernel[k + radius]
                        }
                        target[row * w + column] = sum
                    }
                }
            }
        }
    }

    /// Adds Gaussian noise of standard deviation `sigma` levels to every pixel.
    mutating func addNoise(sigma: Double, _ random: inout SplitMix64) {
        guard sigma > 0 else { return }
        for index in pixels.indices {
            pixels[index] += Float(random.gaussian() * sigma)
        }
    }

    /// Sets a `fraction` of pixels, at random, to black or white (dead and hot pixels,
    /// dust).
    mutating func saltAndPepper(fraction: Double, _ random: inout SplitMix64) {
        let count = Int(Double(pixels.count) * fraction)
        for _ in 0..<count {
            pixels[random.int(in: 0..<pixels.count)] = random.chance(0.5) ? 0 : 255
        }
    }

    /// Squeezes the range of shades around `middle`: 0…255 becomes
    /// `middle - spread/2 … middle + spread/2`.
    mutating func compressContrast(middle: Double, spread: Double) {
        let scale = Float(spread / 255)
        let offset = Float(middle - spread / 2)
        for index in pixels.indices {
            pixels[index] = offset + max(0, min(255, pixels[index])) * scale
        }
    }

    /// Lights the picture unevenly: a ramp from `dim` to full light across it at
    /// `angle`, a soft spotlight, and a shadow with a soft edge over part of it.
    mutating func lightUnevenly(
        angle: Double, dim: Double, spot: (x: Double, y: Double, radius: Double, gain: Double),
        shadow: (angle: Double, offset: Double, depth: Double, softness: Double)
    ) {
        let ux = cos(angle)
        let uy = sin(angle)
        let sx = cos(shadow.angle)
        let sy = sin(shadow.angle)
        let w = Double(width)
        let h = Double(height)
        let diagonal = (w * w + h * h).squareRoot()
        for row in 0..<height {
            let y = Double(row)
            for column in 0..<width {
                let x = Double(column)
                // Ramp: 0 at one corner, 1 at the other, along (ux, uy).
                let t = ((x - w / 2) * ux + (y - h / 2) * uy) / diagonal + 0.5
                var light = dim + (1 - dim) * t
                let dx = x - spot.x
                let dy = y - spot.y
                light += spot.gain * exp(-(dx * dx + dy * dy) / (2 * spot.radius * spot.radius))
                // Signed distance to the shadow's edge; the shadow is on the positive side.
                let d = ((x - w / 2) * sx + (y - h / 2) * sy) / diagonal - shadow.offset
                light *= 1 - shadow.depth / (1 + exp(-d / shadow.softness))
                pixels[row * width + column] *= Float(light)
            }
        }
    }

    /// Swaps dark and light.
    mutating func invert() {
        for index in pixels.indices { pixels[index] = 255 - pixels[index] }
    }

    /// Blocky lossy compression as JPEG does it: each 8 × 8 block goes through the
    /// discrete cosine transform, its coefficients are rounded to multiples of the
    /// standard luminance table scaled for `quality` (1 worst … 100 best, as libjpeg
    /// counts), and it comes back. Blocks at the right and bottom edges are padded by
    /// repeating the last pixel.
    mutating func compressInBlocks(quality: Int) {
        let q = max(1, min(100, quality))
        let scale = q < 50 ? 5000 / q : 200 - 2 * q
        let table = Self.jpegLuminance.map { Float(max(1, min(255, ($0 * scale + 50) / 100))) }
        let basis = Self.dctBasis
        var block = [Float](repeating: 0, count: 64)
        var temp = [Float](repeating: 0, count: 64)
        var coefficients = [Float](repeating: 0, count: 64)
        for by in stride(from: 0, to: height, by: 8) {
            for bx in stride(from: 0, to: width, by: 8) {
                for y in 0..<8 {
                    let row = min(height - 1, by + y) * width
                    for x in 0..<8 { block[y * 8 + x] = max(0, min(255, pixels[row + min(width - 1, bx + x)])) - 128 }
                }
                // Forward: F = C · B · Cᵀ.
                for u in 0..<8 {
                    for x in 0..<8 {
                        var sum: Float = 0
                        for y in 0..<8 { sum += basis[u * 8 + y] * block[y * 8 + x] }
                        temp[u * 8 + x] = sum
                    }
                }
                for u in 0..<8 {
                    for v in 0..<8 {
                        var sum: Float = 0
                        for x in 0..<8 { sum += temp[u * 8 + x] * basis[v * 8 + x] }
                        coefficients[u * 8 + v] = (sum / table[u * 8 + v]).rounded() * table[u * 8 + v]
                    }
                }
                // Inverse: B = Cᵀ · F · C.
                for y in 0..<8 {
                    for v in 0..<8 {
                        var sum: Float = 0
                        for u in 0..<8 { sum += basis[u * 8 + y] * coefficients[u * 8 + v] }
                        temp[y * 8 + v] = sum
                    }
                }
                for y in 0..<8 where by + y < height {
                    for x in 0..<8 where bx + x < width {
                        var sum: Float = 0
                        for v in 0..<8 { sum += temp[y * 8 + v] * basis[v * 8 + x] }
                        pixels[(by + y) * width + bx + x] = sum + 128
                    }
                }
            }
        }
    }

    /// The orthonormal 8-point DCT-II basis: C[u][x] = c(u) cos((2x + 1) u π / 16).
    private static let dctBasis: [Float] = (0..<64).map { index in
        let u = index / 8
        let x = index % 8
        let c = u == 0 ? (1.0 / 8).squareRoot() : (2.0 / 8).squareRoot()
        return Float(c * cos(Double(2 * x + 1) * Double(u) * Double.pi / 16))
    }

    /// The luminance quantisation table of the JPEG standard (Annex K), row-major.
    private static let jpegLuminance: [Int] = [
        16, 11, 10, 16, 24, 40, 51, 61,
        12, 12, 14, 19, 26, 58, 60, 55,
        14, 13, 16, 24, 40, 57, 69, 56,
        14, 17, 22, 29, 51, 87, 80, 62,
        18, 22, 37, 56, 68, 109, 103, 77,
        24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101,
        72, 92, 95, 98, 112, 100, 103, 99,
    ]
}
