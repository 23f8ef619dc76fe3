// QRKit — what every picture renderer shares: colours, scale, margin, size limits.

/// An sRGB colour with straight (not premultiplied) alpha.
///
/// ```swift
/// let navy = try RGBAColor(hex: "000080")
/// let clear = try RGBAColor(hex: "#ffffff00")  // transparent white
/// ```
public struct RGBAColor: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// 255 opaque, 0 fully transparent.
    public var alpha: UInt8

    /// Makes a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Reads `RRGGBB` or `RRGGBBAA` hexadecimal, or CSS's short `RGB` and `RGBA` (each
    /// digit doubled), with or without a leading `#`.
    ///
    /// - Parameter hex: The colour, such as `"1a2b3c"`, `"#f00"` or `"#ffffff00"`.
    /// - Throws: `EncodeError.invalidColor` for anything else.
    public init(hex: String) throws {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        let values = digits.utf8.map { byte -> UInt8? in
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        guard [3, 4, 6, 8].contains(values.count) else { throw EncodeError.invalidColor(hex) }
        if values.count < 6 {
            let short = values.compactMap { $0 }
            guard short.count == values.count else { throw EncodeError.invalidColor(hex) }
            let channels = short.map { $0 << 4 | $0 }
            self.init(
                red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
            return
        }
        var channels: [UInt8] = []
        for index in stride(from: 0, to: values.count, by: 2) {
            guard let high = values[index], let low = values[index + 1] else { throw EncodeError.invalidColor(hex) }
            channels.append(high << 4 | low)
        }
        self.init(
            red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
    }

    /// Opaque black.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = RGBAColor(red: 255, green: 255, blue: 255)

    /// True when alpha is 255.
    public var isOpaque: Bool { alpha == 255 }

    /// `#rrggbb`, without alpha.
    public var hexRGB: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// `#rrggbb` or `#rrggbbaa` when not opaque.
    public var description: String {
        isOpaque ? hexRGB : hexRGB + (alpha < 16 ? "0" : "") + String(alpha, radix: 16)
    }

    /// Luminance (Rec. 601) after compositing over white.
    public var grayLevel: UInt8 {
        let luma = (299 * Int(red) + 587 * Int(green) + 114 * Int(blue) + 500) / 1000
        return UInt8((luma * Int(alpha) + 255 * (255 - Int(alpha)) + 127) / 255)
    }
}

/// How a symbol becomes a picture: size of a module, quiet zone, colours.
///
/// ```swift
/// let options = RenderOptions(scale: 10, margin: 2, foreground: try RGBAColor(hex: "003366"))
/// ```
public struct RenderOptions: Sendable, Equatable {
    /// Pixels per module (PNG, gray images) or user units per module (SVG size), 1–1000.
    public var scale: Int
    /// When set, the picture's exact size in pixels, used instead of `scale`: the largest
    /// whole scale whose picture (symbol and margin) fits, the quiet zone widened by the
    /// remaining pixels (one more on the right and bottom when they are odd).
    public var targetSize: Int?
    /// Quiet zone in modules on each side, 0–256; `nil` for the standard 4 (2 for
    /// Micro QR).
    public var margin: Int?
    /// Colour of dark modules.
    public var foreground: RGBAColor
    /// Colour of light modules and the margin; give it alpha 0 for a transparent
    /// background.
    public var background: RGBAColor

    /// Makes options; every parameter has the default described on its property.
    public init(
        scale: Int = 8, targetSize: Int? = nil, margin: Int? = nil, foreground: RGBAColor = .black,
        background: RGBAColor = .white
    ) {
        self.scale = scale
        self.targetSize = targetSize
        self.margin = margin
        self.foreground = foreground
        self.background = background
    }

    /// The most pixels a rendered picture may have (8192 × 8192).
    public static let pixelLimit = 1 << 26
    /// The widest margin accepted, in modules.
    public static let maximumMargin = 256
    /// The largest scale accepted.
    public static let maximumScale = 1000
    /// The resolutions a renderer's `dpi` may have, in dots per inch.
    public static let resolutions = 1...100_000

    /// Checks the values that need no symbol: the margin when one is given, and the
    /// scale unless a target size replaces it. Every renderer calls this; call it early
    /// to report bad options before encoding.
    ///
    /// - Throws: `EncodeError.marginOutOfRange` or `.scaleOutOfRange`.
    ///
    /// ```swift
    /// try RenderOptions(scale: 0).validate()  // throws EncodeError.scaleOutOfRange(0)
    /// ```
    public func validate() throws(EncodeError) {
        if let margin, !(0...Self.maximumMargin).contains(margin) { throw .marginOutOfRange(margin) }
        if targetSize == nil && !(1...Self.maximumScale).contains(scale) { throw .scaleOutOfRange(scale) }
    }

    /// Checks a renderer's resolution against ``resolutions``.
    ///
    /// - Throws: `EncodeError.resolutionOutOfRange`.
    public static func validate(dpi: Int) throws(EncodeError) {
        guard resolutions.contains(dpi) else { throw .resolutionOutOfRange(dpi) }
    }

    /// Resolves margin and scale for `matrix` and checks them.
    ///
    /// With a target size the picture is exactly `targetSize` pixels: the largest whole
    /// scale at which the symbol and its margin fit, the quiet zone widened by the pixels
    /// left over. An odd remainder gives the right and bottom sides one pixel more than
    /// the left and top.
    ///
    /// - Throws: what ``validate()`` throws, or `EncodeError.targetSizeTooSmall` when
    ///   the symbol and its margin need more pixels.
    package func layout(for matrix: QRMatrix) throws(EncodeError) -> RenderLayout {
        try validate()
        let margin = self.margin ?? matrix.standardMargin
        let modules = matrix.size + 2 * margin
        if let targetSize {
            guard targetSize >= modules else {
                throw EncodeError.targetSizeTooSmall(size: targetSize, modules: modules, margin: margin)
            }
            let scale = min(targetSize / modules, Self.maximumScale)
            let spare = targetSize - modules * scale
            return RenderLayout(margin: margin, scale: scale, modules: modules, padding: (spare / 2, spare - spare / 2))
        }
        return RenderLayout(margin: margin, scale: scale, modules: modules)
    }
}

/// Margin and scale resolved for one matrix.
package struct RenderLayout: Sendable {
    /// Quiet zone in modules on each side.
    package let margin: Int
    /// Pixels per module.
    package let scale: Int
    /// Modules per side including both margins.
    package let modules: Int
    /// Pixels added to the quiet zone before the modules (left and top) and after them
    /// (right and bottom), so that a target size is met exactly.
    package let padding: (before: Int, after: Int)

    package init(margin: Int, scale: Int, modules: Int, padding: (before: Int, after: Int) = (0, 0)) {
        self.margin = margin
        self.scale = scale
        self.modules = modules
        self.padding = padding
    }

    /// Pixels per side.
    package var pixels: Int { modules * scale + padding.before + padding.after }
    /// Pixels from the left (or top) edge to the symbol's first module.
    package var origin: Int { margin * scale + padding.before }

    /// Throws when the picture would exceed `RenderOptions.pixelLimit`.
    package func checkPixelLimit() throws {
        guard pixels * pixels <= RenderOptions.pixelLimit else {
            throw EncodeError.imageTooLarge(width: pixels, height: pixels, limit: RenderOptions.pixelLimit)
        }
    }

    /// One bit per pixel, 1 for dark modules: rows of `rowBytes` bytes, leftmost pixel in
    /// the high bit, as a 1-bit PNG stores them.
    package func packedRows(_ matrix: QRMatrix) -> (rows: [UInt8], rowBytes: Int) {
        let side = pixels
        let rowBytes = (side + 7) / 8
        var rows = [UInt8](repeating: 0, count: rowBytes * side)
        var row = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<matrix.size {
            for index in row.indices { row[index] = 0 }
            for x in 0..<matrix.size where matrix.isDark(x: x, y: y) {
                let start = origin + x * scale
                for pixel in start..<(start + scale) { row[pixel >> 3] |= 0x80 >> UInt8(pixel & 7) }
            }
            let top = origin + y * scale
            for line in top..<(top + scale) {
                rows.replaceSubrange((line * rowBytes)..<((line + 1) * rowBytes), with: row)
            }
        }
        return (rows, rowBytes)
    }

    /// One byte per pixel, row-major: `dark` for dark modules, `light` elsewhere.
    package func rasterize(_ matrix: QRMatrix, dark: UInt8, light: UInt8) -> [UInt8] {
        let side = pixels
        let symbolPixels = matrix.size * scale
        var result: [UInt8] = []
        result.reserveCapacity(side * side)
        let lightRow = [UInt8](repeating: light, count: side)
        for _ in 0..<origin { result.append(contentsOf: lightRow) }
        var row = lightRow
        for y in 0..<matrix.size {
            for x in 0..<matrix.size {
                let value = matrix.isDark(x: x, y: y) ? dark : light
                let start = origin + x * scale
                for offset in start..<(start + scale) { row[offset] = value }
            }
            for _ in 0..<scale { result.append(contentsOf: row) }
        }
        for _ in 0..<(side - origin - symbolPixels) { result.append(contentsOf: lightRow) }
        return result
    }
}

/// Renders a symbol as a `GrayImage`, for in-process decoding and tests.
///
/// ```swift
/// let image = try GrayImageRenderer(options: RenderOptions(scale: 4)).render(matrix)
/// ```
public struct GrayImageRenderer: Sendable {
    /// Scale, margin and colours (turned to gray levels over white).
    public var options: RenderOptions

    /// Makes a renderer.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// Draws `matrix`.
    ///
    /// - Parameter matrix: The symbol.
    /// - Returns: A square picture of `(size + 2 × margin) × scale` pixels.
    /// - Throws: what ``RenderOptions/validate()`` throws, `EncodeError.targetSizeTooSmall`
    ///   or `.imageTooLarge`.
    public func render(_ matrix: QRMatrix) throws -> GrayImage {
        let layout = try options.layout(for: matrix)
        try layout.checkPixelLimit()
        let pixels = layout.rasterize(matrix, dark: options.foreground.grayLevel, light: options.background.grayLevel)
        return GrayImage(width: layout.pixels, height: layout.pixels, pixels: pixels)
    }
}
