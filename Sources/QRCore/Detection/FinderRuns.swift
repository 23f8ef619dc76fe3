// QRKit — FinderRuns: the 1:1:3:1:1 runs across a finder pattern, which both the gate and the
// locator measure.
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
