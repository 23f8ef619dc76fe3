// QRKit — FormatRenderer: the renderer of any format drawn from the picture's options alone.

/// Draws a symbol in a ``RenderFormat``: holds the ``RenderOptions``, checks them and the
/// colours against the format's traits, then has the format draw.
///
/// Each such format has a name for its renderer: ``PBMRenderer``, ``PAMRenderer``,
/// ``XBMRenderer``, ``XPMRenderer``, ``ASCIIRenderer`` and ``ANSI256Renderer``.
///
/// ```swift
/// let pbm = try PBMRenderer(options: RenderOptions(scale: 2)).render(matrix)
/// ```
public struct FormatRenderer<Format: RenderFormat>: Renderer {
    /// Scale (or target size), margin and colours, as the format takes them.
    public var options: RenderOptions

    public var formatName: String { Format.traits.name }
    public var colourSupport: ColourSupport { Format.traits.colourSupport }
    public var drawing: Drawing { Format.traits.drawing }

    /// Makes a renderer.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// Draws `matrix`.
    ///
    /// - Parameter matrix: The symbol.
    /// - Returns: The document, as the format describes it.
    /// - Throws: what ``RenderOptions/validate()`` throws, `EncodeError.targetSizeTooSmall`,
    ///   `.invalidRenderOption` for colours the format cannot draw, or `.imageTooLarge` for
    ///   a picture over `RenderOptions.pixelLimit`.
    public func render(_ matrix: QRMatrix) throws -> Format.Document {
        Format.draw(matrix, in: try checkedLayout(for: matrix), options: options)
    }
}
