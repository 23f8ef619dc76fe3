// QRKit — GrayImage+RedrawnSymbol: a picture's symbols read by redrawing them: finders located,
// grids fitted and sampled, each symbol drawn flat for an engine.
extension GrayImage {
    /// The largest symbol ``readRedrawn(_:)`` fits a grid to: version 14. Larger
    /// symbols cost the fit more than a second, and carry alignment patterns every 20
    /// modules or so that keep a flat engine's sampling on course.
    static let largestRedrawnSize = 73

    /// The QR symbols of this picture that `read` finds in drawings made anew from module
    /// grids fitted to three of their finder patterns (``ModuleGridFitter``), with their
    /// corners in this picture.
    ///
    /// Finders are looked for by their runs (``finderCandidates()``); in a small picture
    /// (at most 400 pixels a side), also by their rings in a copy grown 2 to 4 times by
    /// cubic convolution (``finderCandidatesByRings(moduleSizes:minimumContrast:stop:)``), for
    /// codes of one or two pixels a module, and the grid is then fitted to that copy. For
    /// each of the two likeliest sets of three finders, the symbol sizes near what their
    /// distances suggest (at most four) are fitted with one homography a module apart, and
    /// the two that fit best are refined; the best of those, and the runner-up when it fits
    /// nearly as well, are drawn and read, then (for the likeliest set of finders only)
    /// given a mesh of 3 × 3 control points and read again, then of 5 × 5. The fit stops
    /// at the first drawing `read` reads: a code seen at an angle reads flat, and only a
    /// curved one pays for its mesh. A set of finders two of which lie in a symbol
    /// already read is passed over.
    ///
    /// Most reads come from the flat drawing, fewer from the 3 × 3 mesh and hardly any
    /// from the 5 × 5 one, and every mesh read from the likeliest set of finders, so the
    /// other sets get no mesh: it cost time and read nothing (docs/performance.md).
    ///
    /// - Parameters:
    ///   - finders: which finders to fit grids to.
    ///   - stop: looked at between fits, and through the search for a tiny code's finders:
    ///     once raised, this throws ``DecodeError/cancelled``.
    ///   - repairing: draw each symbol from its codewords as corrected with erasures where
    ///     the picture does not show its modules (``SymbolRepair``), not as sampled; one
    ///     that does not read so but looks like a QR Model 1 symbol is read as one and
    ///     drawn as a Model 2 symbol of the same data (``Model1Symbol``); a symbol whose
    ///     codewords cannot be corrected is not drawn.
    ///   - fits: the grids of an earlier read of the same `finders` that read nothing
    ///     (see `record`): drawn again, in their order, without fitting them again.
    ///   - record: given the grids fitted, in order, when every drawing was read and none
    ///     read anything: a second read of the same finders (`repairing`) needs no fit.
    ///   - candidates: gives this picture's ``finderCandidates()`` when they are needed, for
    ///     a caller that keeps them for other reads of the picture; found here by default.
    ///   - read: reads a drawing (black modules on white, four pixels a module, four
    ///     modules of quiet zone), returning its symbols, corners in the drawing.
    package func readRedrawn(
        finders: RedrawnFinders = .all, repairing: Bool = false, stop: CancellationFlag = CancellationFlag(),
        fits: [RedrawnFit]? = nil, record: ([RedrawnFit]) -> Void = { _ in },
        candidates: (() -> [FinderCandidate])? = nil, _ read: (GrayImage) throws -> [Symbol]
    ) throws -> [Symbol] {
        var found: [Symbol] = []
        // Where the symbols read lie, corners in this picture.
        var readAreas: [[SIMD2<Double>]] = []
        /// Draws `fit` and reads the drawing; whether it read anything.
        func draw(_ fit: RedrawnFit) throws -> Bool {
            let picture: GrayImage
            if repairing {
                let doubts = SymbolRepair.doubts(fit.samples, grid: fit.grid, width: fit.width, height: fit.height)
                if let repair = SymbolRepair(samples: fit.samples, size: fit.grid.size, doubts: doubts) {
                    picture = ModuleGrid.drawing(repair.modules, size: fit.grid.size)
                } else if let model1 = Model1Symbol(samples: fit.samples, size: fit.grid.size, doubts: doubts) {
                    return try keep(Self.symbols(of: model1, fit: fit, readBy: read), fit)
                } else {
                    return false
                }
            } else {
                picture = fit.grid.redrawn(from: fit.samples)
            }
            let drawing = RedrawnSymbol(picture: picture, grid: fit.grid, scale: 4, quietZone: 4, growth: fit.growth)
            return try keep(drawing.symbols(readBy: read), fit)
        }
        /// Keeps `symbols`, read from a drawing of `fit`; whether there are any.
        func keep(_ symbols: [Symbol], _ fit: RedrawnFit) -> Bool {
            guard !symbols.isEmpty else { return false }
            for symbol in symbols where !found.contains(where: { $0.bytes == symbol.bytes }) {
                found.append(symbol)
            }
            readAreas.append(fit.grid.corners.map { $0 / fit.growth })
            return true
        }
        if let fits {
            // The same drawings in the same order, each set of finders passed over as the
            // fit passes it over: once one of its drawings reads, or when two of its
            // finders lie in a symbol read.
            var done: Int?
            for fit in fits where fit.tripleIndex != done {
                try stop.check()
                if try Self.twoOfThree(fit.triple, grownBy: fit.growth, lieIn: readAreas) || draw(fit) {
                    done = fit.tripleIndex
                }
            }
            return found
        }
        var fitted: [RedrawnFit] = []
        // Tiny codes are looked for in small pictures only: a larger one needs no scan.
        let longest = max(width, height)
        if finders == .ofTinyCodes, longest > 400 { return [] }
        var sources: [(image: GrayImage, growth: Int, triples: [FinderTriple], sizesAround: Int)] = []
        let runs = candidates?() ?? finderCandidates()
        let direct = FinderTriple.triples(of: runs, strong: 3, moduleRatio: 3)
        if finders != .ofTinyCodes, !direct.isEmpty { sources.append((self, 1, direct, 4)) }
        // Tiny codes: where runs show no two finders of three pixels a module or more.
        if finders != .byRuns, longest <= 400, runs.filter({ $0.weight >= 3 && $0.module >= 2.5 }).count < 2 {
            let growth = longest <= 200 ? 4 : longest <= 300 ? 3 : 2
            let fitted = direct.map { $0.area(margin: 4) }
            let grown = try upscaledBicubic(by: growth, stop: stop)
            let sizes = [1.0, 1.25, 1.5, 1.75, 2.0].map { $0 * Double(growth) }
            let rings = FinderTriple.triples(
                of: try grown.finderCandidatesByRings(moduleSizes: sizes, stop: stop), moduleRatio: 2.5, consider: 5
            ).filter { ring in
                // Finders the runs found belong to a symbol the redrawn pass fits (at its own
                // size): those, and finder-like specks of its data, are not fitted again.
                !Self.twoOfThree(ring, grownBy: Double(growth), lieIn: fitted)
            }
            if !rings.isEmpty { sources.append((grown, growth, rings, 8)) }
        }
        // Only the likeliest set of finders is given meshes: the first found by their runs
        // where there is one (then the search for tiny codes draws its finders flat).
        var meshed = finders == .ofTinyCodes && !direct.isEmpty
        var tripleIndex = 0
        for source in sources {
            let sampler = PixelSampler(source.image)
            let growth = Double(source.growth)
            for triple in source.triples {
                tripleIndex += 1
                try stop.check()
                if Self.twoOfThree(triple, grownBy: growth, lieIn: readAreas) { continue }
                var candidates = Self.flatFits(triple, sizes: triple.sizes(margin: source.sizesAround), sampler)
                // Flat, then meshed with 3 × 3 control points, then 5 × 5: each drawing read
                // before the fit goes on. A grid that a mesh cannot improve is flat: it is
                // not drawn again, nor given a finer mesh.
                let stages: [Int?] = meshed ? [nil] : [nil, 3, 5]
                meshed = true
                var bending = Array(repeating: true, count: candidates.count)
                fitting: for controls in stages {
                    try stop.check()
                    for k in candidates.indices where bending[k] {
                        var (fitter, grid, score) = candidates[k]
                        if let controls {
                            let before = score
                            fitter.refineMesh(&grid, score: &score, controls: controls)
                            candidates[k] = (fitter, grid, score)
                            guard score > before else {
                                bending[k] = false
                                continue
                            }
                        }
                        let fit = RedrawnFit(
                            triple: triple, tripleIndex: tripleIndex, growth: growth, width: source.image.width,
                            height: source.image.height, grid: grid, score: score, samples: fitter.samples(grid))
                        fitted.append(fit)
                        if try draw(fit) { break fitting }
                    }
                }
            }
        }
        if found.isEmpty { record(fitted) }
        return found
    }

    /// The symbols `read` finds in the Model 2 drawing of `model1`, a Model 1 symbol sampled
    /// under `fit`: its corners those of the grid, since the drawing may be larger than the
    /// symbol, and its level the Model 1 symbol's, not the drawing's.
    static func symbols(of model1: Model1Symbol, fit: RedrawnFit, readBy read: (GrayImage) throws -> [Symbol])
        rethrows -> [Symbol]
    {
        let corners = fit.grid.corners.map { corner in
            let point = corner / fit.growth
            return Point(x: Int(point.x.rounded()), y: Int(point.y.rounded()))
        }
        return try read(ModuleGrid.drawing(model1.modules, size: model1.size)).map { symbol in
            var symbol = symbol
            symbol.corners = corners
            symbol.errorCorrection = ErrorCorrectionLevel.allCases[model1.level]
            return symbol
        }
    }

    /// The homographies to draw for `triple`: each of `sizes` (up to version 14) fitted a
    /// module apart, the two that fit best refined, and the best of those with the
    /// runner-up when it fits nearly as well.
    static func flatFits(_ triple: FinderTriple, sizes: [Int], _ sampler: PixelSampler) -> [(
        fitter: ModuleGridFitter, grid: ModuleGrid, score: Double
    )] {
        var coarse: [(fit: ModuleGridFitter.HomographyFit, fitter: ModuleGridFitter)] = []
        for size in sizes where size <= largestRedrawnSize {
            var fitter = ModuleGridFitter(sampler: sampler, size: size)
            if let fit = fitter.coarseHomography(triple) { coarse.append((fit, fitter)) }
        }
        var refined: [(fitter: ModuleGridFitter, grid: ModuleGrid, score: Double)] = []
        for var candidate in coarse.sorted(by: { $0.fit.score > $1.fit.score }).prefix(2) {
            let (grid, score) = candidate.fitter.refineHomography(triple, from: candidate.fit)
            refined.append((candidate.fitter, grid, score))
        }
        let ranked = refined.sorted { $0.score > $1.score }
        return Array(ranked.prefix(ranked.count > 1 && ranked[1].score > 0.97 * ranked[0].score ? 2 : 1))
    }

    /// Whether two or more of the centres of `triple`, found in this picture grown `growth`
    /// times, lie in one of the convex quadrilaterals `areas` of this picture.
    private static func twoOfThree(_ triple: FinderTriple, grownBy growth: Double, lieIn areas: [[SIMD2<Double>]])
        -> Bool
    {
        let centres = [triple.topLeft, triple.topRight, triple.bottomLeft].map { $0.centre / growth }
        return areas.contains { area in centres.filter { quadrilateral(area, holds: $0) }.count >= 2 }
    }

    /// Whether the convex quadrilateral `corners` (in order round it) holds `point`.
    private static func quadrilateral(_ corners: [SIMD2<Double>], holds point: SIMD2<Double>) -> Bool {
        var sides = Set<Bool>()
        for k in corners.indices {
            let a = corners[k]
            let b = corners[(k + 1) % corners.count]
            let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
            sides.insert(cross >= 0)
        }
        return sides.count == 1
    }
}

/// A module grid ``GrayImage/readRedrawn(finders:repairing:stop:fits:record:_:)`` fitted and
/// drew, with what it takes to draw it again.
package struct RedrawnFit: Sendable {
    /// The finders it was fitted to.
    let triple: FinderTriple
    /// Which set of finders, counted in the order they were fitted.
    let tripleIndex: Int
    /// Pixels of the fitted picture per pixel of the original.
    let growth: Double
    /// The size of the picture fitted.
    let width: Int
    let height: Int
    let grid: ModuleGrid
    /// The grid's fit (``ModuleGridFitter``), from which a further mesh starts.
    let score: Double
    /// The shade sampled at each module.
    let samples: [Float]
}
