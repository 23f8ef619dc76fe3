// QRKit — ModuleGridFitter: a module grid fitted to a picture from three finder patterns, to a
// symbol that is flat, tilted, curved or folded.
/// Fits a ``ModuleGrid`` to a picture from three finder patterns, for one symbol size.
///
/// The fit needs no knowledge of the data: it moves the grid so that the shades sampled
/// at the module centres are as far as they can be from their neighbourhood's mean (at a
/// module's centre a sample is dark or light; near an edge it is gray) and so that the
/// modules every symbol shares (``FunctionPatterns``) come out as they must. First one
/// homography, the three finder centres fixed and the fourth corner searched for, coarse
/// to fine (``fitHomography(_:)``); then a mesh of 3 × 3, then 5 × 5 control points, each
/// moved while the fit improves (``fitMesh(from:score:)``).
package struct ModuleGridFitter {
    let sampler: PixelSampler
    let size: Int
    /// The function patterns' modules, by index, and -1 for a dark one, +1 for a light one.
    private let knownIndices: [Int]
    private let knownSigns: [Float]
    /// The current samples, one per module, row by row.
    private var values: [Float]
    /// An integral image of `values`, (size + 1)² entries.
    private var sums: [Float]
    /// Each module's 5 × 5 neighbourhood, clipped to the symbol, as the indices into `sums`
    /// of its corners and its area; then the 7 × 7 neighbourhood of each function-pattern
    /// module, in the order of `knownIndices`.
    private let sharpnessBoxes: [Box]
    private let patternBoxes: [Box]

    /// A rectangle of modules, as ``scoreOfSamples()`` sums it over the integral image.
    private struct Box {
        let topLeft: Int32, topRight: Int32, bottomLeft: Int32, bottomRight: Int32
        let area: Float

        init(u: Int, v: Int, radius: Int, size: Int) {
            let stride = size + 1
            let top = max(0, v - radius)
            let bottom = min(size, v + radius + 1)
            let left = max(0, u - radius)
            let right = min(size, u + radius + 1)
            topLeft = Int32(top * stride + left)
            topRight = Int32(top * stride + right)
            bottomLeft = Int32(bottom * stride + left)
            bottomRight = Int32(bottom * stride + right)
            area = Float((bottom - top) * (right - left))
        }

        /// The mean of the box's modules, from the integral image `sums`.
        @inline(__always)
        func mean(_ sums: UnsafeMutableBufferPointer<Float>) -> Float {
            (sums[Int(bottomRight)] - sums[Int(topRight)] - sums[Int(bottomLeft)] + sums[Int(topLeft)]) / area
        }
    }
    /// For the mesh being fitted, of `movedControls` × `movedControls` control points:
    /// the modules each control point moves (those of the four cells round it, a
    /// rectangle, row by row).
    private var moved: [[Int]] = []
    private var movedControls = 0
    /// For a mesh of `cellControls` × `cellControls` control points: the last column of
    /// the cell each column lies in, so that a row is sampled a cell's run at a time.
    private var cellEnds: [Int] = []
    private var cellControls = 0

    /// How much the function patterns count against the sharpness of the samples.
    static let patternWeight: Float = 0.7

    /// - Parameters:
    ///   - sampler: the picture.
    ///   - size: the symbol's modules a side.
    package init(sampler: PixelSampler, size: Int) {
        self.sampler = sampler
        self.size = size
        let patterns = FunctionPatterns(size: size)
        knownIndices = patterns.modules.map(\.index)
        knownSigns = patterns.modules.map { $0.isDark ? -1 : 1 }
        values = [Float](repeating: 0, count: size * size)
        sums = [Float](repeating: 0, count: (size + 1) * (size + 1))
        sharpnessBoxes = (0..<(size * size)).map { Box(u: $0 % size, v: $0 / size, radius: 2, size: size) }
        patternBoxes = knownIndices.map { Box(u: $0 % size, v: $0 / size, radius: 3, size: size) }
    }

    /// The homography that best fits the symbol whose finders are `triple`, and its fit
    /// (higher is better; comparable between sizes): the three finder centres fixed, the
    /// fourth corner, from where ``fourthCorner(_:sampler:)`` (or a parallelogram) puts it,
    /// moved to the best place within four modules (``coarseHomography(_:)``), then
    /// within two half modules of the best, then a quarter and an eighth of a module
    /// round the best (``refineHomography(_:from:)``).
    package mutating func fitHomography(_ triple: FinderTriple) -> (grid: ModuleGrid, score: Double)? {
        guard let coarse = coarseHomography(triple) else { return nil }
        return refineHomography(triple, from: coarse)
    }

    /// The best place for the fourth corner within four modules of where
    /// ``fourthCorner(_:sampler:)`` (or a parallelogram) puts it: two modules apart, then a
    /// module round the best (far fewer fits than a square of points a module apart, for
    /// the same codes read; docs/performance.md). The first
    /// stage of ``fitHomography(_:)``, whose fit ranks sizes before the later stages
    /// refine the best.
    package mutating func coarseHomography(_ triple: FinderTriple) -> HomographyFit? {
        searchCorner(triple, from: nil, stages: [(2 * triple.module, 2), (triple.module, 1)])
    }

    /// `coarse` refined: within two steps of half a module of it, then one step of a quarter
    /// and one of an eighth round the best: one step at the finer scales reads the same
    /// codes as two, in about half the fits (docs/performance.md).
    package mutating func refineHomography(_ triple: FinderTriple, from coarse: HomographyFit) -> (
        grid: ModuleGrid, score: Double
    ) {
        let m = triple.module
        let fine = searchCorner(triple, from: coarse, stages: [(m / 2, 2), (m / 4, 1), (m / 8, 1)]) ?? coarse
        return (fine.grid, fine.score)
    }

    /// A homography's fit: where it puts the fourth corner, its grid and its score.
    package struct HomographyFit {
        let corner: SIMD2<Double>
        package let grid: ModuleGrid
        package let score: Double
    }

    /// The fourth corner searched for in `stages`, each a square of points `step` apart
    /// round the best so far (`start`, else where ``fourthCorner(_:sampler:)`` puts it).
    private mutating func searchCorner(
        _ triple: FinderTriple, from start: HomographyFit?, stages: [(step: Double, steps: Int)]
    ) -> HomographyFit? {
        let n = Double(size)
        let modules = [SIMD2(3.5, 3.5), SIMD2(n - 3.5, 3.5), SIMD2(n - 3.5, n - 3.5), SIMD2(3.5, n - 3.5)]
        let (tl, tr, bl) = (triple.topLeft.centre, triple.topRight.centre, triple.bottomLeft.centre)
        var best = start
        var centre = start?.corner ?? Self.fourthCorner(triple, sampler: sampler) ?? tr + bl - tl
        for (step, steps) in stages {
            for j in -steps...steps {
                for i in -steps...steps {
                    // The centre of a later stage was scored in the stage before.
                    if i == 0, j == 0, best?.corner == centre { continue }
                    let corner = centre + SIMD2(Double(i), Double(j)) * step
                    guard let homography = Homography(from: modules, to: [tl, tr, corner, bl]) else { continue }
                    let grid = ModuleGrid(size: size, homography: homography)
                    sampleAll(grid)
                    let score = scoreOfSamples()
                    if best == nil || score > best!.score {
                        best = HomographyFit(corner: corner, grid: grid, score: score)
                    }
                }
            }
            guard let found = best else { return nil }
            centre = found.corner
        }
        return best
    }

    /// Where the fourth finder-like corner (module (size - 3.5, size - 3.5)) lies if the
    /// symbol is flat, from how much wider each finder looks along the symbol's two
    /// axes, or nil when a finder's width cannot be measured.
    ///
    /// Along the top row of centres, a homography is a one-dimensional projective map,
    /// whose slope falls with the square of its denominator w: so w at the top-right
    /// finder over w at the top-left is the square root of the inverse ratio of their
    /// widths along that row; likewise down the left column. As w, and the homography's
    /// numerators, are affine in module coordinates, w and the numerators at the fourth
    /// corner are those of the top-right plus the bottom-left minus the top-left, which
    /// gives the corner. Under a steep tilt it lies modules away from where a
    /// parallelogram puts it.
    static func fourthCorner(_ triple: FinderTriple, sampler: PixelSampler) -> SIMD2<Double>? {
        let (tl, tr, bl) = (triple.topLeft, triple.topRight, triple.bottomLeft)
        let across = tr.centre - tl.centre
        let down = bl.centre - tl.centre
        guard let tlAcross = sampler.finderWidth(at: tl.centre, along: across, module: tl.module),
            let trAcross = sampler.finderWidth(at: tr.centre, along: across, module: tr.module),
            let tlDown = sampler.finderWidth(at: tl.centre, along: down, module: tl.module),
            let blDown = sampler.finderWidth(at: bl.centre, along: down, module: bl.module)
        else { return nil }
        let wTR = (tlAcross / trAcross).squareRoot()
        let wBL = (tlDown / blDown).squareRoot()
        let wBR = wTR + wBL - 1
        guard wBR > 0.2 else { return nil }
        return (tr.centre * wTR + bl.centre * wBL - tl.centre) / wBR
    }

    /// `grid` (whose fit is `score`) with a mesh of 3 × 3, then 5 × 5 control points
    /// (``refineMesh(_:score:controls:)``); the grid and its fit.
    package mutating func fitMesh(from grid: ModuleGrid, score: Double) -> (grid: ModuleGrid, score: Double) {
        var grid = grid
        var score = score
        for controls in [3, 5] { refineMesh(&grid, score: &score, controls: controls) }
        return (grid, score)
    }

    /// `grid`, whose fit is `score`, given `controls` × `controls` control points that
    /// carry its displacement over, each then moved by half, a quarter and an eighth of a
    /// module while the fit improves (three sweeps over the points at most, for each step).
    /// A mesh finer than 3 × 3 starts at a quarter: the coarser mesh before it has made the
    /// moves of half a module, so starting there again costs time and reads nothing more
    /// (docs/performance.md).
    package mutating func refineMesh(_ grid: inout ModuleGrid, score: inout Double, controls: Int) {
        grid = grid.refined(to: controls)
        sampleAll(grid)
        var kept: [Float] = []
        for step in controls > 3 ? [0.25, 0.125] : [0.5, 0.25, 0.125] {
            var rounds = 0
            var improved = true
            while improved && rounds < 3 {
                improved = false
                rounds += 1
                for point in grid.displacements.indices {
                    let modules = moved[point]
                    for axis in 0..<2 {
                        for sign in [1.0, -1.0] {
                            var move = SIMD2<Double>.zero
                            move[axis] = sign * step
                            kept.removeAll(keepingCapacity: true)
                            for index in modules { kept.append(values[index]) }
                            grid.displacements[point] += move
                            sampleRectangle(of: modules, grid)
                            let trial = scoreOfSamples()
                            if trial > score + 1e-9 {
                                score = trial
                                improved = true
                                // The opposite move would only go back to where this one
                                // started, which fits worse.
                                break
                            }
                            grid.displacements[point] -= move
                            for (k, index) in modules.enumerated() { values[index] = kept[k] }
                        }
                    }
                }
            }
        }
    }

    /// How well `grid` fits (``scoreOfSamples()``), its modules sampled.
    package mutating func score(_ grid: ModuleGrid) -> Double {
        sampleAll(grid)
        return scoreOfSamples()
    }

    /// The shade at each module's centre under `grid`, row by row.
    package mutating func samples(_ grid: ModuleGrid) -> [Float] {
        sampleAll(grid)
        return values
    }

    /// Samples every module under `grid` into `values`.
    private mutating func sampleAll(_ grid: ModuleGrid) {
        if grid.controls == 2 && grid.displacements.allSatisfy({ $0 == .zero }) {
            sampleFlat(grid.homography)
        } else {
            if movedControls != grid.controls { prepareMoved(controls: grid.controls) }
            sampleRectangle(u0: 0, u1: size - 1, v0: 0, v1: size - 1, grid)
        }
    }

    /// Samples every module under `homography` alone, into `values`.
    private mutating func sampleFlat(_ homography: Homography) {
        let h = homography.m
        let size = self.size
        let sampler = self.sampler
        values.withUnsafeMutableBufferPointer { out in
            sampler.values.withUnsafeBufferPointer { pixels in
                for v in 0..<size {
                    // Along a row the homography's numerators and denominator are affine in
                    // u: each module's are the last one's plus a step.
                    let mv = Double(v) + 0.5
                    let start = SIMD3(
                        h[0] * 0.5 + h[1] * mv + h[2], h[3] * 0.5 + h[4] * mv + h[5], h[6] * 0.5 + h[7] * mv + h[8])
                    sampler.sampleRow(
                        pixels, from: start, step: SIMD3(h[0], h[3], h[6]), count: size,
                        into: UnsafeMutableBufferPointer(rebasing: out[(v * size)..<(v * size + size)]))
                }
            }
        }
    }

    /// Samples the modules `indices`, a rectangle of them row by row, under `grid`.
    private mutating func sampleRectangle(of indices: [Int], _ grid: ModuleGrid) {
        guard let first = indices.first, let last = indices.last else { return }
        sampleRectangle(u0: first % size, u1: last % size, v0: first / size, v1: last / size, grid)
    }

    /// Samples the modules of columns `u0...u1` and rows `v0...v1` under `grid` into
    /// `values`. Along a row within one cell of the mesh the displacement is affine, so
    /// the points are too, and so are the homography's terms: each row of a cell is
    /// sampled as a flat grid's row is, by adding a step.
    private mutating func sampleRectangle(u0: Int, u1: Int, v0: Int, v1: Int, _ grid: ModuleGrid) {
        let h = grid.homography.m
        let d = grid.displacements
        let controls = grid.controls
        let size = self.size
        let sampler = self.sampler
        // Cells per module.
        let k = Double(controls - 1) / Double(size)
        if cellControls != controls {
            cellControls = controls
            let cells = (0..<size).map { min(Int((Double($0) + 0.5) * k), controls - 2) }
            cellEnds = cells.indices.map { u in
                var end = u
                while end + 1 < size, cells[end + 1] == cells[u] { end += 1 }
                return end
            }
        }
        let cellEnds = self.cellEnds
        values.withUnsafeMutableBufferPointer { out in
            sampler.values.withUnsafeBufferPointer { pixels in
                for v in v0...v1 {
                    let cv = Double(v) + 0.5
                    let j = min(Int(cv * k), controls - 2)
                    let tv = cv * k - Double(j)
                    var u = u0
                    while u <= u1 {
                        let cu = Double(u) + 0.5
                        let i = min(Int(cu * k), controls - 2)
                        let end = min(cellEnds[u], u1)
                        let (d00, d01) = (d[j * controls + i], d[j * controls + i + 1])
                        let (d10, d11) = (d[(j + 1) * controls + i], d[(j + 1) * controls + i + 1])
                        // The displacement at the cell's left edge, and its change per cell.
                        let left = d00 * (1 - tv) + d10 * tv
                        let across = (d01 - d00) * (1 - tv) + (d11 - d10) * tv
                        let p = SIMD2(cu, cv) + left + across * (cu * k - Double(i))
                        let dp = SIMD2(1, 0) + across * k
                        let start = SIMD3(
                            h[0] * p.x + h[1] * p.y + h[2], h[3] * p.x + h[4] * p.y + h[5],
                            h[6] * p.x + h[7] * p.y + h[8])
                        let step = SIMD3(
                            h[0] * dp.x + h[1] * dp.y, h[3] * dp.x + h[4] * dp.y, h[6] * dp.x + h[7] * dp.y)
                        sampler.sampleRow(
                            pixels, from: start, step: step, count: end - u + 1,
                            into: UnsafeMutableBufferPointer(rebasing: out[(v * size + u)...(v * size + end)]))
                        u = end + 1
                    }
                }
            }
        }
    }

    /// How well the current samples fit: the mean distance of each from the mean of its
    /// 5 × 5 neighbourhood, plus ``patternWeight`` times the mean margin by which the
    /// function patterns' modules fall on their side of their threshold
    /// (``threshold(_:size:)``; negative when they fall on the wrong side).
    private mutating func scoreOfSamples() -> Double {
        let size = self.size
        let stride = size + 1
        var sharpness: Float = 0
        var agreement: Float = 0
        values.withUnsafeBufferPointer { values in
            sums.withUnsafeMutableBufferPointer { sums in
                var total: Float = 0
                for v in 0..<size {
                    var row: Float = 0
                    for u in 0..<size {
                        row += values[v * size + u]
                        sums[(v + 1) * stride + u + 1] = sums[v * stride + u + 1] + row
                    }
                    total += row
                }
                let mean = total / Float(size * size)
                sharpnessBoxes.withUnsafeBufferPointer { boxes in
                    for index in 0..<(size * size) { sharpness += abs(values[index] - boxes[index].mean(sums)) }
                }
                patternBoxes.withUnsafeBufferPointer { boxes in
                    for (k, index) in knownIndices.enumerated() {
                        let threshold = (boxes[k].mean(sums) + mean) / 2
                        agreement += knownSigns[k] * (values[index] - threshold)
                    }
                }
            }
        }
        return Double(
            sharpness / Float(size * size) + Self.patternWeight * agreement / Float(max(1, knownIndices.count)))
    }

    /// Each module's threshold between dark and light: halfway between the mean of its
    /// 7 × 7 neighbourhood and the mean of the whole symbol, so that a run of dark modules
    /// is not taken for light, nor a gradient of light for dark.
    package static func threshold(_ values: [Float], size: Int) -> [Float] {
        let local = boxMeans(values, size: size, radius: 3)
        let mean = values.reduce(0, +) / Float(max(1, values.count))
        return local.map { ($0 + mean) / 2 }
    }

    /// The mean of each value's square of `radius` modules each side, within the symbol.
    static func boxMeans(_ values: [Float], size: Int, radius: Int) -> [Float] {
        let stride = size + 1
        var sums = [Float](repeating: 0, count: stride * stride)
        for v in 0..<size {
            var row: Float = 0
            for u in 0..<size {
                row += values[v * size + u]
                sums[(v + 1) * stride + u + 1] = sums[v * stride + u + 1] + row
            }
        }
        var out = [Float](repeating: 0, count: values.count)
        for v in 0..<size {
            let top = max(0, v - radius)
            let bottom = min(size, v + radius + 1)
            for u in 0..<size {
                let left = max(0, u - radius)
                let right = min(size, u + radius + 1)
                let sum =
                    sums[bottom * stride + right] - sums[top * stride + right] - sums[bottom * stride + left]
                    + sums[top * stride + left]
                out[v * size + u] = sum / Float((bottom - top) * (right - left))
            }
        }
        return out
    }

    /// The modules each control point moves.
    private mutating func prepareMoved(controls: Int) {
        movedControls = controls
        let last = Double(controls - 1)
        moved = Array(repeating: [], count: controls * controls)
        for index in 0..<(size * size) {
            let i = min(Int((Double(index % size) + 0.5) / Double(size) * last), controls - 2)
            let j = min(Int((Double(index / size) + 0.5) / Double(size) * last), controls - 2)
            let base = j * controls + i
            for corner in [base, base + 1, base + controls, base + controls + 1] { moved[corner].append(index) }
        }
    }
}
