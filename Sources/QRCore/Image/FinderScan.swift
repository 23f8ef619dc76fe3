// QRKit — FinderScan: a cheap look for anything like a QR finder pattern, which decides
// whether a picture's expensive decode passes are worth running.

extension GrayImage {
    /// Whether the picture shows anything like a QR finder pattern: across a row, runs of
    /// dark, light, dark, light, dark in the ratio 1:1:3:1:1, and the same down the
    /// column through their middle, dark on light or light on dark.
    ///
    /// A symbol, even one too blurred, small, bent or damaged for an engine's first pass,
    /// keeps at least one of its three finders in that shape, so a picture without one
    /// holds nothing the expensive passes could read (``DecodeEngine`` passes after the
    /// first). Fine noise, with runs of every length, can pass the look: it errs towards
    /// running the passes. Every other row is looked at (every third in pictures over 2000 rows),
    /// against a threshold that follows the light along the row; the look stops at the
    /// first finder confirmed.
    package func hasFinderLikePattern() -> Bool {
        guard width >= 7, height >= 7 else { return false }
        let rowStep = height > 2000 ? 3 : 2
        let radius = max(8, width / 12)
        var sums = [Int](repeating: 0, count: width + 1)
        var dark = [Bool](repeating: false, count: width)
        var runs: [Int] = []
        runs.reserveCapacity(width)
        return withRows { storage, offset, stride in
            for y in Swift.stride(from: rowStep / 2, to: height, by: rowStep) {
                let row = offset + y * stride
                for x in 0..<width { sums[x + 1] = sums[x] + Int(storage[row + x]) }
                for x in 0..<width {
                    let low = max(0, x - radius)
                    let high = min(width, x + radius + 1)
                    dark[x] = Int(storage[row + x]) * (high - low) < sums[high] - sums[low]
                }
                for darkOnLight in [true, false]
                where
                    scanRow(
                        y: y, dark: dark, darkOnLight: darkOnLight, runs: &runs, storage: storage, offset: offset,
                        stride: stride, sums: sums, radius: radius)
                {
                    return true
                }
            }
            return false
        }
    }

    /// Looks along row `y`, classified in `dark`, for a 1:1:3:1:1 run sequence that starts
    /// dark (`darkOnLight`) or light, and confirms each one found down its column.
    private func scanRow(
        y: Int, dark: [Bool], darkOnLight: Bool, runs: inout [Int], storage: UnsafeBufferPointer<UInt8>, offset: Int,
        stride: Int, sums: [Int], radius: Int
    ) -> Bool {
        // Run lengths, the first run being of the colour the pattern starts with.
        runs.removeAll(keepingCapacity: true)
        var x = 0
        while x < width, dark[x] != darkOnLight { x += 1 }
        let start = x
        var length = 0
        var current = darkOnLight
        while x < width {
            if dark[x] == current {
                length += 1
            } else {
                runs.append(length)
                length = 1
                current.toggle()
            }
            x += 1
        }
        runs.append(length)
        // Runs at even indices are of the starting colour: a pattern starts at one.
        var position = start
        var index = 0
        while index + 4 < runs.count {
            let five = runs[index..<index + 5]
            if Self.isFinderRatio(five) {
                let centre = position + runs[index] + runs[index + 1] + runs[index + 2] / 2
                let low = max(0, centre - radius)
                let high = min(width, centre + radius + 1)
                let threshold = (sums[high] - sums[low]) / (high - low)
                if confirmsDown(
                    x: centre, y: y, threshold: threshold, darkOnLight: darkOnLight, across: five.reduce(0, +),
                    storage: storage, offset: offset, stride: stride)
                {
                    return true
                }
            }
            position += runs[index] + runs[index + 1]
            index += 2
        }
        return false
    }

    /// Whether five run lengths are about 1:1:3:1:1: each outer run within half a module
    /// of one module, the centre within a module and a half of three.
    private static func isFinderRatio(_ runs: ArraySlice<Int>) -> Bool {
        let total = runs.reduce(0, +)
        guard total >= 7 else { return false }
        // In sevenths of a pixel, to stay in integers: a module is `total` sevenths.
        let module = total
        let values = Array(runs).map { $0 * 7 }
        let half = module / 2
        return abs(values[0] - module) <= half && abs(values[1] - module) <= half
            && abs(values[2] - 3 * module) <= 3 * half && abs(values[3] - module) <= half
            && abs(values[4] - module) <= half
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
        func walk(_ step: Int) -> [Int]? {
            var counts = [0, 0, 0]
            var row = y
            for phase in 0..<3 {
                let wanted = phase != 1
                while row >= 0, row < height, isStart(row) == wanted, counts[phase] <= limit {
                    counts[phase] += 1
                    row += step
                }
                if counts[phase] == 0 || counts[phase] > limit { return nil }
            }
            return counts
        }
        guard isStart(y), let up = walk(-1), let down = walk(1) else { return false }
        let runs = [up[2], up[1], up[0] + down[0] - 1, down[1], down[2]]
        let total = runs.reduce(0, +)
        return Self.isFinderRatio(runs[...]) && 2 * total >= across && total <= 2 * across
    }
}
