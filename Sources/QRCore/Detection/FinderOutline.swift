// QRKit — FinderOutline: a finder pattern's three nested squares traced in the picture, their
// corners where a symbol's module grid is known best.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The corners of a finder pattern's three squares (the dark centre's, the light ring's and
/// the dark ring's outer edges: 1.5, 2.5 and 3.5 modules from its centre), found from
/// edges traced along rays out of its centre, each side a line fitted to its edges.
///
/// A grid fitted to a whole symbol is a compromise over it; the edges of a finder are
/// sharp and many, so its corners are known to a fraction of a module wherever the
/// paper bends.
enum FinderOutline {
    /// Module offsets from a finder's centre of the corners ``corners(of:predicted:sampler:)``
    /// gives, in its order: each square's top-left, top-right, bottom-right, bottom-left.
    static let offsets: [SIMD2<Double>] = [1.5, 2.5, 3.5].flatMap { r in
        [SIMD2(-r, -r), SIMD2(r, -r), SIMD2(r, r), SIMD2(-r, r)]
    }

    /// The corners of the finder centred at `centre` (in the order of ``offsets``), or nil
    /// for each one not found. `predicted` maps a module offset from the centre to where a
    /// grid puts it in the picture: it tells the sides apart, and a corner found more than
    /// two modules from its prediction is dropped.
    static func corners(
        of centre: SIMD2<Double>, predicted: (SIMD2<Double>) -> SIMD2<Double>, sampler: PixelSampler
    ) -> [SIMD2<Double>?] {
        let outer = [SIMD2(-3.5, -3.5), SIMD2(3.5, -3.5), SIMD2(3.5, 3.5), SIMD2(-3.5, 3.5)].map(predicted)
        let reach = outer.map { (($0 - centre) * ($0 - centre)).sum().squareRoot() }.max()! * 1.4
        let module = reach / 1.4 / (3.5 * 2.0.squareRoot())
        guard module > 0.5, reach.isFinite else { return Array(repeating: nil, count: 12) }
        // The three edges along each ray, in pixels from the centre.
        let rays = 96
        var edges: [[SIMD2<Double>]] = [[], [], []]
        let step = min(0.5, module / 4)
        let count = Int(reach / step)
        var values = [Float](repeating: 0, count: count)
        for r in 0..<rays {
            let angle = Double(r) / Double(rays) * 2 * Double.pi
            let direction = SIMD2(cos(angle), sin(angle))
            guard
                let found = crossings(
                    from: centre, along: direction, step: step, limit: 3, sampler: sampler, values: &values),
                found.count == 3
            else { continue }
            for (square, distance) in found.enumerated() { edges[square].append(centre + direction * distance) }
        }
        var corners: [SIMD2<Double>?] = []
        for (square, r) in [1.5, 2.5, 3.5].enumerated() {
            let quad = [SIMD2(-r, -r), SIMD2(r, -r), SIMD2(r, r), SIMD2(-r, r)].map(predicted)
            var lines: [(point: SIMD2<Double>, direction: SIMD2<Double>)?] = []
            for side in 0..<4 {
                let a = quad[side]
                let b = quad[(side + 1) % 4]
                let along = b - a
                let length2 = (along * along).sum()
                var near = edges[square].filter { p in
                    let t = ((p - a) * along).sum() / length2
                    guard t > 0.15, t < 0.85 else { return false }
                    let d = p - (a + along * t)
                    return (d * d).sum() < module * module
                }
                var line = Self.line(through: near)
                if let fit = line {
                    near = near.filter { abs(Self.distance($0, from: fit)) < module / 3 }
                    line = Self.line(through: near)
                }
                lines.append(near.count >= 3 ? line : nil)
            }
            for corner in 0..<4 {
                guard let first = lines[(corner + 3) % 4], let second = lines[corner],
                    let meet = Self.intersection(first, second)
                else {
                    corners.append(nil)
                    continue
                }
                let d = meet - quad[corner]
                corners.append((d * d).sum() < 4 * module * module ? meet : nil)
            }
        }
        return corners
    }

    /// Where the shade along the ray from `point` in `direction` (`values.count` samples
    /// `step` apart, sampled into `values`) crosses halfway between its darkest and
    /// lightest, in pixels from `point`, interpolated: the first `limit` crossings. Nil
    /// when the ray starts light, or spans too little contrast to tell.
    private static func crossings(
        from point: SIMD2<Double>, along direction: SIMD2<Double>, step: Double, limit: Int, sampler: PixelSampler,
        values: inout [Float]
    ) -> [Double]? {
        for k in values.indices {
            let p = point + direction * (Double(k) * step)
            values[k] = sampler.value(p.x, p.y)
        }
        guard let low = values.min(), let high = values.max(), high - low > 20 else { return nil }
        let threshold = (low + high) / 2
        guard values[0] < threshold else { return nil }
        var found: [Double] = []
        var dark = true
        for k in 1..<values.count where found.count < limit {
            if (values[k] < threshold) != dark {
                let a = values[k - 1] - threshold
                let b = values[k] - threshold
                found.append((Double(k - 1) + Double(a / (a - b))) * step)
                dark.toggle()
            }
        }
        return found
    }

    /// The line that best fits `points` (least squares across it), or nil for fewer than two.
    private static func line(through points: [SIMD2<Double>]) -> (point: SIMD2<Double>, direction: SIMD2<Double>)? {
        guard points.count >= 2 else { return nil }
        let mean = points.reduce(.zero, +) / Double(points.count)
        var sxx = 0.0
        var sxy = 0.0
        var syy = 0.0
        for p in points {
            let d = p - mean
            sxx += d.x * d.x
            sxy += d.x * d.y
            syy += d.y * d.y
        }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        return (mean, SIMD2(cos(angle), sin(angle)))
    }

    /// The signed distance of `point` from `line`.
    private static func distance(_ point: SIMD2<Double>, from line: (point: SIMD2<Double>, direction: SIMD2<Double>))
        -> Double
    {
        let d = point - line.point
        return d.x * line.direction.y - d.y * line.direction.x
    }

    /// Where two lines meet, or nil when they are nearly parallel.
    private static func intersection(
        _ a: (point: SIMD2<Double>, direction: SIMD2<Double>), _ b: (point: SIMD2<Double>, direction: SIMD2<Double>)
    ) -> SIMD2<Double>? {
        let cross = a.direction.x * b.direction.y - a.direction.y * b.direction.x
        guard abs(cross) > 0.2 else { return nil }
        let d = b.point - a.point
        let t = (d.x * b.direction.y - d.y * b.direction.x) / cross
        return a.point + a.direction * t
    }
}

extension FinderOutline {
    /// How much the place `point` looks like a finder pattern's centre whose modules are
    /// about `module` pixels: the share of `rays` rays out of it that cross a dark centre,
    /// a light ring and a dark ring, their edges in the finder's proportions (1.5, 2.5 and
    /// 3.5 modules out, however the rays are foreshortened), and the mean distance of the
    /// outer edge. Rays stop at `module` × 8.
    static func ringScore(at point: SIMD2<Double>, module: Double, rays: Int = 16, sampler: PixelSampler) -> (
        share: Double, outer: Double
    ) {
        let step = max(0.5, module / 4)
        let count = Int(module * 8 / step)
        guard count > 4 else { return (0, 0) }
        var values = [Float](repeating: 0, count: count)
        var good = 0
        var outer = 0.0
        for r in 0..<rays {
            let angle = (Double(r) + 0.5) / Double(rays) * 2 * Double.pi
            let direction = SIMD2(cos(angle), sin(angle))
            guard
                let edges = crossings(
                    from: point, along: direction, step: step, limit: 4, sampler: sampler, values: &values),
                edges.count >= 3, edges[0] > 0
            else { continue }
            let (a, b) = (edges[1] / edges[0], edges[2] / edges[0])
            // Past the dark ring, a light separator at least half a module wide.
            let separator = edges.count < 4 || edges[3] - edges[2] > 0.3 * edges[0]
            if a > 1.3, a < 2.2, b > 1.8, b < 3.1, separator {
                good += 1
                outer += edges[2]
            }
        }
        return (Double(good) / Double(rays), good > 0 ? outer / Double(good) : 0)
    }

    /// A third finder for two found ones, `a` and `b`, looked for where a symbol's third
    /// corner can lie (beside either of them square to the line between them, or across
    /// that line's middle when they are diagonal) within a third of their distance: the
    /// place whose rings look most like a finder's (``ringScore(at:module:sampler:)``),
    /// when eleven rays of sixteen or more agree (two of four, looked at first); the likeliest
    /// first. A finder on paper that bends away from the camera is foreshortened until the
    /// rows the locator scans show no run of it, and its rings blur on some rays.
    static func third(for a: FinderCandidate, _ b: FinderCandidate, sampler: PixelSampler) -> [FinderCandidate] {
        let d = b.centre - a.centre
        let length = (d * d).sum().squareRoot()
        let module = (a.module + b.module) / 2
        guard length > 7 * module else { return [] }
        let normal = SIMD2(-d.y, d.x)
        let middle = (a.centre + b.centre) / 2
        let guesses = [
            a.centre + normal, a.centre - normal, b.centre + normal, b.centre - normal, middle + normal / 2,
            middle - normal / 2,
        ]
        let reach = length / 3
        let step = max(1, module / 2)
        var found: [(share: Double, finder: FinderCandidate)] = []
        for guess in guesses {
            var best: (score: Double, outer: Double, at: SIMD2<Double>)?
            var y = guess.y - reach
            while y <= guess.y + reach {
                var x = guess.x - reach
                while x <= guess.x + reach {
                    defer { x += step }
                    guard x >= 0, y >= 0, x < Double(sampler.width), y < Double(sampler.height) else { continue }
                    let point = SIMD2(x, y)
                    // Four rays first: most places fail at once.
                    guard ringScore(at: point, module: module, rays: 4, sampler: sampler).share >= 0.5 else {
                        continue
                    }
                    let (share, outer) = ringScore(at: point, module: module, sampler: sampler)
                    if share >= 11.0 / 16, best == nil || share > best!.score { best = (share, outer, point) }
                }
                y += step
            }
            if let best {
                found.append((best.score, FinderCandidate(centre: best.at, module: best.outer / 3.5, weight: 3)))
            }
        }
        return found.sorted { $0.share > $1.share }.map(\.finder)
    }
}
