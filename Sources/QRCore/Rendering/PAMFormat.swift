// QRKit — PAMFormat: a symbol as a netpbm PAM file (P7), colours and alpha kept.

/// Renders a symbol as a PAM file (netpbm's `P7`): a header of named fields, then the
/// pixels, one byte a channel. Opaque colours give `TUPLTYPE RGB` (3 channels); any
/// alpha gives `RGB_ALPHA` (4 channels, straight alpha), as segno writes PAM.
///
/// ```swift
/// let pam = try PAMRenderer(options: RenderOptions(scale: 2)).render(matrix)
/// ```
public enum PAMFormat: RenderFormat {
    public static let traits = FormatTraits("PAM", colourSupport: .any, drawing: .raster)

    /// Draws `matrix` as a PAM file.
    ///
    /// - Parameters:
    ///   - matrix: The symbol.
    ///   - layout: Its margin and scale.
    ///   - options: The checked options.
    /// - Returns: The file's bytes: a square picture of `(size + 2 × margin) × scale`
    ///   pixels (or the target size).
    public static func draw(_ matrix: QRMatrix, in layout: RenderLayout, options: RenderOptions) -> [UInt8] {
        let alpha = !options.foreground.isOpaque || !options.background.isOpaque
        let channels = alpha ? 4 : 3
        let side = layout.pixels
        var file = Array(
            "P7\nWIDTH \(side)\nHEIGHT \(side)\nDEPTH \(channels)\nMAXVAL 255\nTUPLTYPE \(alpha ? "RGB_ALPHA" : "RGB")\nENDHDR\n"
                .utf8)
        func tuple(_ colour: RGBAColor) -> [UInt8] {
            alpha ? [colour.red, colour.green, colour.blue, colour.alpha] : [colour.red, colour.green, colour.blue]
        }
        let dark = tuple(options.foreground)
        let light = tuple(options.background)
        file.reserveCapacity(file.count + side * side * channels)
        for pixel in layout.rasterize(matrix, dark: 1, light: 0) {
            file += pixel == 1 ? dark : light
        }
        return file
    }
}

/// Draws PAM: ``PAMFormat`` with the options ``FormatRenderer`` holds.
public typealias PAMRenderer = FormatRenderer<PAMFormat>
