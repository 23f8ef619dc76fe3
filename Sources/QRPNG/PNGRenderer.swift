// QRKit — PNGRenderer: a symbol as a PNG file, 1-bit palette or 8-bit gray.
import QRCore

/// Renders a symbol as PNG bytes.
///
/// ```swift
/// let matrix = try QREncoder().encode(text: "hello")
/// let png = try PNGRenderer(options: RenderOptions(scale: 10), dpi: 300).render(matrix)
/// ```
public struct PNGRenderer: Renderer {
    /// Scale (or target size), margin and colours.
    public var options: RenderOptions
    /// Resolution recorded in a pHYs chunk, within `RenderOptions.resolutions`, or `nil`
    /// for none.
    public var dpi: Int?
    /// Palette (1-bit) or 8-bit gray.
    public var pixelFormat: PNGPixelFormat

    public var formatName: String { "PNG" }
    /// Any colours in a palette; 8-bit gray refuses translucent ones (``checkColours()``).
    public var colourSupport: ColourSupport { .any }
    public var drawing: Drawing { .raster }

    /// Makes a renderer; every parameter has the default described on its property.
    public init(options: RenderOptions = RenderOptions(), dpi: Int? = nil, pixelFormat: PNGPixelFormat = .palette) {
        self.options = options
        self.dpi = dpi
        self.pixelFormat = pixelFormat
    }

    /// Checks the colours this pixel format can draw, before any symbol is made.
    ///
    /// - Throws: `EncodeError.invalidRenderOption` for a translucent colour in 8-bit gray.
    public func checkColours() throws(EncodeError) {
        guard pixelFormat == .palette || (options.foreground.isOpaque && options.background.isOpaque) else {
            throw .invalidRenderOption(
                "8-bit gray PNG (`PNGPixelFormat.gray8`) has no transparency; use `PNGPixelFormat.palette` for alpha")
        }
    }

    /// Draws `matrix` as a PNG file.
    ///
    /// - Parameter matrix: The symbol.
    /// - Returns: The file's bytes: a square picture of `(size + 2 × margin) × scale`
    ///   pixels.
    /// - Throws: what ``/QRCore/RenderOptions/validate()`` throws, `EncodeError.targetSizeTooSmall`,
    ///   `.resolutionOutOfRange`, `.invalidRenderOption` (transparency in 8-bit gray),
    ///   `.imageTooLarge`, or `.pngWriteFailed`.
    public func render(_ matrix: QRMatrix) throws -> [UInt8] {
        let layout = try checkedLayout(for: matrix)
        switch pixelFormat {
        case .palette:
            let (rows, rowBytes) = layout.packedRows(matrix)
            return try PNGWriter.write(
                rows: rows, rowBytes: rowBytes, width: layout.pixels, height: layout.pixels, bitDepth: 1,
                palette: [options.background, options.foreground], dpi: dpi)
        case .gray8:
            let image = try GrayImageRenderer(options: options).render(matrix)
            return try PNGWriter.encode(image, dpi: dpi)
        }
    }
}
