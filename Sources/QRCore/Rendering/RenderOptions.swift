// QRKit — what every picture renderer shares: colours, scale, margin, size limits.

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
