// QRKit — GrayImage+FinderGate: the cheap gate, a look for anything like a QR finder pattern,
// which decides whether a picture's expensive decode passes are worth running.

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
        !finderSightings(rowStep: height > 2000 ? 3 : 2, limit: 1) { _ in [0..<width] }.isEmpty
    }

    /// How many distinct finder-like patterns the picture shows, counted up to `limit + 1`:
    /// a detector that pairs every three of them (zxing-cpp's) does work that grows with
    /// the cube of their number, and one that matches their lines (zbar's) with the square,
    /// so a small picture tiled with finders holds a core for hours. A pattern counts when
    /// it shows 1:1:3:1:1 across a row (every third row, as zxing-cpp looks), down its
    /// column and along both diagonals through its middle, as a detector checks one;
    /// seen on several rows, it counts once. Noise seldom passes all four.
    package func finderLikePatternCount(upTo limit: Int) -> Int {
        var count = 0
        // The patterns counted, by column band, each band's in the order of their rows: a
        // sighting is looked for among the latest of the bands it spans.
        var bands: [Int: [FinderSighting]] = [:]
        _ = finderSightings(rowStep: 3, limit: .max, diagonals: true) { _ in
            [0..<width]
        } found: { sighting in
            let reach = max(1, sighting.across / 2)
            for band in ((sighting.x - reach) >> 4)...((sighting.x + reach) >> 4) {
                for seen in (bands[band] ?? []).reversed() {
                    if sighting.y - seen.y > 2 * max(seen.across, sighting.across) { break }
                    if seen.isNear(sighting) { return false }
                }
            }
            bands[sighting.x >> 4, default: []].append(sighting)
            count += 1
            return count > limit
        }
        return count
    }

    /// Whether the picture shows, outside the codes whose corners are `symbols`, three
    /// finder-like patterns of one size, as another QR symbol would, or one with a Micro QR
    /// symbol's timing patterns beside it: whether it may hold more codes than those. A code's own finders lie within its corners' bounding box,
    /// which is widened by a tenth on each side for corners an engine placed roughly;
    /// only the rows' stretches outside the boxes are looked at, on rows as far apart as
    /// a finder of the codes read allows (a 32nd of a code's side, two rows at least),
    /// so the look costs little where the codes fill the picture.
    ///
    /// - Parameter symbols: each code's corners, in the picture.
    package func showsFindersOutside(_ symbols: [[Point]]) -> Bool {
        let boxes = symbols.compactMap { corners -> (x: Range<Int>, y: Range<Int>)? in
            guard let minX = corners.map(\.x).min(), let maxX = corners.map(\.x).max(),
                let minY = corners.map(\.y).min(), let maxY = corners.map(\.y).max()
            else { return nil }
            let marginX = (maxX - minX) / 10 + 2
            let marginY = (maxY - minY) / 10 + 2
            return ((minX - marginX)..<(maxX + marginX + 1), (minY - marginY)..<(maxY + marginY + 1))
        }
        let smallest = boxes.map { min($0.x.count, $0.y.count) }.min() ?? 0
        let rowStep = max(2, smallest / 32)
        var sightings: [FinderSighting] = []
        // Stop once three sightings of one size show (each sighting is merged with one
        // near it, so a finder crossed by two rows counts once).
        var triple = false
        _ = finderSightings(rowStep: rowStep, limit: 512, minimumContrast: FinderSighting.printedContrast) { y in
            var spans = [0..<width]
            for box in boxes where box.y.contains(y) {
                spans = spans.flatMap { span -> [Range<Int>] in
                    let left = span.lowerBound..<max(span.lowerBound, min(span.upperBound, box.x.lowerBound))
                    let right = min(span.upperBound, max(span.lowerBound, box.x.upperBound))..<span.upperBound
                    return [left, right].filter { $0.count >= 7 }
                }
            }
            return spans
        } found: { sighting in
            guard let near = sightings.firstIndex(where: { $0.isNear(sighting) }) else {
                sightings.append(sighting)
                return false
            }
            // Seen on two rows at least: noise seldom repeats at one place.
            sightings[near].count += 1
            guard sightings[near].count == 2 else { return false }
            triple = FinderSighting.completeLikeTriple(sightings[near], among: sightings.filter { $0.count >= 2 })
            return triple
        }
        return triple || sightings.contains { $0.count >= 2 && showsMicroTiming(beside: $0) }
    }

    /// Whether `sighting` is a finder with a Micro QR symbol's timing patterns: from one of
    /// its corners, along the two sides that meet there, light and dark modules in turn
    /// past its edge (separator, then dark, light, dark). A Micro QR symbol has one finder,
    /// which the look for three does not count. A QR symbol's timing patterns run along a
    /// finder's inner sides, from the corner facing the symbol, so they do not pass for
    /// these. Only a symbol about square to the rows is seen: the samples follow the rows
    /// and columns.
    private func showsMicroTiming(beside sighting: FinderSighting) -> Bool {
        let module = Double(sighting.across) / 7
        // Tone at `along` modules from the centre on the line `aside` modules off it.
        func tone(along: Int, aside: Int, horizontal: Bool) -> Int? {
            let (dx, dy) = horizontal ? (along, aside) : (aside, along)
            let x = sighting.x + Int((Double(dx) * module).rounded())
            let y = sighting.y + Int((Double(dy) * module).rounded())
            guard x >= 0, x < width, y >= 0, y < height else { return nil }
            return Int(self[x, y])
        }
        // The ring at 3 modules, then the separator and the timing modules at 4 to 7:
        // one tone at 3, 5 and 7, the other at 4 and 6, by a printed finder's margin.
        func alternates(side: Int, direction: Int, horizontal: Bool) -> Bool {
            let tones = (3...7).compactMap { tone(along: direction * $0, aside: side, horizontal: horizontal) }
            guard tones.count == 5 else { return false }
            let ring = [tones[0], tones[2], tones[4]]
            let gaps = [tones[1], tones[3]]
            let margin = FinderSighting.printedContrast / 2
            return gaps.min()! - ring.max()! >= margin || ring.min()! - gaps.max()! >= margin
        }
        // A corner (sx, sy): the side at sy runs away from it along x, the side at sx along y.
        return [(-1, -1), (1, -1), (-1, 1), (1, 1)].contains { sx, sy in
            alternates(side: 3 * sy, direction: -sx, horizontal: true)
                && alternates(side: 3 * sx, direction: -sy, horizontal: false)
        }
    }

    /// The finder-like patterns (1:1:3:1:1 across a row, confirmed down the column through
    /// the middle, and with `diagonals` along both diagonals through its middle too) on
    /// every `rowStep`-th row, looked for in the stretches of the row that `spans` gives, against a threshold that follows the light along the stretch, whose
    /// centre stands out from its ring by `minimumContrast` at least; at most `limit`, or
    /// until `found` says to stop.
    private func finderSightings(
        rowStep: Int, limit: Int, minimumContrast: Int = 0, diagonals: Bool = false, spans: (Int) -> [Range<Int>],
        found: (FinderSighting) -> Bool = { _ in false }
    ) -> [FinderSighting] {
        guard width >= 7, height >= 7 else { return [] }
        let radius = max(8, width / 12)
        var sightings: [FinderSighting] = []
        var sumsStore = [Int](repeating: 0, count: width + 1)
        var runsStore = [Int](repeating: 0, count: width + 1)
        withRows { storage, offset, stride in
            // Raw buffers: the loops below touch every pixel of the rows they look at.
            sumsStore.withUnsafeMutableBufferPointer { sums in
                runsStore.withUnsafeMutableBufferPointer { runs in
                    let sum = sums.baseAddress!
                    for y in Swift.stride(from: rowStep / 2, to: height, by: rowStep) {
                        let row = offset + y * stride
                        let pixels = storage.baseAddress! + row
                        for span in spans(y) where span.count >= 7 {
                            let start = span.lowerBound
                            let end = span.upperBound
                            var total = sum[start]
                            for x in span {
                                total &+= Int(pixels[x])
                                sum[x + 1] = total
                            }
                            // Run lengths along the stretch, light and dark in turn, the first
                            // of the colour of the stretch's first pixel. A pixel is dark
                            // below the mean of the window round it, clipped to the stretch.
                            // No overflow checks and no branch on the colour, which texture
                            // makes unpredictable: this loop runs for every pixel looked at.
                            // Each x is written as where a run begins and kept only where the
                            // colour changed; the lengths follow.
                            @inline(__always) func isDark(_ x: Int) -> Bool {
                                let low = max(start, x &- radius)
                                let high = min(end, x &+ radius &+ 1)
                                return Int(pixels[x]) &* (high &- low) < sum[high] &- sum[low]
                            }
                            // Where the window lies wholly in the stretch, it needs no clipping.
                            let window = 2 &* radius &+ 1
                            @inline(__always) func isDarkInside(_ x: Int) -> Bool {
                                Int(pixels[x]) &* window < sum[x &+ radius &+ 1] &- sum[x &- radius]
                            }
                            let firstIsDark = isDark(start)
                            var count = 1
                            runs[0] = start
                            var previous = firstIsDark
                            var x = start &+ 1
                            @inline(__always) func scan(to limit: Int, _ isDark: (Int) -> Bool) {
                                while x < limit {
                                    let dark = isDark(x)
                                    runs[count] = x
                                    count &+= dark != previous ? 1 : 0
                                    previous = dark
                                    x &+= 1
                                }
                            }
                            let inside = min(end, start &+ radius)
                            scan(to: inside, isDark)
                            scan(to: end &- radius, isDarkInside)
                            scan(to: end, isDark)
                            runs[count] = end
                            for index in 0..<count { runs[index] = runs[index &+ 1] &- runs[index] }
                            // Every five runs in a row, starting dark (dark on light) or light (light
                            // on dark), each confirmed down its centre's column.
                            var position = start
                            for index in 0..<max(0, count - 4) {
                                defer { position += runs[index] }
                                // The centre run is at least as long as its ring in any 1:1:3:1:1
                                // pattern: a cheap look that passes over most runs of texture.
                                guard runs[index + 2] >= runs[index + 1], runs[index + 2] >= runs[index + 3],
                                    isFinderRatio(
                                        runs[index], runs[index + 1], runs[index + 2], runs[index + 3],
                                        runs[index + 4])
                                else { continue }
                                let centre = position + runs[index] + runs[index + 1] + runs[index + 2] / 2
                                let low = max(start, centre - radius)
                                let high = min(end, centre + radius + 1)
                                let across =
                                    runs[index] + runs[index + 1] + runs[index + 2] + runs[index + 3]
                                    + runs[index + 4]
                                let threshold = (sum[high] - sum[low]) / (high - low)
                                let darkOnLight = firstIsDark == (index % 2 == 0)
                                guard
                                    minimumContrast == 0
                                        || ringContrast(
                                            pixels, ring: position + runs[index], runs[index + 1], runs[index + 2])
                                            >= minimumContrast,
                                    let middle = crossing(
                                        x: centre, y: y, threshold: threshold, darkOnLight: darkOnLight,
                                        across: across, storage: storage, offset: offset, stride: stride),
                                    !diagonals
                                        || [1, -1].allSatisfy({ slope in
                                            crossing(
                                                x: centre, y: middle, threshold: threshold,
                                                darkOnLight: darkOnLight,
                                                across: across, storage: storage, offset: offset, stride: stride,
                                                slope: slope) != nil
                                        })
                                else { continue }
                                // At its middle row: a finder's neighbour below may be
                                // seen fewer rows further down than it is wide.
                                let sighting = FinderSighting(x: centre, y: middle, across: across)
                                sightings.append(sighting)
                                if sightings.count >= limit || found(sighting) { return }
                            }
                        }
                    }
                }
            }
        }
        return sightings
    }

    /// The difference in tone, 0 to 255, between the centre run of a finder-like pattern
    /// and the ring run before it, which starts at `ring` (`ringLength` pixels, then the
    /// centre's `centreLength`): a finder printed stands out; noise on a flat ground
    /// hardly. Weighed along the row in hand, before the walk down the column.
    private func ringContrast(
        _ pixels: UnsafePointer<UInt8>, ring: Int, _ ringLength: Int, _ centreLength: Int
    ) -> Int {
        var ringSum = 0
        for x in ring..<(ring + ringLength) { ringSum += Int(pixels[x]) }
        var centreSum = 0
        for x in (ring + ringLength)..<(ring + ringLength + centreLength) { centreSum += Int(pixels[x]) }
        return abs(centreSum / centreLength - ringSum / ringLength)
    }

    /// Where the column through (`x`, `y`) shows the same 1:1:3:1:1 pattern, of a size
    /// within half of the `across` pixels the row's pattern spans: the middle row of its
    /// centre run; nil where it does not.
    ///
    /// With a `slope` of 1 or -1, along a diagonal through (`x`, `y`) instead, down and to
    /// the right or left: a finder is a square of squares, crossed in the same proportions
    /// those ways through its middle.
    private func crossing(
        x: Int, y: Int, threshold: Int, darkOnLight: Bool, across: Int, storage: UnsafeBufferPointer<UInt8>,
        offset: Int, stride: Int, slope: Int = 0
    ) -> Int? {
        func isStart(_ row: Int) -> Bool {
            let column = x + slope * (row - y)
            guard column >= 0, column < width else { return false }
            return (Int(storage[offset + row * stride + column]) < threshold) == darkOnLight
        }
        let limit = across * 2
        // From the centre up, then down: the centre run, the ring, the outer run.
        guard isStart(y), let up = finderRuns(from: y, step: -1, extent: height, limit: limit, isCentre: isStart),
            let down = finderRuns(from: y, step: 1, extent: height, limit: limit, isCentre: isStart)
        else { return nil }
        let centre = up.centre + down.centre - 1
        let total = up.outer + up.ring + centre + down.ring + down.outer
        guard isFinderRatio(up.outer, up.ring, centre, down.ring, down.outer), 2 * total >= across,
            total <= 2 * across
        else { return nil }
        return y + (down.centre - up.centre) / 2
    }
}
