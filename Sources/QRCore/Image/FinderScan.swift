// QRKit — FinderScan: a cheap look for anything like a QR finder pattern, which decides
// whether a picture's expensive decode passes are worth running.

extension GrayImage {
    /// Whether the picture shows anything like a QR finder pattern: across a row, runs of
    /// dark, light, dark, light, dark in the ratio 1:1:3:1:1, and the same down the
    /// column through their middle, dark on light or light on dark.
    ///
    /// A symbol, even one too blurred, small, bent or damaged for an engine's first pass,
    /// keeps at least one of its finders in that shape (three in a QR symbol, one in a
    /// Micro QR symbol), so a picture without one holds nothing the expensive passes
    /// could read (``DecodeEngine`` passes after the first). Fine noise, with runs of
    /// every length, can pass the look: it errs towards running the passes. Every other
    /// row is looked at (every third in pictures over 2000 rows), against a threshold
    /// that follows the light along the row; the look stops at the first finder confirmed.
    package func hasFinderLikePattern() -> Bool {
        guard width >= 7, height >= 7 else { return false }
        let rowStep = height > 2000 ? 3 : 2
        let radius = max(8, width / 12)
        return withRows { storage, offset, stride in
            // Local to the closure, so that no access to them is checked at run time.
            var sums = [Int](repeating: 0, count: width + 1)
            // Run lengths along a row, light and dark in turn, the first of the colour of
            // the row's first pixel.
            var runs = [Int](repeating: 0, count: width)
            for y in Swift.stride(from: rowStep / 2, to: height, by: rowStep) {
                let row = offset + y * stride
                for x in 0..<width { sums[x + 1] = sums[x] + Int(storage[row + x]) }
                func isDark(_ x: Int) -> Bool {
                    let low = max(0, x - radius)
                    let high = min(width, x + radius + 1)
                    return Int(storage[row + x]) * (high - low) < sums[high] - sums[low]
                }
                let firstIsDark = isDark(0)
                var count = 0
                var current = firstIsDark
                var length = 1
                for x in 1..<width {
                    if isDark(x) == current {
                        length += 1
                    } else {
                        runs[count] = length
                        count += 1
                        length = 1
                        current.toggle()
                    }
                }
                runs[count] = length
                count += 1
                // Every five runs in a row, starting dark (dark on light) or light (light
                // on dark), each confirmed down its centre's column.
                var position = 0
                for index in 0..<max(0, count - 4) {
                    defer { position += runs[index] }
                    guard
                        isFinderRatio(
                            runs[index], runs[index + 1], runs[index + 2], runs[index + 3], runs[index + 4])
                    else { continue }
                    let centre = position + runs[index] + runs[index + 1] + runs[index + 2] / 2
                    let low = max(0, centre - radius)
                    let high = min(width, centre + radius + 1)
                    let across = runs[index] + runs[index + 1] + runs[index + 2] + runs[index + 3] + runs[index + 4]
                    if confirmsDown(
                        x: centre, y: y, threshold: (sums[high] - sums[low]) / (high - low),
                        darkOnLight: firstIsDark == (index % 2 == 0), across: across, storage: storage,
                        offset: offset, stride: stride)
                    {
                        return true
                    }
                }
            }
            return false
        }
    }

    /// Whether the column through (`x`, `y`) shows the same 1:1:3:1:1 pattern, of a size
    /// within half of the `across` pixels the row's pattern spans.
    private func confirmsDown(
        x: Int, y: Int, threshold: Int, darkOnLight: Bool, across: Int, storage: UnsafeBufferPointer<UInt8>,
        offset: Int, stride: Int
    ) -> Bool {
        func isStart(_ row: Int) -> Bool { (Int(storage[offset + row * stride + x]) < threshold) == darkOnLight }
        let limit = across * 2
        // From the centre up, then down: the centre run, the ring, the outer run.
        guard isStart(y), let up = finderRuns(from: y, step: -1, extent: height, limit: limit, isCentre: isStart),
            let down = finderRuns(from: y, step: 1, extent: height, limit: limit, isCentre: isStart)
        else { return false }
        let centre = up.centre + down.centre - 1
        let total = up.outer + up.ring + centre + down.ring + down.outer
        return isFinderRatio(up.outer, up.ring, centre, down.ring, down.outer) && 2 * total >= across
            && total <= 2 * across
    }
}
