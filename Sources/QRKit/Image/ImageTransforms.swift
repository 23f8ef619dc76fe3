// QRKit — ImageTransforms: the derived pictures that extra decode passes feed to engines.

extension GrayImage {
    /// The picture with black and white swapped (for light-on-dark codes).
    public func inverted() -> GrayImage {
        GrayImage(width: width, height: height, pixels: pixels.map { 255 &- $0 })
    }

    /// The picture resized to `newWidth` x `newHeight`.
    ///
    /// Shrinking averages each source box; growing interpolates bilinearly, which keeps
    /// module edges smooth enough for a binariser.
    public func resized(width newWidth: Int, height newHeight: Int) -> GrayImage {
        precondition(newWidth > 0 && newHeight > 0, "resized needs a positive size")
        if newWidth == width && newHeight == height { return self }
        if newWidth <= width && newHeight <= height {
            return boxShrunk(width: newWidth, height: newHeight)
        }
        return bilinear(width: newWidth, height: newHeight)
    }

    /// The picture scaled by `factor` on both axes (at least 1 x 1).
    public func scaled(by factor: Double) -> GrayImage {
        resized(
            width: max(1, Int((Double(width) * factor).rounded())),
            height: max(1, Int((Double(height) * factor).rounded())))
    }

    /// The picture inside a border of `border` pixels of shade `value` (a quiet zone).
    public func padded(by border: Int, value: UInt8 = 255) -> GrayImage {
        guard border > 0 else { return self }
        let newWidth = width + 2 * border
        var out = [UInt8](repeating: value, count: newWidth * (height + 2 * border))
        for y in 0..<height {
            let dst = (y + border) * newWidth + border
            out.replaceSubrange(dst..<dst + width, with: pixels[y * width..<(y + 1) * width])
        }
        return GrayImage(width: newWidth, height: height + 2 * border, pixels: out)
    }

    private func boxShrunk(width newWidth: Int, height newHeight: Int) -> GrayImage {
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        pixels.withUnsafeBufferPointer { src in
            for ny in 0..<newHeight {
                let y0 = ny * height / newHeight
                let y1 = max(y0 + 1, (ny + 1) * height / newHeight)
                for nx in 0..<newWidth {
                    let x0 = nx * width / newWidth
                    let x1 = max(x0 + 1, (nx + 1) * width / newWidth)
                    var sum = 0
                    for y in y0..<y1 {
                        let row = y * width
                        for x in x0..<x1 { sum += Int(src[row + x]) }
                    }
                    out[ny * newWidth + nx] = UInt8(sum / ((y1 - y0) * (x1 - x0)))
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    private func bilinear(width newWidth: Int, height newHeight: Int) -> GrayImage {
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        let sx = Double(width) / Double(newWidth)
        let sy = Double(height) / Double(newHeight)
        pixels.withUnsafeBufferPointer { src in
            for ny in 0..<newHeight {
                let fy = max(0, (Double(ny) + 0.5) * sy - 0.5)
                let y0 = min(Int(fy), height - 1)
                let y1 = min(y0 + 1, height - 1)
                let wy = fy - Double(y0)
                for nx in 0..<newWidth {
                    let fx = max(0, (Double(nx) + 0.5) * sx - 0.5)
                    let x0 = min(Int(fx), width - 1)
                    let x1 = min(x0 + 1, width - 1)
                    let wx = fx - Double(x0)
                    let top = Double(src[y0 * width + x0]) * (1 - wx) + Double(src[y0 * width + x1]) * wx
                    let bottom = Double(src[y1 * width + x0]) * (1 - wx) + Double(src[y1 * width + x1]) * wx
                    out[ny * newWidth + nx] = UInt8((top * (1 - wy) + bottom * wy).rounded())
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// The picture blurred by a box of `radius` pixels each side, horizontally then
    /// vertically; three such passes approximate a Gaussian of sigma ≈ radius.
    public func boxBlurred(radius: Int) -> GrayImage {
        guard radius > 0 else { return self }
        let horizontal = Self.boxPass(pixels, length: width, lines: height, step: 1, lineStride: width, radius: radius)
        let both = Self.boxPass(horizontal, length: height, lines: width, step: width, lineStride: 1, radius: radius)
        return GrayImage(width: width, height: height, pixels: both)
    }

    /// One running-sum box pass along lines of `length` pixels (`step` apart), clamping at the ends.
    private static func boxPass(
        _ source: [UInt8], length: Int, lines: Int, step: Int, lineStride: Int, radius: Int
    ) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: source.count)
        let window = 2 * radius + 1
        source.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for line in 0..<lines {
                    let base = line * lineStride
                    func at(_ i: Int) -> Int { Int(src[base + min(max(i, 0), length - 1) * step]) }
                    var sum = 0
                    for i in -radius...radius { sum += at(i) }
                    for i in 0..<length {
                        dst[base + i * step] = UInt8((sum + window / 2) / window)
                        sum += at(i + radius + 1) - at(i - radius)
                    }
                }
            }
        }
        return out
    }
}

