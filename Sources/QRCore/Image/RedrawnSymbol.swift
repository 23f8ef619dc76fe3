// QRKit — RedrawnSymbol: a symbol found by its finder patterns, its module grid fitted and
// sampled, and drawn anew, flat and clean, for an engine to read.

/// A QR symbol drawn anew from a ``ModuleGrid`` fitted to a picture: black modules on
/// white, ``scale`` pixels a module, inside a quiet zone of ``quietZone`` modules.
///
/// An engine reads the drawing as it reads any clean code; its error correction decides
/// whether the modules were sampled right, so a drawing that is wrong in too many places
/// reads as nothing, never as another text. ``pictureCorners(_:)`` takes the corners the
/// engine reports back to the picture.
package struct RedrawnSymbol: Sendable {
    /// The drawing.
    package let picture: GrayImage
    /// The grid, in the coordinates of the picture it was fitted to.
    package let grid: ModuleGrid
    /// Pixels a module in the drawing.
    package let scale: Int
    /// Modules of quiet zone round the drawing's symbol.
    package let quietZone: Int
    /// Pixels of the fitted picture per pixel of the original (more than 1 when the fit
    /// ran on a copy grown for a tiny code).
    package let growth: Double

    /// The same drawing, fitted to a picture that was itself `scale` times the original
    /// (a halved picture: 0.5).
    package func from(growth scale: Double) -> RedrawnSymbol {
        RedrawnSymbol(picture: picture, grid: grid, scale: self.scale, quietZone: quietZone, growth: growth * scale)
    }

    /// Points of the drawing (corners an engine reports) where they lie in the original
    /// picture.
    package func pictureCorners(_ points: [Point]) -> [Point] {
        points.map { point in
            let u = (Double(point.x) - Double(quietZone * scale)) / Double(scale)
            let v = (Double(point.y) - Double(quietZone * scale)) / Double(scale)
            let p = grid.point(u, v) / growth
            return Point(x: Int(p.x.rounded()), y: Int(p.y.rounded()))
        }
    }
}

extension GrayImage {
    /// The largest symbol ``redrawnSymbols(limit:)`` fits a grid to: version 14. Larger
    /// symbols cost the fit more than a second, and carry alignment patterns every 20
    /// modules or so that keep a flat engine's sampling on course.
    static let largestRedrawnSize = 73

    /// The QR symbols this picture may hold, each drawn anew from a module grid fitted
    /// to three of its finder patterns (``ModuleGridFitter``), the best fits first, at most
    /// `limit`.
    ///
    /// Finders are looked for by their runs (``finderCandidates()``); in a small picture
    /// (at most 400 pixels a side), also by their rings in a copy grown 2 to 4 times by
    /// cubic convolution (``finderCandidatesByRings(moduleSizes:minimumContrast:)``), for
    /// codes of one or two pixels a module, and the grid is then fitted to that copy. For
    /// each of the two likeliest sets of three finders, the symbol sizes near what their
    /// distances suggest (at most four) are fitted with one homography; the one that fits
    /// best gets the mesh and is drawn, and so does the runner-up when it fits nearly as
    /// well.
    package func redrawnSymbols(limit: Int = 4) -> [RedrawnSymbol] {
        var sources: [(image: GrayImage, growth: Int, triples: [FinderTriple], sizesAround: Int)] = []
        let runs = finderCandidates()
        let direct = FinderTriple.triples(of: runs, strong: 3, moduleRatio: 3)
        if !direct.isEmpty { sources.append((self, 1, direct, 4)) }
        // Tiny codes: where runs show no two finders of three pixels a module or more.
        let longest = max(width, height)
        if longest <= 400, runs.filter({ $0.weight >= 3 && $0.module >= 2.5 }).count < 2 {
            let growth = longest <= 200 ? 4 : longest <= 300 ? 3 : 2
            let grown = upscaledBicubic(by: growth)
            let sizes = [1.0, 1.25, 1.5, 1.75, 2.0].map { $0 * Double(growth) }
            let rings = FinderTriple.triples(
                of: grown.finderCandidatesByRings(moduleSizes: sizes), moduleRatio: 2.5, consider: 5)
            if !rings.isEmpty { sources.append((grown, growth, rings, 8)) }
        }
        var drawn: [(score: Double, symbol: RedrawnSymbol)] = []
        for source in sources {
            let sampler = PixelSampler(source.image)
            for triple in source.triples {
                let sizes = triple.sizes(margin: source.sizesAround).filter { $0 <= Self.largestRedrawnSize }
                // One homography per size first; the mesh for the two best.
                var flat: [(score: Double, fitter: ModuleGridFitter, grid: ModuleGrid)] = []
                for size in sizes {
                    var fitter = ModuleGridFitter(sampler: sampler, size: size)
                    if let (grid, score) = fitter.fitHomography(triple) { flat.append((score, fitter, grid)) }
                }
                let ranked = flat.sorted { $0.score > $1.score }
                // The runner-up too when it fits nearly as well.
                let meshed = ranked.prefix(ranked.count > 1 && ranked[1].score > 0.97 * ranked[0].score ? 2 : 1)
                for var candidate in meshed {
                    let (grid, score) = candidate.fitter.fitMesh(from: candidate.grid, score: candidate.score)
                    let samples = candidate.fitter.samples(grid)
                    let symbol = RedrawnSymbol(
                        picture: grid.redrawn(from: samples), grid: grid, scale: 4, quietZone: 4,
                        growth: Double(source.growth))
                    drawn.append((score, symbol))
                }
            }
        }
        return drawn.sorted { $0.score > $1.score }.prefix(limit).map(\.symbol)
    }
}
