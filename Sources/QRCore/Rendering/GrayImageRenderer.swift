// QRKit — GrayImageRenderer: renders a symbol as a `GrayImage`, for in-process decoding and tests.

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
