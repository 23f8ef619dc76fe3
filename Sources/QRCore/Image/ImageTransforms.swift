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
        return GrayImage(
            width: width + 2 * border, height: height + 2 * border, pixels: paddedPixels(by: border, value: value))
    }

    /// The picture padded as ``padded(by:value:)`` does, then blurred `times` times as
    /// ``boxBlurred(radius:)`` does, in one new buffer.
    ///
    /// The same pixels as `padded(by:value:)` followed by `times` calls of
    /// `boxBlurred(radius:)`, without their intermediate pictures: for a 9000 × 9000
    /// picture, one 117 MB buffer instead of three at once.
    public func paddedAndBlurred(by border: Int, value: UInt8 = 255, radius: Int, times: Int) -> GrayImage {
        let border = max(0, border)
        var out = border > 0 ? paddedPixels(by: border, value: value) : pixels
        let newWidth = width + 2 * border
        let newHeight = height + 2 * border
        if radius > 0 {
            for _ in 0..<max(0, times) {
                Self.blurInPlace(&out, width: newWidth, height: newHeight, radius: radius)
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// The pixels of the picture inside a border of `border` (> 0) pixels of `value`.
    private func paddedPixels(by border: Int, value: UInt8) -> [UInt8] {
        let newWidth = width + 2 * border
        var out = [UInt8](repeating: value, count: newWidth * (height + 2 * border))
        for y in 0..<height {
            let dst = (y + border) * newWidth + border
            let src = offset + y * stride
            out.replaceSubrange(dst..<dst + width, with: storage[src..<src + width])
        }
        return out
    }

    /// Each output pixel the mean of its source box; the boxes' column bounds are
    /// worked out once per picture rather than once per pixel.
    private func boxShrunk(width newWidth: Int, height newHeight: Int) -> GrayImage {
        let columns = (0...newWidth).map { $0 * width / newWidth }
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        pixels.withUnsafeBufferPointer { src in
            columns.withUnsafeBufferPointer { columns in
                out.withUnsafeMutableBufferPointer { dst in
                    for ny in 0..<newHeight {
                        let y0 = ny * height / newHeight
                        let y1 = max(y0 + 1, (ny + 1) * height / newHeight)
                        let out = ny &* newWidth
                        for nx in 0..<newWidth {
                            let x0 = columns[nx]
                            let x1 = max(x0 + 1, columns[nx + 1])
                            // Halving makes boxes of 2 × 2 all but everywhere: summed
                            // and shifted without loops, checks or a division (the same
                            // mean), which cost a large picture's halving several times over.
                            if x1 &- x0 == 2, y1 &- y0 == 2 {
                                let top = y0 &* width &+ x0
                                let bottom = top &+ width
                                let sum =
                                    Int(src[top]) &+ Int(src[top &+ 1]) &+ Int(src[bottom]) &+ Int(src[bottom &+ 1])
                                dst[out &+ nx] = UInt8(truncatingIfNeeded: sum &>> 2)
                                continue
                            }
                            // Quartering, boxes of 4 × 4 likewise.
                            if x1 &- x0 == 4, y1 &- y0 == 4 {
                                var sum = 0
                                var row = y0 &* width &+ x0
                                for _ in 0..<4 {
                                    sum &+=
                                        Int(src[row]) &+ Int(src[row &+ 1]) &+ Int(src[row &+ 2]) &+ Int(src[row &+ 3])
                                    row &+= width
                                }
                                dst[out &+ nx] = UInt8(truncatingIfNeeded: sum &>> 4)
                                continue
                            }
                            var sum = 0
                            for y in y0..<y1 {
                                let row = y * width
                                for x in x0..<x1 { sum += Int(src[row + x]) }
                            }
                            dst[out &+ nx] = UInt8(sum / ((y1 - y0) * (x1 - x0)))
                        }
                    }
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// Bilinear interpolation in fixed point (16-bit fractions), separably: each source
    /// row that is needed is interpolated across once, into one of two row buffers, and
    /// every output row blends the two. Growing a picture 2 to 4 times, as the rescaled
    /// passes do, reuses each pair of source rows for several output rows.
    ///
    /// Sample positions are those of pixel centres: output x maps to
    /// `(x + 0.5) * width / newWidth - 0.5`, clamped at the edges.
    private func bilinear(width newWidth: Int, height newHeight: Int) -> GrayImage {
        let one = 1 << 16
        /// The source index below a sample and the weight of the one after it, in 1/65536.
        func samples(_ count: Int, from source: Int) -> (index: [Int], weight: [Int]) {
            var index = [Int](repeating: 0, count: count)
            var weight = [Int](repeating: 0, count: count)
            for i in 0..<count {
                // (i + 0.5) * source / count - 0.5, in 1/65536, never below 0.
                let position = max(0, ((2 * i + 1) * source * one / count - one) / 2)
                let whole = min(position >> 16, source - 1)
                index[i] = whole
                weight[i] = whole + 1 < source ? position - (whole << 16) : 0
            }
            return (index, weight)
        }
        let across = samples(newWidth, from: width)
        let down = samples(newHeight, from: height)
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        // rows.0 holds source row `loaded.0` interpolated across, rows.1 row `loaded.1`.
        var upper = [Int](repeating: 0, count: newWidth)
        var lower = [Int](repeating: 0, count: newWidth)
        var loaded = (-1, -1)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                across.index.withUnsafeBufferPointer { xIndex in
                    across.weight.withUnsafeBufferPointer { xWeight in
                        func interpolate(row y: Int, into line: inout [Int]) {
                            let base = y * width
                            line.withUnsafeMutableBufferPointer { line in
                                for nx in 0..<newWidth {
                                    let x0 = xIndex[nx]
                                    let w = xWeight[nx]
                                    let a = Int(src[base + x0])
                                    let b = w == 0 ? a : Int(src[base + x0 + 1])
                                    line[nx] = a * (one - w) + b * w
                                }
                            }
                        }
                        for ny in 0..<newHeight {
                            let y0 = down.index[ny]
                            let wy = down.weight[ny]
                            let y1 = wy == 0 ? y0 : y0 + 1
                            if loaded.0 != y0 {
                                if loaded.1 == y0 {
                                    swap(&upper, &lower)
                                    loaded = (y0, loaded.0)
                                } else {
                                    interpolate(row: y0, into: &upper)
                                    loaded.0 = y0
                                }
                            }
                            if wy != 0, loaded.1 != y1 {
                                interpolate(row: y1, into: &lower)
                                loaded.1 = y1
                            }
                            let base = ny * newWidth
                            upper.withUnsafeBufferPointer { top in
                                if wy == 0 {
                                    for nx in 0..<newWidth { dst[base + nx] = UInt8((top[nx] + one / 2) >> 16) }
                                    return
                                }
                                lower.withUnsafeBufferPointer { bottom in
                                    let half = 1 << 31
                                    for nx in 0..<newWidth {
                                        dst[base + nx] = UInt8((top[nx] * (one - wy) + bottom[nx] * wy + half) >> 32)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// The picture blurred by a box of `radius` pixels each side, horizontally then
    /// vertically; three such passes approximate a Gaussian of sigma ≈ radius.
    public func boxBlurred(radius: Int) -> GrayImage {
        guard radius > 0 else { return self }
        var out = pixels
        Self.blurInPlace(&out, width: width, height: height, radius: radius)
        return GrayImage(width: width, height: height, pixels: out)
    }

    /// One box blur of `pixels` (`width` × `height`) in place: a running-sum pass along
    /// each row, then one down the columns, clamping at the edges; each output is the
    /// window's sum over its size, rounded to nearest.
    ///
    /// The column pass walks the picture row by row, with a running sum per column and the
    /// original values of the last `radius + 1` rows kept aside, so it reads memory in
    /// order and needs no second picture.
    static func blurInPlace(_ pixels: inout [UInt8], width: Int, height: Int, radius: Int) {
        let window = 2 * radius + 1
        // The rounded mean of every sum a window can have, looked up rather than divided
        // for each pixel: a division costs tens of cycles, and there are two a pixel.
        let means = (0...(255 * window)).map { UInt8(($0 + window / 2) / window) }
        means.withUnsafeBufferPointer { mean in
            pixels.withUnsafeMutableBufferPointer { image in
                // Rows: each row is copied aside, then averaged back into place.
                var line = [UInt8](repeating: 0, count: width)
                line.withUnsafeMutableBufferPointer { row in
                    for y in 0..<height {
                        let base = y * width
                        for x in 0..<width { row[x] = image[base + x] }
                        func at(_ i: Int) -> Int { Int(row[min(max(i, 0), width - 1)]) }
                        var sum = 0
                        for i in -radius...radius { sum += at(i) }
                        for x in 0..<width {
                            image[base + x] = mean[sum]
                            sum += at(x + radius + 1) - at(x - radius)
                        }
                    }
                }
                // Columns: sums[x] is the window around row y in column x.
                var sums = [Int](repeating: 0, count: width)
                var kept = [UInt8](repeating: 0, count: width * (radius + 1))
                sums.withUnsafeMutableBufferPointer { sums in
                    kept.withUnsafeMutableBufferPointer { kept in
                        for i in -radius...radius {
                            let base = min(max(i, 0), height - 1) * width
                            for x in 0..<width { sums[x] += Int(image[base + x]) }
                        }
                        for y in 0..<height {
                            let base = y * width
                            // Row y's original values, before they are overwritten: rows y-radius
                            // up to y are needed later, so radius + 1 slots in turn.
                            let slot = (y % (radius + 1)) * width
                            for x in 0..<width { kept[slot + x] = image[base + x] }
                            for x in 0..<width { image[base + x] = mean[sums[x]] }
                            guard y + 1 < height else { break }
                            // Slide the window down: add row y+radius+1 (not yet overwritten, as it
                            // is below y once clamped), drop row y-radius (kept aside).
                            let added = min(y + radius + 1, height - 1) * width
                            let dropped = (max(y - radius, 0) % (radius + 1)) * width
                            for x in 0..<width { sums[x] += Int(image[added + x]) - Int(kept[dropped + x]) }
                        }
                    }
                }
            }
        }
    }

    /// The picture with its tones stretched to the full 0...255 range, or nil when they
    /// already span most of it (`minimumGain`: the stretch must widen the range by that
    /// factor at least). The darkest and lightest 0.5% are clipped, so a few specks do
    /// not hold the stretch back.
    public func contrastStretched(minimumGain: Double = 1.5) -> GrayImage? {
        var histogram = [Int](repeating: 0, count: 256)
        for p in pixels { histogram[Int(p)] += 1 }
        let clip = pixelCount / 200
        var low = 0
        var seen = 0
        while low < 255, seen + histogram[low] <= clip {
            seen += histogram[low]
            low += 1
        }
        var high = 255
        seen = 0
        while high > low, seen + histogram[high] <= clip {
            seen += histogram[high]
            high -= 1
        }
        let range = high - low
        guard range > 0, Double(range) * minimumGain <= 255 else { return nil }
        let table = (0...255).map { value -> UInt8 in
            UInt8(min(max((value - low) * 255 / range, 0), 255))
        }
        return GrayImage(width: width, height: height, pixels: pixels.map { table[Int($0)] })
    }
}
