// QRKit — GrayImage+FinderLocator: the locator, where a picture's QR finder patterns are
// (their candidates, for FinderTriple to choose three of).

extension GrayImage {
    /// Every place that looks like the centre of a dark-on-light finder pattern: runs of
    /// 1:1:3:1:1 across a row, confirmed down the column and again across the row
    /// through the centre found, against a threshold that is the mean of the square of
    /// `width / 12` pixels around each pixel; sightings within a module and a half of
    /// each other merged, the most often seen first.
    ///
    /// A fuller look than ``hasFinderLikePattern()``, which stops at the first finder: it
    /// scans every row (every other one in pictures over 600 rows) and keeps them all.
    package func finderCandidates() -> [FinderCandidate] {
        guard width >= 7, height >= 7 else { return [] }
        let dark = locallyDark(radius: max(8, min(width, height) / 12))
        let rowStep = height > 600 ? 2 : 1
        var sightings: [FinderCandidate] = []
        var runs = [Int](repeating: 0, count: width + 1)
        for y in Swift.stride(from: 0, to: height, by: rowStep) {
            let row = y * width
            var count = 0
            var length = 1
            for x in 1..<width {
                if dark[row + x] == dark[row + x - 1] {
                    length += 1
                } else {
                    runs[count] = length
                    count += 1
                    length = 1
                }
            }
            runs[count] = length
            count += 1
            var position = 0
            // Runs alternate; the first is dark when the row starts dark.
            let firstDark = dark[row]
            for index in 0..<max(0, count - 4) {
                defer { position += runs[index] }
                guard (index % 2 == 0) == firstDark,
                    isFinderRatio(runs[index], runs[index + 1], runs[index + 2], runs[index + 3], runs[index + 4])
                else { continue }
                let across = runs[index] + runs[index + 1] + runs[index + 2] + runs[index + 3] + runs[index + 4]
                let centreX = Double(position + runs[index] + runs[index + 1]) + Double(runs[index + 2]) / 2
                guard
                    let down = crossCheck(dark, x: Int(centreX), y: y, vertical: true, limit: 2 * across),
                    let again = crossCheck(
                        dark, x: Int(centreX), y: Int(Double(y) + 0.5 + down.offset), vertical: false, limit: 2 * across
                    )
                else { continue }
                let centre = SIMD2(Double(Int(centreX)) + 0.5 + again.offset, Double(y) + 0.5 + down.offset)
                let module = Double(across + down.total + again.total) / 21
                sightings.append(FinderCandidate(centre: centre, module: module, weight: 1))
            }
        }
        return Self.merged(sightings)
    }

    /// Whether each pixel is darker than the mean of the square of `radius` pixels each
    /// side around it (an integral image makes each mean four look-ups).
    private func locallyDark(radius: Int) -> [Bool] {
        let sums = integralImage()
        let stride = width + 1
        var dark = [Bool](repeating: false, count: width * height)
        withRows { storage, offset, rowStride in
            sums.withUnsafeBufferPointer { sums in
                dark.withUnsafeMutableBufferPointer { dark in
                    for y in 0..<height {
                        let top = max(0, y - radius) * stride
                        let bottom = min(height, y + radius + 1) * stride
                        let rows = min(height, y + radius + 1) - max(0, y - radius)
                        let row = offset + y * rowStride
                        for x in 0..<width {
                            let left = max(0, x - radius)
                            let right = min(width, x + radius + 1)
                            let sum = sums[bottom + right] - sums[top + right] - sums[bottom + left] + sums[top + left]
                            dark[y * width + x] = Int(storage[row + x]) * rows * (right - left) < sum
                        }
                    }
                }
            }
        }
        return dark
    }

    /// The integral image: of (height + 1) × (width + 1) entries, row by row, the one at
    /// (x, y) the sum of the pixels above and to the left of pixel (x, y); a box's sum is
    /// then four look-ups.
    func integralImage() -> [Int] {
        let stride = width + 1
        var sums = [Int](repeating: 0, count: stride * (height + 1))
        withRows { storage, offset, rowStride in
            sums.withUnsafeMutableBufferPointer { sums in
                for y in 0..<height {
                    var rowSum = 0
                    let row = offset + y * rowStride
                    for x in 0..<width {
                        rowSum += Int(storage[row + x])
                        sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1] + rowSum
                    }
                }
            }
        }
        return sums
    }

    /// Whether the line through (`x`, `y`), down the column or across the row, shows
    /// dark, light, dark, light, dark in the ratio 1:1:3:1:1 with the pixel in its centre
    /// run, no run longer than `limit`: the pattern's length and where its centre lies,
    /// from the pixel's centre.
    private func crossCheck(_ dark: [Bool], x: Int, y: Int, vertical: Bool, limit: Int) -> (
        total: Int, offset: Double
    )? {
        guard x >= 0, x < width, y >= 0, y < height, dark[y * width + x] else { return nil }
        let extent = vertical ? height : width
        let start = vertical ? y : x
        func isDark(_ i: Int) -> Bool { vertical ? dark[i * width + x] : dark[y * width + i] }
        guard let before = finderRuns(from: start, step: -1, extent: extent, limit: limit, isCentre: isDark),
            let after = finderRuns(from: start, step: 1, extent: extent, limit: limit, isCentre: isDark)
        else { return nil }
        let centre = before.centre + after.centre - 1
        guard isFinderRatio(before.outer, before.ring, centre, after.ring, after.outer) else { return nil }
        return (
            before.outer + before.ring + centre + after.ring + after.outer, Double(after.centre - before.centre) / 2
        )
    }

    /// Sightings within a module and a half of each other as one candidate at their mean,
    /// weighted by how many there were; the most often seen first.
    private static func merged(_ sightings: [FinderCandidate]) -> [FinderCandidate] {
        var clusters: [(sum: SIMD2<Double>, module: Double, count: Double)] = []
        for sighting in sightings {
            if let index = clusters.firstIndex(where: { cluster in
                let centre = cluster.sum / cluster.count
                let module = cluster.module / cluster.count
                let d: SIMD2<Double> = centre - sighting.centre
                return abs(d.x) < 1.5 * module && abs(d.y) < 1.5 * module && sighting.module < 2 * module
                    && module < 2 * sighting.module
            }) {
                clusters[index].sum += sighting.centre
                clusters[index].module += sighting.module
                clusters[index].count += 1
            } else {
                clusters.append((sighting.centre, sighting.module, 1))
            }
        }
        return clusters.map {
            FinderCandidate(centre: $0.sum / $0.count, module: $0.module / $0.count, weight: $0.count)
        }
        .sorted { $0.weight > $1.weight }
    }

    /// Places that look like finder patterns of `moduleSizes` pixels a module, found by
    /// their rings: the 3 × 3 core and the ring two modules out dark, the rings one and
    /// three modules out (the separator) light, each measured as a mean over its boxes.
    /// A place's weight is the gap, in shades, between its lighter dark part and its
    /// darker light part; places under `minimumContrast` are left out, and of the rest
    /// only the strongest within three modules, the strongest first.
    ///
    /// For codes too small or blurred for runs along lines: at one or two pixels a module
    /// a ring is a pixel wide, runs merge, but the means of the rings still differ.
    package func finderCandidatesByRings(
        moduleSizes: [Double], minimumContrast: Double = 20, stop: CancellationFlag = CancellationFlag()
    ) throws(DecodeError) -> [FinderCandidate] {
        guard width >= 9, height >= 9 else { return [] }
        let stride = width + 1
        let sums = integralImage()
        var found: [FinderCandidate] = []
        try sums.withUnsafeBufferPointer { (sums) throws(DecodeError) in
            for module in moduleSizes {
                // The boxes of 3, 5, 7 and 9 modules round a pixel, as offsets from it rounded
                // to whole pixels, and where the whole pattern, with its separator, fits.
                let offsets = [3.0, 5, 7, 9].map { k in
                    (Int((0.5 - k * module / 2).rounded()), Int((0.5 + k * module / 2).rounded()))
                }
                let margin = max(-offsets[3].0, offsets[3].1)
                guard width > 2 * margin + 1, height > 2 * margin + 1 else { continue }
                let areas = offsets.map { Double(($0.1 - $0.0) * ($0.1 - $0.0)) }
                guard areas[0] > 0, areas[1] > areas[0], areas[2] > areas[1], areas[3] > areas[2] else { continue }
                func box(_ x: Int, _ y: Int, _ k: Int) -> Double {
                    let (low, high) = offsets[k]
                    return Double(
                        sums[(y + high) * stride + x + high] - sums[(y + low) * stride + x + high]
                            - sums[(y + high) * stride + x + low] + sums[(y + low) * stride + x + low])
                }
                // Every other pixel both ways: a module is at least two pixels here.
                let step = module >= 3 ? 2 : 1
                // Scores on the grid of positions looked at; below the contrast, none.
                let columns = (width + step - 1) / step
                let rows = (height + step - 1) / step
                var scores = [Double](repeating: -.infinity, count: columns * rows)
                var strong: [Int] = []
                for y in Swift.stride(from: margin, to: height - margin, by: step) {
                    try stop.check()
                    for x in Swift.stride(from: margin, to: width - margin, by: step) {
                        let b3 = box(x, y, 0)
                        let b5 = box(x, y, 1)
                        let b7 = box(x, y, 2)
                        let b9 = box(x, y, 3)
                        let core = b3 / areas[0]
                        let inner = (b5 - b3) / (areas[1] - areas[0])
                        let ring = (b7 - b5) / (areas[2] - areas[1])
                        let separator = (b9 - b7) / (areas[3] - areas[2])
                        let score = min(inner, separator) - max(core, ring)
                        guard score >= minimumContrast else { continue }
                        scores[(y / step) * columns + x / step] = score
                        strong.append((y / step) * columns + x / step)
                    }
                }
                // The local maxima within a square of three modules.
                let reach = max(1, Int((1.5 * module / Double(step)).rounded()))
                for cell in strong {
                    let (cx, cy) = (cell % columns, cell / columns)
                    var isPeak = true
                    search: for ny in max(0, cy - reach)...min(rows - 1, cy + reach) {
                        for nx in max(0, cx - reach)...min(columns - 1, cx + reach)
                        where scores[ny * columns + nx] > scores[cell] {
                            isPeak = false
                            break search
                        }
                    }
                    guard isPeak else { continue }
                    let centre = SIMD2(Double(cx * step) + 0.5, Double(cy * step) + 0.5)
                    found.append(FinderCandidate(centre: centre, module: module, weight: scores[cell]))
                }
            }
        }
        // Across sizes, the strongest within three modules of each other.
        var kept: [FinderCandidate] = []
        for candidate in found.sorted(by: { $0.weight > $1.weight }) {
            let isNear = kept.contains { other in
                let d = other.centre - candidate.centre
                return (d * d).sum() < 9 * min(other.module, candidate.module) * min(other.module, candidate.module)
            }
            if !isNear { kept.append(candidate) }
        }
        return kept
    }
}
