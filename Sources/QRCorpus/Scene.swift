// QRCorpus — Scene: one generated picture being drawn: its codes placed, bent and shaded on
// a cluttered ground, then degraded (CorpusGenerator numbers, checks and saves them).
import QRKit

/// One picture being made: the payloads, the canvas, and the random stream.
struct Scene {
    let category: GeneratedCategory
    var random: SplitMix64
    var canvas = Canvas(width: 1, height: 1, value: 0)
    var payloads: [GeneratedPayload] = []
    let quietZone = 4
    /// The blur category's σ: a quarter to a half of a module, chosen with the module size.
    var blurSigma = 2.0
    /// The code (without its quiet zone) of a single-code picture: its centre and side in
    /// pixels, and its module size; where the study conditions aim their trouble.
    var code = (centre: SIMD2(0.0, 0.0), side: 0.0, module: 1.0)
    /// What the study conditions did, for the tests to find in the pixels: the glare's
    /// core, the shadow's edge (a point and an angle), the motion's direction.
    var glare: Spot?
    var shadowEdge: (point: SIMD2<Double>, angle: Double)?
    var motionAngle: Double?
    /// The codes drawn, in the order of ``payloads``.
    var matrices: [QRMatrix] = []
    /// Where the code of a curved picture lies (its symbol and quiet zone, in module units,
    /// `matrices[0].size + 8` a side, mapped to pixels), for tests that measure a fitted
    /// grid against it; nil for the other categories.
    var symbolMesh: SurfaceMesh?

    init(category: GeneratedCategory, random: SplitMix64) {
        self.category = category
        self.random = random
    }

    mutating func render() throws {
        if category == .sheet { return try renderReadableSheet() }
        switch category {
        case .multi: try renderMulti()
        case .crop: try renderCrop()
        default: try renderSingle()
        }
        degrade()
    }

    /// Pages drawn for one sheet, at most: the last is kept even if zbar misses a code.
    static let sheetAttempts = 4

    /// A sheet whose every code zbar reads, so that reading them all is within reach of
    /// every strategy with zbar. Even on pages drawn as zbar likes them (see
    /// `drawSheet(_:columns:)`), it misses a code or two of a page now and then, though it
    /// reads each alone; the same codes are then drawn on a new page, from where the
    /// random stream stands, so the picture still follows from the seed (and from the
    /// zbar linked).
    private mutating func renderReadableSheet() throws {
        let (matrices, columns) = try makeSheetCodes()
        for attempt in 1...Self.sheetAttempts {
            drawSheet(matrices, columns: columns)
            degrade()
            if attempt == Self.sheetAttempts || zbarReadsEveryCode() { return }
        }
    }

    /// True when zbar, as `qr decode --strategy zbar` runs it, reads every payload of the
    /// canvas and nothing else.
    private func zbarReadsEveryCode() -> Bool {
        guard let symbols = try? ZBarEngine().decode(canvas.grayImage(), cancel: CancellationFlag()) else {
            return false
        }
        let score = ReadScore(symbols: symbols, expected: payloads.map(\.expected))
        return score.fullyRead && score.wrongReads == 0
    }

    // MARK: - Codes

    /// Chooses a payload, level and version and encodes it.
    private mutating func makeSymbol(budget: Int, versionHint: ClosedRange<Int>, textOnly: Bool = false) throws
        -> QRMatrix
    {
        let payload = GeneratedPayload.random(&random, budget: budget, textOnly: textOnly)
        var level = random.pick(ErrorCorrectionLevel.allCases)
        if category == .damaged { level = random.chance(0.6) ? .h : .q }
        // A glare washes modules out as a blot does: codes printed where glare is met
        // (glossy labels, laminated cards) are rarely made at level L.
        if category == .glare { level = random.pick([.m, .q, .h]) }
        // High versions are what they are for any payload: the version is always set.
        let forced = category == .highVersion || random.chance(0.5)
        let options = EncodeOptions(
            level: level, version: forced ? random.int(in: versionHint) : nil, mode: payload.mode, eci: payload.eci)
        payloads.append(payload)
        let matrix = try QREncoder().encode(payload.payload, options: options)
        matrices.append(matrix)
        return matrix
    }

    /// Module size in pixels for the category.
    private mutating func moduleSize() -> Double {
        switch category {
        case .small: return random.double(in: 1.0...1.5)
        case .blur, .damaged: return random.double(in: 4...8)
        case .blocky: return random.double(in: 2.5...5)
        case .huge: return random.double(in: 6...14)
        case .highVersion: return random.double(in: 2...3)
        case .glare, .moire, .motionBlur: return random.double(in: 4...8)
        case .halftone: return random.double(in: 5...9)
        default: return random.double(in: 3...7)
        }
    }

    private mutating func renderSingle() throws {
        let budget: Int
        let hint: ClosedRange<Int>
        switch category {
        case .small: (budget, hint) = (30, 1...4)
        case .huge: (budget, hint) = (260, 4...20)
        case .highVersion: (budget, hint) = (300, 20...40)
        default: (budget, hint) = (120, 1...10)
        }
        let matrix = try makeSymbol(budget: budget, versionHint: hint)
        let side = Double(matrix.size + 2 * quietZone)
        var module = moduleSize()
        if category == .blur { blurSigma = module * random.double(in: 0.25...0.55) }
        var width: Int
        var height: Int
        if category == .huge {
            let megapixels = random.double(in: 6...12)
            let aspect = random.pick([4.0 / 3, 3.0 / 2, 16.0 / 9])
            width = Int((megapixels * 1_000_000 * aspect).squareRoot())
            height = Int(megapixels * 1_000_000 / Double(width))
            module = min(module, 0.6 * Double(min(width, height)) / side)
        } else {
            let symbolPixels = side * module
            let spread = category == .small ? random.double(in: 1.3...2.2) : random.double(in: 1.25...2.0)
            width = max(160, Int(symbolPixels * spread * random.double(in: 1.0...1.35)))
            height = max(160, Int(symbolPixels * spread))
        }
        paintGround(width: width, height: height)
        let box = (0.0, 0.0, Double(width), Double(height))
        let mesh =
            category == .curved
            ? bentPlacement(side: side, module: module, within: box)
            : placement(side: side, module: module, within: box)
        if category == .curved { symbolMesh = mesh }
        if mesh.cells == 1 {
            let corners = (0..<4).map { mesh.point($0 == 1 || $0 == 2 ? 1 : 0, $0 >= 2 ? 1 : 0) }
            let withQuietZone = ((corners[1] - corners[0]) * (corners[1] - corners[0])).sum().squareRoot()
            let scale = withQuietZone / side
            code = (corners.reduce(SIMD2(0, 0), +) / 4, scale * Double(matrix.size), scale)
        }
        drawSymbol(matrix, mesh: mesh, shades: category == .halftone ? Self.halftoneShades(&random) : nil)
    }

    /// A close-up: modules of 5 to 12 pixels, turned by up to 3°, the frame 0 to 3
    /// modules outside the code's corners on each side (the quiet zone is 4), and within
    /// 1.5 modules on one side at least.
    private mutating func renderCrop() throws {
        let matrix = try makeSymbol(budget: 120, versionHint: 1...10)
        let module = random.double(in: 5...12)
        let angle = random.double(in: -3...3) * Double.pi / 180
        let turn = { (p: SIMD2<Double>) in SurfaceGeometry.rotated(p, by: angle) }
        let half = Double(matrix.size) * module / 2
        let outer = half + Double(quietZone) * module
        let unit = [SIMD2(-1.0, -1.0), SIMD2(1, -1), SIMD2(1, 1), SIMD2(-1, 1)]
        let codeCorners = unit.map { turn($0 * half) }
        let low = SIMD2(codeCorners.map(\.x).min()!, codeCorners.map(\.y).min()!)
        let high = SIMD2(codeCorners.map(\.x).max()!, codeCorners.map(\.y).max()!)
        var margins = (0..<4).map { _ in random.double(in: 0...3) }
        margins[random.int(in: 0...3)] = random.double(in: 0...1.5)
        let origin = SIMD2(low.x - margins[0] * module, low.y - margins[1] * module)
        let width = Int((high.x + margins[2] * module - origin.x).rounded(.down))
        let height = Int((high.y + margins[3] * module - origin.y).rounded(.down))
        paintGround(width: width, height: height)
        let corners = unit.map { turn($0 * outer) - origin }
        code = (-origin, 2 * half, module)
        drawSymbol(matrix, mesh: Self.flatMesh(side: Double(matrix.size + 2 * quietZone), corners: corners))
    }

    private mutating func renderMulti() throws {
        let codes = random.int(in: 2...4)
        let columns = codes == 2 ? (random.chance(0.5) ? 2 : 1) : 2
        let rows = (codes + columns - 1) / columns
        var matrices: [QRMatrix] = []
        for _ in 0..<codes {
            matrices.append(try makeSymbol(budget: 60, versionHint: 1...6, textOnly: true))
        }
        let module = random.double(in: 3...5)
        let largest = Double(matrices.map(\.size).max()! + 2 * quietZone) * module
        let cell = largest * random.double(in: 1.25...1.6)
        let width = Int(cell * Double(columns))
        let height = Int(cell * Double(rows))
        paintGround(width: width, height: height)
        for (index, matrix) in matrices.enumerated() {
            let cellX = Double(index % columns) * cell
            let cellY = Double(index / columns) * cell
            let side = Double(matrix.size + 2 * quietZone)
            drawSymbol(matrix, mesh: placement(side: side, module: module, within: (cellX, cellY, cell, cell)))
        }
    }

    /// The codes of a sheet, 12, 20 or 30 (the picture's first draw), and the columns of
    /// its grid: 3 × 4, 4 × 5 or 5 × 6, either way up.
    private mutating func makeSheetCodes() throws -> (matrices: [QRMatrix], columns: Int) {
        let codes = random.pick([12, 20, 30])
        let across = codes == 12 ? 3 : codes == 20 ? 4 : 5
        let columns = random.chance(0.5) ? across : codes / across
        var matrices: [QRMatrix] = []
        while matrices.count < codes {
            let matrix = try makeSymbol(budget: 60, versionHint: 1...6, textOnly: true)
            // Every payload differs, so that a reader's answer can be checked code by code.
            if payloads.dropLast().contains(where: { $0.expected == payloads.last!.expected }) {
                payloads.removeLast()
                self.matrices.removeLast()
            } else {
                matrices.append(matrix)
            }
        }
        return (matrices, columns)
    }

    /// A page of labels or tickets as a label program renders it: the same whole number
    /// of pixels per module for every code, each code on whole pixels in its cell of a
    /// grid with small margins, one ink and one paper; the blur is set here, from the
    /// module size.
    private mutating func drawSheet(_ matrices: [QRMatrix], columns: Int) {
        let rows = matrices.count / columns
        let side = matrices.map(\.size).max()! + 2 * quietZone
        let spread = random.double(in: 1.08...1.4)
        let margin = random.double(in: 0.1...0.4)
        // The page 1000 to 2000 pixels along its long side, as far as modules of 3 to 5
        // pixels allow. Whole pixels per module, and codes on whole pixels, give every
        // finder pattern the same pixels: zbar tries a page's finder patterns three at a
        // time in the order of their sizes, and where the sizes differ by a pixel here and
        // there (edges between pixels, a page turned a little) it gives up early or misses
        // codes it reads alone.
        let fit = random.double(in: 1000...2000) / ((Double(max(columns, rows)) + 2 * margin) * Double(side) * spread)
        let module = min(5, max(3, Int(fit.rounded())))
        let cell = Double(side * module) * spread
        let border = margin * cell
        paintGround(width: Int(Double(columns) * cell + 2 * border), height: Int(Double(rows) * cell + 2 * border))
        // One printer, one paper: the same ink and paper for every code.
        let shades = Self.shades(&random)
        for (index, matrix) in matrices.enumerated() {
            let size = Double((matrix.size + 2 * quietZone) * module)
            let x = (border + Double(index % columns) * cell + (cell - size) / 2).rounded(.down)
            let y = (border + Double(index / columns) * cell + (cell - size) / 2).rounded(.down)
            let corners = [SIMD2(x, y), SIMD2(x + size, y), SIMD2(x + size, y + size), SIMD2(x, y + size)]
            drawSymbol(
                matrix, mesh: Self.flatMesh(side: Double(matrix.size + 2 * quietZone), corners: corners),
                shades: shades)
        }
        blurSigma =
            random.chance(0.3) ? Double(module) * random.double(in: 0.12...0.25) : random.double(in: 0.3...0.6)
    }

    /// Where a symbol of `side` modules (with quiet zone) goes: a turn, a tilt for the
    /// perspective category, somewhere inside `box` (x, y, width, height).
    private mutating func placement(side: Double, module: Double, within box: (Double, Double, Double, Double))
        -> SurfaceMesh
    {
        let size = side * module
        let angle: Double
        switch category {
        case .rotation: angle = random.double(in: 10...350) * Double.pi / 180
        case .multi: angle = random.double(in: -12...12) * Double.pi / 180
        case .small: angle = random.double(in: -1.5...1.5) * Double.pi / 180
        case .perspective: angle = random.double(in: -15...15) * Double.pi / 180
        case .highVersion: angle = random.double(in: -8...8) * Double.pi / 180
        default: angle = random.double(in: -4...4) * Double.pi / 180
        }
        var corners = [SIMD2(-1.0, -1.0), SIMD2(1, -1), SIMD2(1, 1), SIMD2(-1, 1)].map { unit -> SIMD2<Double> in
            SurfaceGeometry.rotated(unit * (size / 2), by: angle)
        }
        if category == .perspective {
            let tilt = random.double(in: 15...60) * Double.pi / 180
            let axis = random.double(in: 0..<Double.pi)
            let distance = size * random.double(in: 1.2...3)
            corners = corners.map { SurfaceGeometry.tilted($0, by: tilt, about: axis, seenFrom: distance) }
        }
        let shift = SurfaceGeometry.placement(of: corners, within: box, random: &random)
        return Self.flatMesh(side: side, corners: corners.map { $0 * shift.scale + shift.offset })
    }

    /// A flat symbol of `side` modules (with quiet zone) with its corners at `corners`
    /// (top-left first, clockwise).
    private static func flatMesh(side: Double, corners: [SIMD2<Double>]) -> SurfaceMesh {
        let mapping = Homography(square: side, to: corners)
        return SurfaceMesh(cells: 1, side: side) { mapping.apply($0, $1) }
    }

    /// A symbol of `side` modules (with quiet zone) on a bent surface, inside `box`:
    /// wrapped round a cylinder whose axis runs in any direction across the code, or
    /// creased along such a line, then seen by a camera tilted a little.
    private mutating func bentPlacement(side: Double, module: Double, within box: (Double, Double, Double, Double))
        -> SurfaceMesh
    {
        let shape: SurfaceGeometry.Shape =
            random.chance(0.6)
            ? .cylinder(radius: side / random.double(in: 0.9...2.2))
            : .fold(
                at: side * random.double(in: -0.3...0.3),
                angle: random.double(in: 25...60) * Double.pi / 180 * (random.chance(0.5) ? 1 : -1))
        let surface = SurfaceGeometry(
            side: side, shape: shape, axis: random.double(in: 0..<Double.pi),
            cameraTilt: random.double(in: -20...20) * Double.pi / 180, distance: side * random.double(in: 2...4),
            turn: random.double(in: -10...10) * Double.pi / 180)
        // Half-module cells: the crease of a fold crosses few of them, and a cylinder's
        // curve is followed within a hundredth of a module.
        let cells = Int(side) * 2
        let centred = SurfaceMesh(cells: cells, side: side) { surface.map($0, $1) * module }
        let shift = SurfaceGeometry.placement(of: centred.points, within: box, random: &random)
        return SurfaceMesh(cells: cells, points: centred.points.map { $0 * shift.scale + shift.offset })
    }

    // MARK: - Drawing

    /// A shaded ground with a ramp, texture and clutter.
    private mutating func paintGround(width: Int, height: Int) {
        let base = Float(random.double(in: 70...215))
        canvas = Canvas(width: width, height: height, value: base)
        canvas.addGradient(angle: random.double(in: 0..<(2 * Double.pi)), amount: random.double(in: -50...50))
        let area = Double(width * height)
        let shapes = Int(min(60, max(6, area / 25_000))) + random.int(in: 0...6)
        for _ in 0..<shapes {
            let shade = Float(random.double(in: 0...255))
            let x = random.double(in: 0..<Double(width))
            let y = random.double(in: 0..<Double(height))
            let scale = Double(min(width, height))
            switch random.int(in: 0...4) {
            case 0:
                canvas.fillRect(
                    x: Int(x), y: Int(y), width: Int(random.double(in: 0.03...0.3) * scale),
                    height: Int(random.double(in: 0.03...0.3) * scale), value: shade)
            case 1:
                canvas.fillEllipse(
                    cx: x, cy: y, rx: random.double(in: 0.02...0.15) * scale,
                    ry: random.double(in: 0.02...0.15) * scale,
                    value: shade)
            case 2:
                canvas.drawLine(
                    x0: x, y0: y, x1: x + random.double(in: -0.5...0.5) * scale,
                    y1: y + random.double(in: -0.5...0.5) * scale,
                    thickness: random.double(in: 1...max(1.5, scale / 150)), value: shade)
            default:
                // A few lines of "text": short dark bars in rows.
                let glyph = max(2.0, scale * random.double(in: 0.008...0.02))
                let ink = Float(random.double(in: 0...90))
                for line in 0..<random.int(in: 1...5) {
                    var cursor = x
                    let rowY = y + Double(line) * glyph * 2.2
                    for _ in 0..<random.int(in: 4...30) {
                        let w = glyph * random.double(in: 0.4...1.0)
                        canvas.fillRect(
                            x: Int(cursor), y: Int(rowY), width: max(1, Int(w)), height: max(1, Int(glyph)), value: ink)
                        cursor += w + glyph * random.double(in: 0.2...0.5) + (random.chance(0.2) ? glyph : 0)
                    }
                }
            }
        }
        canvas.addNoise(sigma: random.double(in: 2...6), &random)
    }

    /// Draws `matrix` in `shades` (ink and paper), or in shades of its own.
    private mutating func drawSymbol(
        _ matrix: QRMatrix, mesh: SurfaceMesh, shades: (dark: Float, light: Float)? = nil
    ) {
        let (dark, light) = shades ?? Self.shades(&random)
        var blot: Blot?
        if category == .damaged {
            let size = Double(matrix.size)
            let fraction = matrix.level == .h ? random.double(in: 0.06...0.12) : random.double(in: 0.04...0.08)
            let area = fraction * size * size
            let aspect = random.double(in: 0.6...1.6)
            let rx = (area / Double.pi * aspect).squareRoot()
            let ry = (area / Double.pi / aspect).squareRoot()
            blot = Blot(
                cx: random.double(in: 0.4...0.7) * size, cy: random.double(in: 0.4...0.7) * size, rx: rx, ry: ry,
                value: random.pick([dark, light, Float(random.double(in: 80...170))]))
        }
        canvas.drawSymbol(
            matrix, quietZone: quietZone, mesh: mesh, dark: dark, light: light,
            samples: category == .huge ? 2 : 3, blot: blot)
    }

    /// A grey ink for a halftone print: dark 40 to 110, light 200 to 240, both made of
    /// dots.
    private static func halftoneShades(_ random: inout SplitMix64) -> (dark: Float, light: Float) {
        (Float(random.double(in: 40...110)), Float(random.double(in: 200...240)))
    }

    /// Ink and paper for a code: dark 10 to 60, light 195 to 245.
    private static func shades(_ random: inout SplitMix64) -> (dark: Float, light: Float) {
        let dark = Float(random.double(in: 10...60))
        return (dark, Float(random.double(in: 195...245)))
    }

    // MARK: - Degrading

    /// Applies the category's trouble, then a camera's mild noise.
    private mutating func degrade() {
        switch category {
        case .clean, .rotation, .perspective, .damaged, .multi, .curved:
            canvas.blur(sigma: random.double(in: 0.3...0.7))
            canvas.addNoise(sigma: random.double(in: 1.5...4), &random)
        case .small:
            canvas.blur(sigma: random.double(in: 0.2...0.45))
            canvas.addNoise(sigma: random.double(in: 1.5...3), &random)
        case .blur, .sheet:
            canvas.blur(sigma: blurSigma)
            canvas.addNoise(sigma: random.double(in: 1.5...3), &random)
        case .noise:
            canvas.blur(sigma: random.double(in: 0.3...0.6))
            canvas.addNoise(sigma: random.double(in: 14...34), &random)
            canvas.saltAndPepper(fraction: random.double(in: 0.003...0.03), &random)
        case .lowContrast:
            canvas.blur(sigma: random.double(in: 0.3...0.6))
            canvas.compressContrast(middle: random.double(in: 70...190), spread: random.double(in: 22...50))
            canvas.addNoise(sigma: random.double(in: 1...2.5), &random)
        case .unevenLight:
            let w = Double(canvas.width)
            let h = Double(canvas.height)
            canvas.lightUnevenly(
                angle: random.double(in: 0..<(2 * Double.pi)), dim: random.double(in: 0.08...0.35),
                spot: (
                    random.double(in: 0...w), random.double(in: 0...h), random.double(in: 0.1...0.35) * min(w, h),
                    random.double(in: 0.3...1.1)
                ),
                shadow: (
                    random.double(in: 0..<(2 * Double.pi)), random.double(in: -0.2...0.2), random.double(in: 0.4...0.8),
                    random.double(in: 0.005...0.04)
                ))
            canvas.blur(sigma: random.double(in: 0.3...0.6))
            canvas.addNoise(sigma: random.double(in: 1.5...4), &random)
        case .blocky:
            canvas.blur(sigma: random.double(in: 0.3...0.6))
            canvas.addNoise(sigma: random.double(in: 2...5), &random)
            canvas.compressInBlocks(quality: random.int(in: 3...15))
        case .inverted:
            canvas.blur(sigma: random.double(in: 0.3...0.7))
            canvas.invert()
            canvas.addNoise(sigma: random.double(in: 1.5...4), &random)
        case .huge:
            canvas.blur(sigma: random.double(in: 0.4...1.0))
            canvas.addNoise(sigma: random.double(in: 2...6), &random)
        case .glare, .shadow, .moire, .highVersion, .exposure, .crop, .motionBlur, .halftone:
            degradeAsStudied()
        }
    }

    /// The study conditions' trouble, then a camera's blur and noise.
    private mutating func degradeAsStudied() {
        let side = code.side
        func nearCentre(_ spread: Double) -> SIMD2<Double> {
            code.centre + SIMD2(random.double(in: -spread...spread), random.double(in: -spread...spread)) * side
        }
        switch category {
        case .glare:
            // The modules lost, where the light added passes the middle between ink and
            // paper (some 100 levels), cover what a blot of the damaged category covers:
            // 2 % to 5 % of the code at level M, 4 % to 8 % at Q, 6 % to 12 % at H.
            let level = matrices[0].level
            let share =
                level == .m
                ? random.double(in: 0.02...0.05)
                : level == .q ? random.double(in: 0.04...0.08) : random.double(in: 0.06...0.12)
            let strength = random.double(in: 1.1...1.7)
            let aspect = random.double(in: 0.4...1)
            let rx = Spot.radius(losing: share, of: side, strength: strength, aspect: aspect)
            let spot = Spot(
                centre: nearCentre(0.22), radii: SIMD2(rx, rx * aspect), angle: random.double(in: 0..<Double.pi))
            glare = spot
            canvas.blur(sigma: random.double(in: 0.3...0.6))
            canvas.addGlare(spot, strength: strength, halo: random.double(in: 0.1...0.3))
            canvas.addNoise(sigma: random.double(in: 1.5...3), &random)
        case .shadow:
            let edge = (point: nearCentre(0.25), angle: random.double(in: 0..<(2 * Double.pi)))
            shadowEdge = edge
            canvas.castShadow(
                through: edge.point, angle: edge.angle, depth: random.double(in: 0.35...0.65),
                softness: random.double(in: 0.3...1.5))
            canvas.blur(sigma: random.double(in: 0.3...0.6))
            canvas.addNoise(sigma: random.double(in: 1.5...4), &random)
        case .moire:
            canvas.photographScreen(
                pitch: random.double(in: 1.3...2.6), angle: random.double(in: -6...6) * Double.pi / 180,
                gap: random.double(in: 0.15...0.3), depth: random.double(in: 0.25...0.55),
                glow: Float(random.double(in: 8...25)))
            canvas.blur(sigma: random.double(in: 0.5...1.1))
            canvas.addNoise(sigma: random.double(in: 2...4), &random)
        case .highVersion:
            canvas.blur(sigma: random.double(in: 0.3...0.7))
            canvas.addNoise(sigma: random.double(in: 1.5...3), &random)
        case .exposure:
            canvas.blur(sigma: random.double(in: 0.3...0.6))
            if random.chance(0.5) {
                canvas.expose(gain: random.double(in: 1.7...2.6), offset: random.double(in: 0...25))
                canvas.addNoise(sigma: random.double(in: 1.5...3), &random)
            } else {
                canvas.expose(gain: random.double(in: 0.16...0.32), offset: random.double(in: -3...2))
                canvas.addNoise(sigma: random.double(in: 1.2...2.5), &random)
            }
        case .crop:
            canvas.blur(sigma: random.double(in: 0.4...0.9))
            canvas.addNoise(sigma: random.double(in: 1.5...4), &random)
        case .motionBlur:
            let angle = random.double(in: 0..<Double.pi)
            motionAngle = angle
            canvas.motionBlur(length: code.module * random.double(in: 0.5...1.0), angle: angle)
            canvas.blur(sigma: random.double(in: 0.2...0.4))
            canvas.addNoise(sigma: random.double(in: 1.5...3), &random)
        default:  // .halftone
            canvas.halftone(
                pitch: random.double(in: 1.6...3.2),
                angle: random.pick([15.0, 45, 75]) * Double.pi / 180, ink: Float(random.double(in: 10...35)),
                paper: Float(random.double(in: 225...250)))
            canvas.blur(sigma: random.double(in: 0.4...0.9))
            canvas.addNoise(sigma: random.double(in: 1.5...3), &random)
        }
    }

}
