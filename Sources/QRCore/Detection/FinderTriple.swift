// QRKit — FinderTriple: three finder candidates that can be one symbol's corners, and the
// choosing of them.
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
