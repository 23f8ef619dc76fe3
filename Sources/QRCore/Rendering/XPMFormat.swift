// QRKit — XPMFormat: a symbol as an X PixMap (XPM3), a C array of text rows.

/// Renders a symbol as an XPM3 file: two colours, one character per pixel (`#` dark,
/// `.` light). A fully transparent colour becomes `None`; XPM has no partial alpha, so
/// colours must otherwise be opaque.
///
/// ```swift
/// let xpm = try XPMRenderer(options: RenderOptions(scale: 2)).render(matrix)
/// ```
public enum XPMFormat: RenderFormat {
    public static let traits = FormatTraits("XPM", colourSupport: .opaqueOrClearBackground, drawing: .raster)

    /// Draws `matrix` as an XPM file.
    ///
    /// - Parameters:
    ///   - matrix: The symbol.
    ///   - layout: Its margin and scale.
    ///   - options: The checked options.
    /// - Returns: The document, ASCII text ending in a newline.
    public static func draw(_ matrix: QRMatrix, in layout: RenderLayout, options: RenderOptions) -> String {
        let side = layout.pixels
        let pixels = layout.rasterize(matrix, dark: UInt8(ascii: "#"), light: UInt8(ascii: "."))
        func colour(_ colour: RGBAColor) -> String { colour.alpha == 0 ? "None" : colour.hexRGB }
        var xpm = """
            /* XPM */
            static char *qrcode[] = {
            "\(side) \(side) 2 1",
            ". c \(colour(options.background))",
            "# c \(colour(options.foreground))",

            """
        var bytes = Array(xpm.utf8)
        bytes.reserveCapacity(bytes.count + (side + 4) * side + 3)
        for y in 0..<side {
            bytes.append(UInt8(ascii: "\""))
            bytes += pixels[(y * side)..<((y + 1) * side)]
            bytes += Array((y == side - 1 ? "\"\n" : "\",\n").utf8)
        }
        bytes += Array("};\n".utf8)
        xpm = String(decoding: bytes, as: UTF8.self)
        return xpm
    }
}

/// Draws XPM: ``XPMFormat`` with the options ``FormatRenderer`` holds.
public typealias XPMRenderer = FormatRenderer<XPMFormat>
