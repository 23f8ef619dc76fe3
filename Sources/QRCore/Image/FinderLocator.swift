// QRKit — FinderLocator: where a picture's QR finder patterns are, and which three of them
// can be the corners of one symbol.

/// A place in a picture that looks like the centre of a QR finder pattern.
package struct FinderCandidate: Sendable, Equatable {
    /// The centre, in pixel coordinates (pixel (i, j) covers i...i+1 × j...j+1).
    package var centre: SIMD2<Double>
    /// The estimated module size, in pixels.
    package var module: Double
    /// How strongly it was seen: the number of scan lines that found it, or its contrast.
    package var weight: Double

    package init(centre: SIMD2<Double>, module: Double, weight: Double) {
        self.centre = centre
        self.module = module
        self.weight = weight
    }
}

/// Three finder candidates that can be one symbol's: the top-left corner's, then the
/// top-right's and the bottom-left's, clockwise as the picture shows them.
package struct FinderTriple: Sendable, Equatable {
    package var topLeft: FinderCandidate
    package var topRight: FinderCandidate
    package var bottomLeft: FinderCandidate

    /// The corners of the parallelogram the three centres span, pushed `margin` modules
    /// out from each side: with a margin of 4, about the symbol's own corners (a finder's
    /// centre lies three and a half modules in from two of its sides), in order round it.
    package func area(margin: Double) -> [SIMD2<Double>] {
        let across = topRight.centre - topLeft.centre
        let down = bottomLeft.centre - topLeft.centre
        let out = margin * module
        let a = across / max(1e-9, (across * across).sum().squareRoot()) * out
        let b = down / max(1e-9, (down * down).sum().squareRoot()) * out
        return [
            topLeft.centre - a - b, topRight.centre + a - b, topRight.centre + down + a + b, bottomLeft.centre - a + b,
        ]
    }

    /// The median module size of the three: one finder foreshortened by a curve does not
    /// pull it down.
    package var module: Double {
        [topLeft.module, topRight.module, bottomLeft.module].sorted()[1]
    }

    /// The symbol sides, in modules (17 + 4 × version), that the distances between the
    /// centres suggest, from the smallest to the largest: along each arm, its length over
    /// the mean module size of its two ends, plus the seven modules between the centres
    /// and the symbol's edges; then `margin` modules more on either side; at most `limit`
    /// sizes, those nearest the arms' mean.
    ///
    /// Under a steep tilt the near finder's modules are twice the far one's, and the two
    /// arms disagree: the range spans both.
    package func sizes(margin: Int, limit: Int = 4) -> [Int] {
        func arm(_ end: FinderCandidate) -> Double {
            let d = end.centre - topLeft.centre
            return (d * d).sum().squareRoot() / ((end.module + topLeft.module) / 2) + 7
        }
        let spans = [arm(topRight), arm(bottomLeft)]
        func version(_ span: Double) -> Int { Int(min(40, max(1, ((span - 17) / 4).rounded()))) }
        var low = max(1, version(spans.min()!) - margin / 4)
        var high = min(40, version(spans.max()!) + margin / 4)
        // At most `limit` sizes, round the mean of the two arms' (arms that disagree more
        // are not a symbol's anyway).
        let middle = version((spans[0] + spans[1]) / 2)
        while high - low + 1 > limit {
            if middle - low > high - middle { low += 1 } else { high -= 1 }
        }
        return (low...high).map { 17 + 4 * $0 }
    }

    /// The triples `candidates` allow, the most likely first: each set of three, at least
    /// two of them of weight `strong` or more, with module sizes within a factor of
    /// `moduleRatio` of each other, whose corner is nearly square (the cosine of its angle
    /// under 0.6: tilts up to about 55°) and whose arms differ by less than 2.5 times. At
    /// most `limit`, from the `consider` strongest candidates; a triple with a weak third
    /// ranks after one of equal shape without.
    ///
    /// A finder on paper that curves away from the camera is foreshortened across the
    /// curve, and may be seen on a row or two only: the weak third is what finds it.
    package static func triples(
        of candidates: [FinderCandidate], strong: Double = 0, moduleRatio: Double = 2, consider: Int = 6,
        limit: Int = 2
    ) -> [FinderTriple] {
        let pool = Array(candidates.sorted { $0.weight > $1.weight }.prefix(consider))
        var found: [(badness: Double, triple: FinderTriple)] = []
        guard pool.count >= 3 else { return [] }
        for a in 0..<pool.count {
            for b in (a + 1)..<pool.count {
                for c in (b + 1)..<pool.count {
                    let three = [pool[a], pool[b], pool[c]]
                    let strongCount = three.filter { $0.weight >= strong }.count
                    guard strongCount >= 2 else { continue }
                    let modules = three.map(\.module)
                    guard modules.max()! <= moduleRatio * modules.min()! else { continue }
                    guard let (triple, badness) = ordered(three) else { continue }
                    found.append((badness + (strongCount == 3 ? 0 : 0.3), triple))
                }
            }
        }
        return found.sorted { $0.badness < $1.badness }.prefix(limit).map(\.triple)
    }

    /// The three in corner order, with how far they are from a right isosceles corner
    /// (the cosine of the corner's angle plus the log of its arms' ratio), or nil when they
    /// cannot be a symbol's.
    private static func ordered(_ three: [FinderCandidate]) -> (FinderTriple, Double)? {
        // The corner is the candidate whose angle is nearest a right angle.
        var best: (cosine: Double, corner: Int)?
        for corner in 0..<3 {
            let u = three[(corner + 1) % 3].centre - three[corner].centre
            let v = three[(corner + 2) % 3].centre - three[corner].centre
            let lengths = (u * u).sum().squareRoot() * (v * v).sum().squareRoot()
            guard lengths > 0 else { return nil }
            let cosine = abs((u * v).sum()) / lengths
            if best == nil || cosine < best!.cosine { best = (cosine, corner) }
        }
        guard let (cosine, corner) = best, cosine < 0.6 else { return nil }
        var right = three[(corner + 1) % 3]
        var down = three[(corner + 2) % 3]
        let u = right.centre - three[corner].centre
        let v = down.centre - three[corner].centre
        // Clockwise on screen (y down): the top-right arm turns right onto the bottom-left.
        if u.x * v.y - u.y * v.x < 0 { swap(&right, &down) }
        let arms = ((u * u).sum() / (v * v).sum()).squareRoot()
        guard arms < 2.5, arms > 1 / 2.5 else { return nil }
        // Centres at least three modules apart: a finder is seven wide.
        let module = (three[0].module + three[1].module + three[2].module) / 3
        guard (u * u).sum() > 49 * module * module, (v * v).sum() > 49 * module * module else { return nil }
        let logRatio = arms > 1 ? arms - 1 : 1 / arms - 1
        return (FinderTriple(topLeft: three[corner], topRight: right, bottomLeft: down), cosine + logRatio)
    }
}

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

extension PixelSampler {
    /// The width, in pixels, of the finder pattern centred at `centre` along `direction`:
    /// from the outer edge of its dark ring on one side to that on the other, found by
    /// walking out from the centre (dark core, light ring, dark ring, then light) in
    /// half-pixel steps against a threshold halfway between the darkest and lightest shade
    /// within five modules (`module` pixels each); nil when the walk does not find that
    /// order within five modules either side.
    package func finderWidth(at centre: SIMD2<Double>, along direction: SIMD2<Double>, module: Double) -> Double? {
        let length = (direction * direction).sum().squareRoot()
        guard length > 0, module > 0 else { return nil }
        let unit = direction / length
        let reach = Int((10 * module).rounded(.up))  // five modules, in half pixels
        let line = (-reach...reach).map { k -> Float in
            let p = centre + unit * (Double(k) / 2)
            return value(p.x, p.y)
        }
        guard let low = line.min(), let high = line.max(), high - low > 20 else { return nil }
        let threshold = (low + high) / 2
        // From the centre outwards: dark, light, dark, then the first light step is the edge.
        func edge(_ step: Int) -> Double? {
            var phase = 0
            var k = reach
            while k >= 0, k < line.count {
                let isDark = line[k] < threshold
                if phase % 2 == 0 ? !isDark : isDark { phase += 1 }
                if phase == 3 { return Double(abs(k - reach)) / 2 }
                k += step
            }
            return nil
        }
        guard let before = edge(-1), let after = edge(1) else { return nil }
        return before + after
    }
}

/// The runs met walking from index `start` by `step` (within 0..<`extent`) out of a finder
/// pattern's centre: of the centre's colour (`isCentre`), of the other colour (the ring),
/// and of the centre's colour again (the outer ring); nil when one is empty or longer than
/// `limit`.
@inline(__always)
func finderRuns(from start: Int, step: Int, extent: Int, limit: Int, isCentre: (Int) -> Bool) -> (
    centre: Int, ring: Int, outer: Int
)? {
    var counts = (0, 0, 0)
    var i = start
    while i >= 0, i < extent, isCentre(i), counts.0 <= limit {
        counts.0 += 1
        i += step
    }
    guard counts.0 > 0, counts.0 <= limit else { return nil }
    while i >= 0, i < extent, !isCentre(i), counts.1 <= limit {
        counts.1 += 1
        i += step
    }
    guard counts.1 > 0, counts.1 <= limit else { return nil }
    while i >= 0, i < extent, isCentre(i), counts.2 <= limit {
        counts.2 += 1
        i += step
    }
    guard counts.2 > 0, counts.2 <= limit else { return nil }
    return counts
}

/// Whether five run lengths are about 1:1:3:1:1: each outer run within half a module of
/// one module, the centre within a module and a half of three.
@inline(__always)
func isFinderRatio(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int) -> Bool {
    // In sevenths of a pixel, to stay in integers: a module is `total` sevenths.
    let module = a + b + c + d + e
    guard module >= 7 else { return false }
    let half = module / 2
    return abs(7 * a - module) <= half && abs(7 * b - module) <= half && abs(7 * c - 3 * module) <= 3 * half
        && abs(7 * d - module) <= half && abs(7 * e - module) <= half
}
