// QRKit — GrayImage+CurvedSymbol: a symbol on paper wrapped round a cylinder or folded, read by
// redrawing it from a module grid that a bent sheet seen by a camera gives.
extension GrayImage {
    /// The QR symbol that `read` finds in a drawing made anew from a module grid that
    /// follows a bent sheet, fitted to one of the two likeliest sets of three finder
    /// patterns found by their runs, or else to the two strongest and a third looked for
    /// where they put it (``FinderOutline/third(for:_:sampler:)``), corners in this
    /// picture; empty when there are no such three, or no drawing reads.
    ///
    /// A free mesh fitted to the picture bends to raise its score, not to follow the
    /// paper; here the grid's shape is held to a sheet wrapped round a cylinder or folded
    /// (``PaperBend``). For each symbol size the finders' distances allow, a grid (the
    /// `redrawn` pass's mesh where it meshed that size, else the size's homography) is
    /// taken where it is pinned, at the finders: each bend's camera is fitted to points
    /// there (``BentCamera``). The bends that fit those points best (where many fit nearly
    /// as well, half of them those whose timing and alignment patterns show most) are
    /// scored as the fitter scores grids and the best few of distinct grids drawn and read;
    /// then the best two of all sizes are refined (``BentFit/refine(_:score:step:)``) and
    /// read again. Where no set of finders reads so, the next few distinct bends of the
    /// likeliest set's likeliest size are refined by a first step, and the best two of them
    /// to the end.
    /// The engine's error correction is the judge, so a wrong bend reads as nothing.
    ///
    /// It gives up early where no bend can read: finders under two pixels a module, a
    /// grid that already lands on every module crisply (drawn once, not bent), and once
    /// the bent grids have sampled ``curvedSamplesPerPixel`` modules for each pixel of
    /// the picture.
    ///
    /// - Parameters:
    ///   - stop: looked at before each fit and drawing: once raised, this throws
    ///     ``DecodeError/cancelled``.
    ///   - fitted: bends whose cameras are sampled and scored, for each size.
    ///   - drawn: the best scored of those that are drawn and read, one of each grid.
    ///   - refined: the best scored of those that are refined, drawn and read.
    ///   - fits: the grids a `redrawn` read of this picture's finders by their runs fitted
    ///     and read nothing from (``readRedrawn(finders:repairing:stop:fits:record:_:)``'s
    ///     `record`): a size of a set of finders fitted there is meshed on from where that
    ///     fit stopped, not fitted again; other sizes are not meshed.
    ///   - read: reads a drawing (black modules on white, four pixels a module, four
    ///     modules of quiet zone), returning its symbols, corners in the drawing.
    package func readCurved(
        stop: CancellationFlag = CancellationFlag(), fitted: Int = 32, drawn: Int = 4, refined: Int = 2,
        fits: [RedrawnFit] = [], candidates: [FinderCandidate]? = nil, _ read: (GrayImage) throws -> [Symbol]
    ) throws -> [Symbol] {
        var work = CurvedWork()
        return try readCurved(
            stop: stop, fitted: fitted, drawn: drawn, refined: refined, fits: fits, candidates: candidates,
            work: &work, read)
    }

    /// ``readCurved(stop:fitted:drawn:refined:fits:_:)``, counting in `work` what it did;
    /// `candidates`, this picture's ``finderCandidates()`` where a caller has them.
    package func readCurved(
        stop: CancellationFlag = CancellationFlag(), fitted: Int = 32, drawn: Int = 4, refined: Int = 2,
        fits: [RedrawnFit] = [], candidates: [FinderCandidate]? = nil, work: inout CurvedWork,
        _ read: (GrayImage) throws -> [Symbol]
    ) throws -> [Symbol] {
        // Only grids fitted to this picture as it is count: not those of a copy grown for a
        // tiny code.
        let fits = fits.filter { $0.growth == 1 && $0.width == width && $0.height == height }
        try stop.check()
        work.budget = Self.curvedSamplesPerPixel * width * height
        let sampler = PixelSampler(self)
        let candidates = candidates ?? finderCandidates()
        var tried: [FinderTriple] = []
        var later: Reranked?
        for triple in FinderTriple.triples(of: candidates, strong: 3, moduleRatio: 3) where !work.isSpent {
            tried.append(triple)
            let symbols = try readCurved(
                triple, sampler: sampler, stop: stop, fitted: fitted, drawn: drawn, refined: refined,
                fits: fits.filter { $0.triple == triple }, work: &work, later: &later, read)
            if !symbols.isEmpty { return symbols }
        }
        // The third finder, where the two strongest put it: the one on paper that bends away
        // is often too foreshortened for the locator's runs.
        let strong = candidates.filter { $0.weight >= 3 }.sorted { $0.weight > $1.weight }
        guard strong.count >= 2, !work.isSpent else {
            return try readReranked(later, refined: refined, stop: stop, work: &work, read)
        }
        for third in FinderOutline.third(for: strong[0], strong[1], sampler: sampler).prefix(2) where !work.isSpent {
            try stop.check()
            guard let triple = FinderTriple.triples(of: [strong[0], strong[1], third], moduleRatio: 4).first else {
                continue
            }
            // Found where the runs found it, the third gives finders already fitted, and
            // they would fit as they did.
            if tried.contains(where: { $0.sameFinders(as: triple) }) {
                work.repeated += 1
                continue
            }
            tried.append(triple)
            let symbols = try readCurved(
                triple, sampler: sampler, stop: stop, fitted: fitted, drawn: drawn, refined: refined,
                fits: fits.filter { $0.triple == triple }, work: &work, later: &later, read)
            if !symbols.isEmpty { return symbols }
        }
        return try readReranked(later, refined: refined, stop: stop, work: &work, read)
    }

    /// ``readCurved(stop:fitted:drawn:refined:fits:_:)`` for the symbol whose finders are
    /// `triple`; `fits`, grids the `redrawn` pass fitted to them.
    private func readCurved(
        _ triple: FinderTriple, sampler: PixelSampler, stop: CancellationFlag, fitted: Int, drawn: Int, refined: Int,
        fits: [RedrawnFit], work: inout CurvedWork, later: inout Reranked?, _ read: (GrayImage) throws -> [Symbol]
    ) throws -> [Symbol] {
        // The bends are fitted to the corners of the finders' rings; under two pixels a
        // module the rings blur into each other and their corners are not to be traced.
        guard triple.module >= 2 else {
            work.tooSmall += 1
            return []
        }
        work.triples += 1
        func attempt(_ grid: ModuleGrid, _ fitter: inout ModuleGridFitter) throws -> [Symbol] {
            try Self.draw(grid, &fitter, stop: stop, work: &work, read)
        }
        var coarse: [(fit: ModuleGridFitter.HomographyFit, fitter: ModuleGridFitter)] = []
        for size in triple.sizes(margin: 4) where size <= Self.largestRedrawnSize {
            var fitter = ModuleGridFitter(sampler: sampler, size: size)
            if let fit = fitter.coarseHomography(triple) { coarse.append((fit, fitter)) }
        }
        // The best bends of each size, to refine once no size reads unrefined.
        var best: [(fit: BentFit, fitter: ModuleGridFitter, score: Double)] = []
        // Each size's next distinct bends, after those put in `best`, and its best score.
        var rest: [(bends: [(fit: BentFit, score: Double)], fitter: ModuleGridFitter, top: Double)] = []
        for case (let fit, var fitter) in coarse.sorted(by: { $0.fit.score > $1.fit.score }) where !work.isSpent {
            try stop.check()
            // The grid tells the finders' corners apart. Where the `redrawn` pass meshed this
            // size, its mesh, carried on to 5 × 5 control points; where it did not, the
            // homography alone: near the finders, which it is fitted to, it is as near as a
            // mesh, for a fraction of the cost.
            var (grid, score): (ModuleGrid, Double)
            if let done = fits.last(where: { $0.grid.size == fitter.size }) {
                (grid, score) = (done.grid, done.score)
                for controls in [3, 5] where grid.controls < controls {
                    fitter.refineMesh(&grid, score: &score, controls: controls)
                }
            } else {
                (grid, score) = fitter.refineHomography(triple, from: fit)
            }
            work.sizes += 1
            // A grid that lands on every module crisply, its function patterns in place, has
            // the symbol's modules as they are: a bend would draw the same symbol, so it is
            // drawn once, and no other size or bend is fitted to these finders.
            if Self.landsCrisply(fitter.samples(grid), size: fitter.size) {
                work.crisp += 1
                return try attempt(grid, &fitter)
            }
            try stop.check()
            var scored: [(fit: BentFit, score: Double)] = []
            let points = BentFit.finderPoints(triple, grid: grid, sampler: sampler)
            for bent in BentFit.fits(around: grid, points: points, limit: fitted, sampler: sampler) {
                guard let bentGrid = bent.grid else { continue }
                work.scored += 1
                work.samples += fitter.size * fitter.size
                scored.append((bent, fitter.score(bentGrid)))
            }
            scored.sort { $0.score > $1.score }
            // Many bends give the same grid (a fold's angle is taken up by its camera): only
            // one of each is drawn, the best scored.
            let distinct = BentFit.distinct(scored.map(\.fit), module: triple.module)
            for index in distinct.prefix(drawn) {
                guard let bentGrid = scored[index].fit.grid else { continue }
                let symbols = try attempt(bentGrid, &fitter)
                if !symbols.isEmpty { return symbols }
            }
            // Refined, bends of the same grid part ways (each moves its own angle), so the
            // best two are refined whether or not they share one; those after them, one of
            // each grid not yet refined.
            best += scored.prefix(refined).map { ($0.fit, fitter, $0.score) }
            let next = distinct.filter { $0 >= refined }.prefix(Self.rerankedBends).map { scored[$0] }
            rest.append((next, fitter, scored.first?.score ?? 0))
        }
        // The fits' scores compare between sizes: only the best few overall are refined,
        // the dearest step.
        for (bent, fitter, score) in best.sorted(by: { $0.score > $1.score }).prefix(refined) {
            var (bent, fitter, score) = (bent, fitter, score)
            try Self.refine(
                &bent, &fitter, &score, steps: [0.5, 0.25, 0.125], module: triple.module, stop: stop, work: &work)
            guard let bentGrid = bent.grid else { continue }
            let symbols = try attempt(bentGrid, &fitter)
            if !symbols.isEmpty { return symbols }
        }
        // Kept for a second round, once no set of finders reads (``readReranked``): the
        // likeliest set's, the first fitted.
        if later == nil, let likeliest = rest.max(by: { $0.top < $1.top }), !likeliest.bends.isEmpty {
            later = Reranked(bends: likeliest.bends, fitter: likeliest.fitter, module: triple.module)
        }
        return []
    }

    /// The bend that reads once refined may score well down the list unrefined, but its
    /// first refining step lifts it past the rest: for the likeliest set of finders, the
    /// bends after the best of its likeliest size are refined by that step alone, and the
    /// best `refined` of them to the end, drawn and read.
    private func readReranked(
        _ later: Reranked?, refined: Int, stop: CancellationFlag, work: inout CurvedWork,
        _ read: (GrayImage) throws -> [Symbol]
    ) throws -> [Symbol] {
        guard let set = later, !work.isSpent else { return [] }
        var stepped: [(fit: BentFit, fitter: ModuleGridFitter, score: Double)] = []
        for (bent, score) in set.bends where !work.isSpent {
            var (bent, fitter, score) = (bent, set.fitter, score)
            try Self.refine(&bent, &fitter, &score, steps: [0.5], module: set.module, stop: stop, work: &work)
            stepped.append((bent, fitter, score))
        }
        for (bent, fitter, score) in stepped.sorted(by: { $0.score > $1.score }).prefix(refined) {
            var (bent, fitter, score) = (bent, fitter, score)
            try Self.refine(
                &bent, &fitter, &score, steps: [0.25, 0.125], module: set.module, stop: stop, work: &work)
            guard let grid = bent.grid else { continue }
            let symbols = try Self.draw(grid, &fitter, stop: stop, work: &work, read)
            if !symbols.isEmpty { return symbols }
        }
        return []
    }

    /// Refines `bent` by each of `steps` (in modules of `module` pixels) while the samples
    /// allow, counting the grids scored in `work`.
    private static func refine(
        _ bent: inout BentFit, _ fitter: inout ModuleGridFitter, _ score: inout Double, steps: [Double],
        module: Double, stop: CancellationFlag, work: inout CurvedWork
    ) throws {
        for step in steps where !work.isSpent {
            try stop.check()
            let trials = bent.refine(&fitter, score: &score, step: step * module)
            work.scored += trials
            work.samples += trials * fitter.size * fitter.size
        }
    }

    /// The symbols `read` finds in the symbol drawn anew from `grid`'s samples.
    private static func draw(
        _ grid: ModuleGrid, _ fitter: inout ModuleGridFitter, stop: CancellationFlag, work: inout CurvedWork,
        _ read: (GrayImage) throws -> [Symbol]
    ) throws -> [Symbol] {
        try stop.check()
        work.drawings += 1
        let drawing = RedrawnSymbol(
            picture: grid.redrawn(from: fitter.samples(grid)), grid: grid, scale: 4, quietZone: 4, growth: 1)
        return try drawing.symbols(readBy: read)
    }

    /// Bends of the likeliest size refined by a first step where the best refined read
    /// nothing, besides those (``readCurved(stop:fitted:drawn:refined:fits:_:)``).
    static let rerankedBends = 10

    /// The likeliest set of finders' bends for the second round (``readReranked``): the
    /// distinct ones of its likeliest size after the best, with their scores, and the
    /// size's fitter.
    struct Reranked {
        let bends: [(fit: BentFit, score: Double)]
        let fitter: ModuleGridFitter
        /// The finders' module, pixels.
        let module: Double
    }

    /// The modules a curved read may sample in bent grids for each pixel of the picture, so
    /// that its cost is in proportion to the picture's; the reads of the generated curved
    /// pictures take far less (docs/performance.md).
    static let curvedSamplesPerPixel = 200

    /// Whether `values`, sampled at a grid's module centres, land on the modules crisply:
    /// in each quarter of the symbol (a bend shows most in the far one) at most one module
    /// in 200 within a fifth of the contrast of its threshold
    /// (``ModuleGridFitter/threshold(_:size:)``), and nine in ten of the function patterns'
    /// modules on their side of it.
    static func landsCrisply(_ values: [Float], size: Int) -> Bool {
        let threshold = ModuleGridFitter.threshold(values, size: size)
        var (dark, light, darkCount, lightCount): (Float, Float, Float, Float) = (0, 0, 0, 0)
        for (value, threshold) in zip(values, threshold) {
            if value < threshold {
                (dark, darkCount) = (dark + value, darkCount + 1)
            } else {
                (light, lightCount) = (light + value, lightCount + 1)
            }
        }
        guard darkCount > 0, lightCount > 0 else { return false }
        let margin = (light / lightCount - dark / darkCount) / 5
        guard margin > 0 else { return false }
        var unsure = [0, 0, 0, 0]
        var modules = [0, 0, 0, 0]
        for index in values.indices {
            let quarter = (index % size >= size / 2 ? 1 : 0) + (index / size >= size / 2 ? 2 : 0)
            modules[quarter] += 1
            if abs(values[index] - threshold[index]) < margin { unsure[quarter] += 1 }
        }
        guard zip(unsure, modules).allSatisfy({ $0 * 200 <= $1 }) else { return false }
        let patterns = FunctionPatterns(size: size).modules
        let agreeing = patterns.filter { (values[$0.index] < threshold[$0.index]) == $0.isDark }.count
        return agreeing * 10 >= patterns.count * 9
    }
}

/// What a curved read (``GrayImage/readCurved(stop:fitted:drawn:refined:fits:work:_:)``)
/// did, stage by stage: where it stopped on a picture, for tests and benchmarks to see.
package struct CurvedWork: Sendable, Equatable {
    /// Sets of finders fitted.
    package var triples = 0
    /// Sets of finders passed over, their modules under two pixels.
    package var tooSmall = 0
    /// Third finders looked for that gave a set of finders already fitted.
    package var repeated = 0
    /// Symbol sizes whose grids were meshed.
    package var sizes = 0
    /// Meshed grids that landed crisply, after which the finders were fitted no further.
    package var crisp = 0
    /// Bent grids sampled and scored, ranked and refined.
    package var scored = 0
    /// Drawings read.
    package var drawings = 0
    /// Modules sampled in the bent grids scored.
    package var samples = 0
    /// The samples the read may take, in proportion to the picture
    /// (``GrayImage/curvedSamplesPerPixel`` a pixel): once they are spent it fits no
    /// further size, refining step or set of finders.
    package var budget = Int.max

    /// Whether the read has sampled all it may.
    package var isSpent: Bool { samples >= budget }

    package init() {}
}

extension FinderTriple {
    /// Whether `other`'s finders are this triple's, at the same places: a finder moved
    /// by a fraction of a module fits otherwise, and may read where this did not.
    func sameFinders(as other: FinderTriple) -> Bool {
        let mine = [topLeft.centre, topRight.centre, bottomLeft.centre]
        return [other.topLeft, other.topRight, other.bottomLeft].allSatisfy { finder in
            mine.contains { centre in
                let d = centre - finder.centre
                return (d * d).sum() < 1e-6 * finder.module * finder.module
            }
        }
    }
}

/// A module grid held to a bent sheet (``PaperBend``) seen by a camera fitted to where a
/// few points of the symbol (the handles) lie in the picture.
struct BentFit {
    let size: Int
    var bend: PaperBend
    /// Points of the symbol, module coordinates, and where they lie in the picture.
    let handles: [SIMD2<Double>]
    var pixels: [SIMD2<Double>]

    /// The grid, or nil when no camera fits.
    var grid: ModuleGrid? { grid(Placed(self)) }

    /// Where the bend puts the handles and the grid's control points in space: the same
    /// for every move of a handle, which changes the camera only.
    struct Placed {
        let bend: PaperBend
        let handles: [SIMD3<Double>]
        let controls: [SIMD3<Double>]

        init(_ fit: BentFit) {
            let n = Double(fit.size)
            let centre = SIMD2(n / 2, n / 2)
            let placement = fit.bend.placement
            bend = fit.bend
            handles = fit.handles.map { placement.place($0 - centre) }
            controls = ModuleGrid.controlPoints(size: fit.size, controls: Self.controls(fit.size)).map {
                placement.place($0 - centre)
            }
        }

        /// Control points a side: one every two modules, close enough to follow a curve.
        static func controls(_ size: Int) -> Int { size / 2 + 1 }
    }

    /// The grid, its bend placed as `placed` (this fit's bend's), or nil when no camera
    /// fits.
    func grid(_ placed: Placed) -> ModuleGrid? {
        guard let camera = BentCamera(space: placed.handles, picture: pixels) else { return nil }
        return ModuleGrid(size: size, controls: Placed.controls(size), points: placed.controls.map(camera.project))
    }

    /// Where the finders of `triple` show their centres and corners (``FinderOutline``):
    /// module coordinates, and their places in the picture; `grid` tells the corners apart.
    static func finderPoints(_ triple: FinderTriple, grid: ModuleGrid, sampler: PixelSampler) -> (
        modules: [SIMD2<Double>], pixels: [SIMD2<Double>]
    ) {
        let n = Double(grid.size)
        var modules: [SIMD2<Double>] = []
        var pixels: [SIMD2<Double>] = []
        let finders = [
            (triple.topLeft, SIMD2(3.5, 3.5)), (triple.topRight, SIMD2(n - 3.5, 3.5)),
            (triple.bottomLeft, SIMD2(3.5, n - 3.5)),
        ]
        for (finder, at) in finders {
            modules.append(at)
            pixels.append(finder.centre)
            let corners = FinderOutline.corners(
                of: finder.centre, predicted: { grid.point(at.x + $0.x, at.y + $0.y) }, sampler: sampler)
            for (offset, corner) in zip(FinderOutline.offsets, corners) {
                guard let corner else { continue }
                modules.append(at + offset)
                pixels.append(corner)
            }
        }
        return (modules, pixels)
    }

    /// Bent grids for `grid`'s symbol, the best fitting first: for each of
    /// ``PaperBend/candidates(side:)``, the camera fitted to `points` (module coordinates
    /// and their places in the picture), by the distance of its fit; the first `limit`,
    /// their handles a 3 × 3 lattice over the symbol. Where more than half of `limit` after
    /// the first half fit within ``crowdWindow`` times the best's distance, the second half
    /// is of those instead: the ones whose ``farPatterns(size:)``, sampled in `sampler`,
    /// show the most contrast.
    static func fits(
        around grid: ModuleGrid, points: (modules: [SIMD2<Double>], pixels: [SIMD2<Double>]), limit: Int,
        sampler: PixelSampler
    ) -> [BentFit] {
        let n = Double(grid.size)
        let centre = SIMD2(n / 2, n / 2)
        let bends = PaperBend.candidates(side: n + 8)
        func fitted(_ modules: [SIMD2<Double>], _ pixels: [SIMD2<Double>]) -> [(camera: BentCamera, bend: PaperBend)] {
            bends.compactMap { bend in
                let placement = bend.placement
                return BentCamera(space: modules.map { placement.place($0 - centre) }, picture: pixels).map {
                    ($0, bend)
                }
            }
        }
        var cameras = fitted(points.modules, points.pixels)
        // A corner traced wrong (a speck on an edge, a ray that left the finder) pulls
        // every camera: the points far from the best fit's are dropped, and all fitted again.
        if let best = cameras.min(by: { $0.camera.residual < $1.camera.residual }) {
            let misses = zip(points.modules, points.pixels).map { module, pixel in
                let d = best.camera.project(best.bend.place(module - centre)) - pixel
                return (d * d).sum().squareRoot()
            }
            let typical = misses.sorted()[misses.count / 2]
            let kept = misses.indices.filter { misses[$0] <= max(3 * typical, 0.5) }
            if kept.count < misses.count, kept.count >= 8 {
                cameras = fitted(kept.map { points.modules[$0] }, kept.map { points.pixels[$0] })
            }
        }
        let lattice = [3.5, n / 2, n - 3.5]
        let handles = lattice.flatMap { v in lattice.map { u in SIMD2(u, v) } }
        cameras.sort { $0.camera.residual < $1.camera.residual }
        var chosen = Array(cameras.prefix(limit))
        // Where the finders hardly tell the bends apart (more than half the limit fit them
        // nearly as well as the best), the bend that follows the paper may rank anywhere
        // among those: after the best half, the ones whose timing and alignment patterns,
        // away from the finders, show the most contrast.
        if let first = cameras.first {
            let crowd = cameras.dropFirst(limit / 2).prefix {
                $0.camera.residual <= Self.crowdWindow * first.camera.residual
            }
            if crowd.count > limit - limit / 2 {
                let patterns = Self.farPatterns(size: grid.size)
                let ranked = crowd.map { fit -> (contrast: Double, fit: (camera: BentCamera, bend: PaperBend)) in
                    let placement = fit.bend.placement
                    var (dark, light) = (0.0, 0.0)
                    for (module, isDark) in patterns.modules {
                        let p = fit.camera.project(placement.place(module - centre))
                        let value = Double(sampler.value(p.x, p.y))
                        if isDark { dark += value } else { light += value }
                    }
                    return (light / Double(patterns.lightCount) - dark / Double(patterns.darkCount), fit)
                }
                chosen =
                    cameras.prefix(limit / 2)
                    + ranked.sorted { $0.contrast > $1.contrast }.prefix(limit - limit / 2).map(\.fit)
            }
        }
        return chosen.map { fit in
            let placement = fit.bend.placement
            return BentFit(
                size: grid.size, bend: fit.bend, handles: handles,
                pixels: handles.map { fit.camera.project(placement.place($0 - centre)) })
        }
    }

    /// The indices of `fits` whose grids are not the same as one before them: some control
    /// point more than ``sameGrid`` of a module (`module` pixels) from its place in each
    /// earlier one's grid. Each is compared with every one before it, kept or not, so that
    /// a run of grids each next to the last counts as one.
    static func distinct(_ fits: [BentFit], module: Double) -> [Int] {
        var earlier: [[SIMD2<Double>]] = []
        var kept: [Int] = []
        let near = Self.sameGrid * module
        for (index, fit) in fits.enumerated() {
            guard let points = fit.grid?.displacements else { continue }
            let repeated = earlier.contains { other in
                zip(points, other).allSatisfy { a, b in
                    let d = a - b
                    return (d * d).sum() <= near * near
                }
            }
            if !repeated { kept.append(index) }
            earlier.append(points)
        }
        return kept
    }

    /// How near, in modules, two bent grids' control points all lie for the grids to be
    /// the same (``distinct(_:module:)``).
    static let sameGrid = 0.015

    /// How many times the best fit's distance to the finders a bend may miss them by and
    /// still count as fitting them nearly as well (``fits(around:points:limit:sampler:)``).
    static let crowdWindow = 2.0

    /// The centres of the function patterns' modules away from the finders (the timing
    /// patterns, the alignment patterns, the dark module), module coordinates, with their
    /// shades: where a bend that misses the paper shows it.
    static func farPatterns(size: Int) -> (modules: [(SIMD2<Double>, Bool)], darkCount: Int, lightCount: Int) {
        let modules = FunctionPatterns(size: size).modules.compactMap { index, isDark -> (SIMD2<Double>, Bool)? in
            let (u, v) = (index % size, index / size)
            let nearFinder = (u < 8 || u >= size - 8) && v < 8 || u < 8 && v >= size - 8
            return nearFinder ? nil : (SIMD2(Double(u) + 0.5, Double(v) + 0.5), isDark)
        }
        let dark = modules.filter(\.1).count
        return (modules, max(1, dark), max(1, modules.count - dark))
    }

    /// Each handle moved `step` pixels along each axis, and the bend's parameters by a
    /// step of their own, while the fit (`score`, under `fitter`) improves; three sweeps
    /// at most. The shape stays a bent sheet's however the handles move.
    /// Returns how many grids it scored.
    @discardableResult
    mutating func refine(_ fitter: inout ModuleGridFitter, score: inout Double, step: Double) -> Int {
        let side = Double(size + 8)
        // The bend's steps: an angle's 8° at half a module's step, the curve or crease in
        // proportion.
        let scale = step / max(1e-9, Self.pixelsPerModule(self))
        var scored = 0
        for _ in 0..<3 {
            var improved = false
            let placed = Placed(self)
            for index in pixels.indices {
                for axis in 0..<2 {
                    for sign in [1.0, -1.0] {
                        var trial = self
                        trial.pixels[index][axis] += sign * step
                        scored += 1
                        if trial.improves(&fitter, on: &score, placed: placed) {
                            self = trial
                            improved = true
                            break
                        }
                    }
                }
            }
            for parameter in 0..<3 {
                for sign in [1.0, -1.0] {
                    var trial = self
                    let change = sign * scale
                    trial.bend = bend.moved(parameter, by: change, side: side)
                    guard trial.bend != bend else { continue }
                    scored += 1
                    if trial.improves(&fitter, on: &score, placed: Placed(trial)) {
                        self = trial
                        improved = true
                        break
                    }
                }
            }
            if !improved { break }
        }
        return scored
    }

    /// Whether this fit, its bend placed as `placed`, scores over `score` under `fitter`;
    /// if so, `score` becomes its.
    private func improves(_ fitter: inout ModuleGridFitter, on score: inout Double, placed: Placed) -> Bool {
        guard let grid = grid(placed) else { return false }
        let trial = fitter.score(grid)
        guard trial > score + 1e-9 else { return false }
        score = trial
        return true
    }

    /// The mean distance in pixels between the handles a module apart along the lattice.
    private static func pixelsPerModule(_ fit: BentFit) -> Double {
        let d = fit.pixels[1] - fit.pixels[0]
        let modules = fit.handles[1].x - fit.handles[0].x
        return (d * d).sum().squareRoot() / max(1e-9, modules)
    }
}

extension PaperBend {
    /// The bend with its parameter `parameter` (0: the direction; 1: the curvature or the
    /// crease's place; 2: the fold's angle) changed by `change`, in half modules' moves: a
    /// sixteenth of a radian, a tenth of the curve's span, a module of the crease.
    func moved(_ parameter: Int, by change: Double, side: Double) -> PaperBend {
        var bend = self
        switch (parameter, shape) {
        case (0, _):
            bend.direction += change / 8
        case (1, .cylinder(let k)):
            bend.shape = .cylinder(curvature: k + change * 0.2 / side)
        case (1, .fold(let offset, let angle)):
            bend.shape = .fold(offset: offset + change * 2, angle: angle)
        case (2, .fold(let offset, let angle)):
            bend.shape = .fold(offset: offset, angle: angle + change / 8)
        default:
            break
        }
        return bend
    }
}
