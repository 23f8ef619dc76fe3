// QRKit — ZBarEngine: QR decoding with libzbar. The only file that talks to zbar.
import QRCore
import CZBar

/// Reads QR codes with zbar.
///
/// zbar is reliable on clean codes and on damage, but has no adaptive threshold and
/// misses small codes: its passes are the picture as it is, then small pictures (under
/// 640 px) scaled up to about 640 (four times at most) and large ones (over 1600 px)
/// scaled down by half, then the picture inverted for light-on-dark codes, then padded
/// with a quiet zone and smoothed for tight crops and textured modules. A scanner is
/// made per call (zbar scanners are not thread-safe) and runs in binary mode: we get the
/// exact bytes and decode the text ourselves (``/QRCore/SymbolText``).
///
///     let symbols = try ZBarEngine().decode(image, cancel: CancellationFlag())
public struct ZBarEngine: DecodeEngine {
    /// One way of showing the picture to zbar.
    public enum Pass: String, Sendable, CaseIterable {
        /// The picture as it is.
        case asIs = "as-is"
        /// Small pictures scaled up to about 640 px (at most 4 times), large ones down by half;
        /// skipped otherwise.
        case rescaled
        /// Black and white swapped.
        case inverted
        /// A white quiet zone added around the picture, then a Gaussian-like blur: for
        /// codes cropped tight to the edge and for modules filled with texture or halftone
        /// (zbar has no adaptive threshold, and texture breaks its edge scans).
        case smoothed
    }

    public let name = "zbar"
    /// The passes, in the order they run.
    public var passes: [Pass]

    /// - Parameter passes: the passes to run, cheapest first; all of them by default.
    public init(passes: [Pass] = Pass.allCases) {
        self.passes = passes
    }

    public var passNames: [String] { passes.map(\.rawValue) }

    /// What each pass typically costs where the passes before it missed, so that an
    /// executor can rank the passes before it has timed them: zbar scans every row and
    /// column, several times the work of zxing-cpp's fast pass, and the rescaled pass
    /// costs most. The measurements are in docs/performance.md.
    public var typicalPassCosts: [Duration] {
        passes.map { pass in
            switch pass {
            case .asIs, .inverted: return .microseconds(1700)
            case .rescaled: return .milliseconds(15)
            case .smoothed: return .milliseconds(3)
            }
        }
    }

    /// The passes after the first, the expensive ones, only where something like a finder
    /// pattern shows.
    public var passesAfterFirstNeedFinders: Bool { true }

    /// The passes after the first only rescale, invert or smooth the whole picture: where
    /// another engine has fitted grids to a symbol's finders and read nothing (a bent or
    /// steep symbol), they wait behind that engine's passes, which fit grids to it
    /// (docs/performance.md).
    public var laterPassesYieldToLocatedSymbols: Bool { true }

    /// The most finder-like patterns a picture given to zbar may show. zbar's QR finder
    /// matches the lines it crosses through finders against one another, work that grows
    /// with the square of their number: a picture tiled with thousands of finders holds a
    /// core for minutes in one call, which cannot be stopped. Over the limit, the engine
    /// fails at once and says why.
    public static let finderPatternLimit = 20_000

    /// Pictures up to this many pixels cannot show enough finders to matter (a finder
    /// takes 8 × 8 pixels at least, with its border), so they are not looked at.
    static let smallestCountedPicture = 1 << 20

    public func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
        if picture.original.pixelCount > Self.smallestCountedPicture {
            try picture.refuseOverFinderPatterns(Self.finderPatternLimit, engine: name, library: "zbar")
        }
        return try run(passes[index], on: picture, with: ZBarScanner())
    }

    private func run(_ pass: Pass, on picture: PictureVariants, with scanner: ZBarScanner) throws -> [Symbol] {
        let image = picture.original
        switch pass {
        case .asIs:
            return try scanner.scan(image)
        case .rescaled:
            guard let resized = Self.rescaledForZBar(picture) else { return [] }
            let scale = Double(image.width) / Double(resized.width)
            return try scanner.scan(resized, density: Self.scanDensity(upscaledBy: 1 / scale)).map {
                $0.scaledCorners(by: scale)
            }
        case .inverted:
            return try scanner.scan(picture.inverted)
        case .smoothed:
            let border = Self.quietZone(width: image.width, height: image.height)
            let smooth = image.paddedAndBlurred(by: border, radius: 1, times: 3)
            return try scanner.scan(smooth).map { $0.offsetCorners(by: -border) }
        }
    }

    /// The white border the smoothed pass adds: a tenth of the shorter side, at least 8 px.
    ///
    /// A code fits within the shorter side, so its quiet zone (4 of its 21 or more modules)
    /// does too. Measuring from the longer side would make a thin picture enormous: 65 535
    /// × 1 pixels would become 78 641 × 13 107, a gigabyte for each copy.
    static func quietZone(width: Int, height: Int) -> Int {
        max(8, min(width, height) / 10)
    }

    /// Every how many rows and columns zbar scans a picture scaled up by `factor`: every
    /// other one once each row and column of the original stands for two or more.
    ///
    /// The in-between lines are interpolated from their neighbours and add nothing to
    /// read, so skipping them roughly halves zbar's scan of the largest pictures it is
    /// given without losing a code the race reads; every third line was too sparse. The
    /// measurements are in docs/performance.md.
    static func scanDensity(upscaledBy factor: Double) -> Int32 {
        factor >= 2 ? 2 : 1
    }

    /// The most a small picture is scaled up: modules of one pixel become four, which zbar
    /// reads; growing further only makes zbar scan modules far larger than it needs.
    static let maximumGrowth = 4.0

    /// The picture at a size zbar reads better, or nil when it is already in range.
    static func rescaledForZBar(_ picture: PictureVariants) -> GrayImage? {
        let image = picture.original
        let longest = max(image.width, image.height)
        if longest < 640 {
            return image.scaled(by: min(maximumGrowth, 640.0 / Double(longest)))
        }
        if longest > 1600 {
            return picture.halved
        }
        return nil
    }
}

/// One zbar image scanner, configured for QR in binary mode; freed with the object.
private final class ZBarScanner {
    private let scanner: OpaquePointer

    init() throws {
        guard let scanner = zbar_image_scanner_create() else {
            throw DecodeError.engineFailure(engine: "zbar", reason: "could not create a scanner")
        }
        self.scanner = scanner
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
    }

    deinit {
        zbar_image_scanner_destroy(scanner)
    }

    /// Scans `image`, every `density`-th row and column, and returns the QR symbols zbar
    /// found.
    func scan(_ image: GrayImage, density: Int32 = 1) throws -> [Symbol] {
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, density)
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, density)
        guard let zimage = zbar_image_create() else {
            throw DecodeError.engineFailure(engine: "zbar", reason: "could not create an image")
        }
        defer { zbar_image_destroy(zimage) }
        // zbar takes sides as 32-bit unsigned ints; a GrayImage can be wider than that.
        guard let width = UInt32(exactly: image.width), let height = UInt32(exactly: image.height) else {
            throw DecodeError.engineFailure(
                engine: "zbar", reason: "a \(image.width) × \(image.height) picture is too large for zbar")
        }
        let y800: UInt = 0x3030_3859  // fourcc "Y800": 8-bit gray
        zbar_image_set_format(zimage, y800)
        zbar_image_set_size(zimage, width, height)
        return try image.pixels.withUnsafeBytes { buffer throws -> [Symbol] in
            zbar_image_set_data(zimage, buffer.baseAddress, UInt(buffer.count), nil)
            defer { zbar_image_set_data(zimage, nil, 0, nil) }
            let status = zbar_scan_image(scanner, zimage)
            if status < 0 {
                throw DecodeError.engineFailure(engine: "zbar", reason: "zbar_scan_image failed")
            }
            var symbols: [Symbol] = []
            var next = zbar_image_first_symbol(zimage)
            while let symbol = next {
                next = zbar_symbol_next(symbol)
                let type = zbar_symbol_get_type(symbol)
                if zbar_symbol_first_component(symbol) != nil {
                    // A structured-append sequence zbar gathered; "partial" when incomplete.
                    if type == ZBAR_QRCODE { symbols += Self.sequenceParts(symbol) }
                } else if type == ZBAR_QRCODE {
                    symbols.append(Self.makeSymbol(symbol))
                }
            }
            return symbols
        }
    }

    /// The parts of a structured-append sequence that zbar found whole and joined.
    ///
    /// zbar (qrdectxt.c) groups the symbols of a picture by the count and parity of their
    /// headers and returns each group as one symbol, its data the parts joined in index
    /// order (the parity is not checked), its components the parts. A part's index, count
    /// and parity cannot be asked of it, so each is returned marked unplaced, for another
    /// engine to place and for ``/QRCore/StructuredAppend`` to join with the parity checked.
    ///
    /// zbar 0.23 gives each component a length one byte short (all but the last), but a
    /// data pointer into the joined data at the right offset: a part's bytes run from its
    /// own offset to the next part's. An incomplete group is of type "partial", with
    /// placeholders for the missing runs and data offsets that are wrong after the first
    /// gap; zbar's own tools print nothing for it, and neither do we.
    private static func sequenceParts(_ container: OpaquePointer) -> [Symbol] {
        let joined = bytes(of: container)
        var components: [OpaquePointer] = []
        var next = zbar_symbol_first_component(container)
        while let component = next {
            next = zbar_symbol_next(component)
            guard zbar_symbol_get_type(component) == ZBAR_QRCODE else { return [] }
            components.append(component)
        }
        let base = zbar_symbol_get_data(container).map(UnsafeRawPointer.init)
        let offsets = components.map { component -> Int? in
            guard let base, let data = zbar_symbol_get_data(component) else { return nil }
            return UnsafeRawPointer(data) - base
        }
        // The offsets must cut the joined data from its start into non-empty parts in
        // order; otherwise (another zbar) each part's data is taken as zbar gives it.
        let cuts = offsets.compactMap { $0 }
        let trusted =
            cuts.count == components.count && cuts.first == 0
            && zip(cuts, cuts.dropFirst() + [joined.count]).allSatisfy { $0 < $1 }
        return components.enumerated().map { k, component in
            var part = makeSymbol(component)
            if trusted {
                let end = k + 1 < cuts.count ? cuts[k + 1] : joined.count
                part.bytes = Array(joined[cuts[k]..<end])
                part.text = SymbolText.decode(part.bytes)
            }
            part.isUnplacedSequencePart = true
            return part
        }
    }

    /// A symbol's data, exactly.
    private static func bytes(of symbol: OpaquePointer) -> [UInt8] {
        let length = Int(zbar_symbol_get_data_length(symbol))
        guard length > 0, let data = zbar_symbol_get_data(symbol) else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    private static func makeSymbol(_ symbol: OpaquePointer) -> Symbol {
        let bytes = bytes(of: symbol)
        var points: [Point] = []
        for i in 0..<zbar_symbol_get_loc_size(symbol) {
            points.append(
                Point(x: Int(zbar_symbol_get_loc_x(symbol, i)), y: Int(zbar_symbol_get_loc_y(symbol, i))))
        }
        // zbar lists a QR symbol's corners counter-clockwise from the top-left
        // (top-left, bottom-left, bottom-right, top-right); ours go clockwise.
        if points.count == 4 {
            points = [points[0], points[3], points[2], points[1]]
        }
        return Symbol(text: SymbolText.decode(bytes), bytes: bytes, corners: points, engine: "zbar")
    }
}
