// QRKit — ZXingEngine: QR and Micro QR decoding with zxing-cpp. The only file that talks to the CZXing shim.
import QRCore
import CZXing

/// Reads QR and Micro QR codes with zxing-cpp (Debian's 1.4), through the CZXing shim.
///
/// zxing-cpp is fast and has an adaptive binariser; its passes are a fast pass, the
/// fast pass again on low-contrast pictures stretched, then a try-harder pass that also
/// rotates the picture, then the try-harder pass on the picture inverted (zxing-cpp 1.4
/// has no inversion of its own). Then, for pictures none of those read (and only where
/// something like a finder pattern shows), each symbol whose finders show drawn anew from
/// a module grid fitted to them; the picture rescaled, sharpened, and (a small one) grown
/// smoothly; the symbols of codes too small for their finders to show, drawn anew from
/// finders found in the picture grown; symbols drawn from their codewords corrected with
/// erasures; and last, a symbol on curved or folded paper drawn from a grid held to a
/// bent sheet.
///
///     let symbols = try ZXingEngine().decode(image, cancel: CancellationFlag())
public struct ZXingEngine: DecodeEngine {
    /// One way of asking zxing-cpp.
    public enum Pass: String, Sendable, CaseIterable {
        /// No try-harder, no rotation: the cheap pass.
        case fast
        /// The fast pass on the picture's tones stretched to the full range; skipped when
        /// they already span most of it (zxing-cpp 1.4 reads no low-contrast picture).
        case stretched
        /// Try-harder with rotation.
        case harder
        /// Try-harder on the inverted picture.
        case inverted
        /// The fast pass on each symbol drawn anew from a module grid fitted to the
        /// finder patterns the picture shows (a homography, then a mesh): codes seen at a
        /// steep angle, or on curved or folded paper. Each drawing is read as it is made,
        /// so a code that reads from its homography is given no mesh. QR symbols only.
        ///
        /// It comes before the passes that rescale the picture, which cost more on a small
        /// one (they grow it to 720 pixels) and read none of the codes it reads (measured
        /// in docs/performance.md).
        case redrawn
        /// Try-harder on the picture rescaled: small pictures (under 640 px) grown to about
        /// 720 px, by 2 to 4 times (modules of one or two pixels become readable), larger
        /// ones halved (zxing-cpp only downscales pictures over 500 px, by its own factor).
        case rescaled
        /// Try-harder on the picture with an unsharp mask, for codes out of focus; then, for
        /// a picture under 640 px, on the same grown twice by cubic convolution.
        ///
        /// This pass and the two after it look for QR symbols only, not Micro QR: Debian's
        /// zxing-cpp 1.4 keeps its assertions, and its Micro QR detector aborts the process
        /// (an invalid line in `ConcentricFinder`) on some finder-like specks that sharpening
        /// makes of modules of one or two pixels (docs/decoding.md, "What was not kept").
        case sharpened
        /// Try-harder on a small picture (at most 360 px) grown 2 to 4 times, to about 720
        /// px, by cubic convolution (smoother than the bilinear growth of `rescaled`), for
        /// codes of one or two pixels a module.
        case upscaled
        /// `redrawn` for codes too small for their finders to show in a small picture (no
        /// two of three pixels a module or more): the finders are looked for by their rings
        /// in the picture grown 2 to 4 times, and the grid fitted there.
        case redrawnTiny = "redrawn-tiny"
        /// `redrawn` once more, each symbol drawn from its codewords as corrected here with
        /// Reed–Solomon, the codewords of modules the picture does not show (a blot, glare,
        /// the picture's edge) given as erasures, which cost half an unknown error: damage
        /// past what zxing-cpp's own correction takes (docs/decoding.md, "Erasures").
        case erasures = "redrawn-erasures"
        /// The fast pass on the symbol of the likeliest finders drawn anew from a grid
        /// held to paper wrapped round a cylinder or folded, the sheet's few parameters
        /// tried and its camera fitted to the finders' traced corners, a third finder
        /// looked for where two put it (`GrayImage.readCurved(stop:fitted:drawn:refined:fits:_:)`):
        /// curves whose far corner the `redrawn` pass's homography and meshes miss by
        /// modules. The dearest pass, so the last (docs/decoding.md, "Curved paper").
        /// QR symbols only.
        case curved = "redrawn-curved"
    }

    public let name = "zxing"
    /// The passes, in the order they run.
    public var passes: [Pass]
    /// Also read Micro QR symbols.
    public var readsMicroQR: Bool

    /// - Parameters:
    ///   - passes: the passes to run, cheapest first; all of them by default.
    ///   - readsMicroQR: also look for Micro QR (on by default).
    public init(passes: [Pass] = Pass.allCases, readsMicroQR: Bool = true) {
        self.passes = passes
        self.readsMicroQR = readsMicroQR
    }

    public var passNames: [String] { passes.map(\.rawValue) }

    /// What each pass typically costs where the passes before it missed, so that an
    /// executor can rank a new engine's passes before it has timed them: the try-harder
    /// passes cost little more than the fast one, the rescaled and upscaled ones grow the
    /// picture, and the redrawn ones, which fit module grids, cost most. The measurements
    /// behind the figures are in docs/performance.md.
    public var typicalPassCosts: [Duration] {
        passes.map { pass in
            switch pass {
            case .fast, .stretched: return .microseconds(400)
            case .harder, .inverted: return .microseconds(600)
            case .rescaled: return .microseconds(4500)
            case .sharpened: return .microseconds(400)
            case .upscaled: return .milliseconds(2)
            case .redrawn: return .milliseconds(10)
            case .redrawnTiny: return .milliseconds(15)
            case .erasures: return .milliseconds(10)
            case .curved: return .milliseconds(60)
            }
        }
    }

    /// The passes after the first, the expensive ones, only where something like a finder
    /// pattern shows.
    public var passesAfterFirstNeedFinders: Bool { true }

    public func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
        try run(passes[index], on: picture)
    }

    /// The most finder-like patterns a picture given to zxing-cpp may show. Its detector
    /// weighs every three of the patterns it finds as a symbol's finders, work that grows
    /// with the cube of their number: a small picture tiled with finders holds a core for
    /// hours, and no call into the library can be stopped. The limit leaves room for a
    /// sheet of a hundred codes, and for a large picture of noise; over it, the engine
    /// fails at once and says why, and the other engines still read the picture.
    public static let finderPatternLimit = 300

    /// Pictures with a longer side over this many pixels are read halved by the fast pass.
    static let halvedFastReadSide = 1600

    /// Pictures with a longer side over this many pixels are read quartered by the fast
    /// pass, then halved where that reads nothing.
    static let quarteredFastReadSide = 3200

    private func run(_ pass: Pass, on picture: PictureVariants) throws -> [Symbol] {
        let image = picture.original
        let side = max(image.width, image.height)
        // The fast pass on a large picture reads it halved, or quartered (below): the
        // patterns counted are those of the picture zxing-cpp is given.
        let fastHalvings =
            pass != .fast ? 0 : side > Self.quarteredFastReadSide ? 2 : side > Self.halvedFastReadSide ? 1 : 0
        try picture.refuseOverFinderPatterns(
            Self.finderPatternLimit, halvings: fastHalvings, engine: name, library: "zxing-cpp")
        var options = CZXingOptions()
        options.formats = Int32(CZXING_FORMAT_QR) | (readsMicroQR ? Int32(CZXING_FORMAT_MICRO_QR) : 0)
        options.tryDownscale = 1
        switch pass {
        case .fast:
            guard fastHalvings > 0 else { return try Self.read(image, options) }
            // zxing-cpp binarises a picture at full size before it looks at the copies it
            // downscales, and a large one's code mostly shows at half size, a very large
            // one's at a quarter: the fast pass reads a quarter of the pixels, or a
            // sixteenth and then a quarter, and a code too fine for that is left to the
            // passes after it, which read the picture at full size.
            for halvings in (1...fastHalvings).reversed() {
                if halvings < fastHalvings {
                    try picture.refuseOverFinderPatterns(
                        Self.finderPatternLimit, halvings: halvings, engine: name, library: "zxing-cpp")
                }
                let smaller = picture.shrunk(halvings: halvings)
                let found = try Self.read(smaller, options)
                if !found.isEmpty {
                    return found.map { $0.scaledCorners(by: Double(image.width) / Double(smaller.width)) }
                }
            }
            return []
        case .stretched:
            guard let stretched = image.contrastStretched() else { return [] }
            return try Self.read(stretched, options)
        case .harder:
            options.tryHarder = 1
            options.tryRotate = 1
            return try Self.read(image, options)
        case .inverted:
            options.tryHarder = 1
            options.tryRotate = 1
            return try Self.read(picture.inverted, options)
        case .rescaled:
            options.tryHarder = 1
            options.tryRotate = 1
            let longest = Double(max(image.width, image.height))
            let resized =
                longest < 640 ? image.scaled(by: min(4, max(2, 720 / longest))) : picture.halved
            return try Self.read(resized, options).map {
                $0.scaledCorners(by: Double(image.width) / Double(resized.width))
            }
        case .sharpened:
            options.formats = Int32(CZXING_FORMAT_QR)
            options.tryHarder = 1
            options.tryRotate = 1
            // The sharpened picture, then (a small one) the same grown twice.
            for sharpened in [picture.sharpened, picture.sharpenedAndGrown].compactMap({ $0 }) {
                let found = try Self.read(sharpened, options)
                if !found.isEmpty {
                    return found.map { $0.scaledCorners(by: Double(image.width) / Double(sharpened.width)) }
                }
            }
            return []
        case .upscaled:
            guard let grown = picture.grownSmoothly else { return [] }
            options.formats = Int32(CZXING_FORMAT_QR)
            options.tryHarder = 1
            options.tryRotate = 1
            return try Self.read(grown, options).map {
                $0.scaledCorners(by: Double(image.width) / Double(grown.width))
            }
        case .redrawn:
            options.formats = Int32(CZXING_FORMAT_QR)
            return try picture.readRedrawn(finders: .byRuns) { try Self.read($0, options) }
        case .redrawnTiny:
            options.formats = Int32(CZXING_FORMAT_QR)
            return try picture.readRedrawn(finders: .ofTinyCodes) { try Self.read($0, options) }
        case .erasures:
            options.formats = Int32(CZXING_FORMAT_QR)
            return try picture.readRedrawn(finders: .byRuns, repairing: true) { try Self.read($0, options) }
        case .curved:
            options.formats = Int32(CZXING_FORMAT_QR)
            return try picture.readCurved { try Self.read($0, options) }
        }
    }

    private static func read(_ image: GrayImage, _ options: CZXingOptions) throws -> [Symbol] {
        // zxing-cpp takes sides as 32-bit ints; a GrayImage can be wider than that.
        guard let width = Int32(exactly: image.width), let height = Int32(exactly: image.height),
            let stride = Int32(exactly: image.stride)
        else {
            throw DecodeError.engineFailure(
                engine: "zxing", reason: "a \(image.width) × \(image.height) picture is too large for zxing-cpp")
        }
        var options = options
        var results: UnsafeMutablePointer<CZXingSymbol>?
        var count: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        // A view of part of a picture is read in place, rows `stride` apart.
        let status = image.withRows { storage, offset, _ in
            czxing_read(
                storage.baseAddress.map { $0 + offset }, width, height, stride, &options, &results, &count, &message,
                Int32(message.count))
        }
        defer { czxing_free(results, count) }
        guard status == 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw DecodeError.engineFailure(engine: "zxing", reason: reason)
        }
        guard let results else { return [] }
        return UnsafeBufferPointer(start: results, count: Int(count)).map(makeSymbol)
    }

    private static func makeSymbol(_ r: CZXingSymbol) -> Symbol {
        let bytes = r.byteCount > 0 ? Array(UnsafeBufferPointer(start: r.bytes, count: Int(r.byteCount))) : []
        let hasECI = r.hasECI != 0
        // When the symbol names its character set (ECI, Kanji or Hanzi mode), zxing-cpp has
        // applied it; otherwise the text is ours, decoded the same way as for every engine.
        let text =
            r.declaresCharset != 0 && r.text != nil ? String(cString: r.text) : SymbolText.decode(bytes)
        let c = withUnsafeBytes(of: r.corners) { Array($0.bindMemory(to: Int32.self)) }
        let corners = (0..<4).map { Point(x: Int(c[2 * $0]), y: Int(c[2 * $0 + 1])) }
        let level = withUnsafeBytes(of: r.ecLevel) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        // A header whose index lies outside its count cannot be placed: left out.
        let append =
            r.saCount > 1 && r.saIndex >= 0 && r.saIndex < r.saCount && r.saParity >= 0
            ? StructuredAppendInfo(index: Int(r.saIndex), count: Int(r.saCount), parity: UInt8(r.saParity)) : nil
        return Symbol(
            text: text, bytes: bytes, corners: corners, errorCorrection: ErrorCorrectionLevel(rawValue: level),
            structuredAppend: append, hasECI: hasECI, isMicro: r.isMicro != 0, engine: "zxing")
    }
}

/// The copies of a picture that only zxing-cpp's passes read, kept in its memo.
extension PictureVariants {
    /// The picture with an unsharp mask (`GrayImage.sharpened(radius:amount:)`: a blur of
    /// about two pixels, the difference added back once and a half), for codes out of
    /// focus; a picture over 1280 pixels a side is halved first (``halved``), which a
    /// two-pixel mask then suits as it suits a smaller one, at a quarter of the work.
    package var sharpened: GrayImage {
        derived("zxing.sharpened") {
            (max(original.width, original.height) > 1280 ? halved : original).sharpened(radius: 2, amount: 1.5)
        }
    }

    /// The sharpened picture (``sharpened``) of a small picture (under 640 pixels a side)
    /// grown twice by cubic convolution; nil for larger pictures. zxing-cpp reads a sharpened
    /// code of three or four pixels a module better grown.
    package var sharpenedAndGrown: GrayImage? {
        derived("zxing.sharpened-grown") {
            max(original.width, original.height) < 640 ? sharpened.upscaledBicubic(by: 2) : nil
        }
    }

    /// A small picture (at most 360 pixels a side) grown to about 720 pixels, 2 to 4
    /// times, by cubic convolution, for codes of one or two pixels a module; nil for larger
    /// pictures, where growing reads no more codes for much more work.
    package var grownSmoothly: GrayImage? {
        derived("zxing.grown-smoothly") {
            let longest = max(original.width, original.height)
            guard longest <= 360 else { return nil }
            let factor = min(4, Int((720 / Double(longest)).rounded(.down)))
            return original.upscaledBicubic(by: factor)
        }
    }
}
