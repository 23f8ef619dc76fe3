// QRKit — PageRenderer: the renderer of any format drawn on a page measured in points.

/// Draws a symbol in a ``PageFormat``: holds the ``RenderOptions``, the resolution and the
/// printed size, checks them and the colours, measures the page, then has the format draw.
///
/// A module is `scale` pixels at `dpi`, so `scale × 72 / dpi` points: at the default
/// 72 dpi, `scale` points (with a target size, the page is that many pixels and the
/// quiet zone takes the rest). A printed size sets the module's size instead.
///
/// Each such format has a name for its renderer: ``PDFRenderer`` and ``EPSRenderer``.
///
/// ```swift
/// let pdf = try PDFRenderer(options: RenderOptions(scale: 4), dpi: 300).render(matrix)
/// ```
public struct PageRenderer<Format: PageFormat>: Renderer {
    /// Scale (or target size), margin and colours.
    public var options: RenderOptions
    /// Pixels per inch that `scale` counts in, within `RenderOptions.resolutions`; 72
    /// makes a pixel one point.
    public var dpi: Int
    /// The printed size, used instead of the scale, `dpi` and target size; `nil` for none.
    public var printSize: PrintSize?

    public var formatName: String { Format.traits.name }
    public var colourSupport: ColourSupport { Format.traits.colourSupport }
    public var drawing: Drawing { Format.traits.drawing }

    /// Makes a renderer; every parameter has the default described on its property.
    public init(options: RenderOptions = RenderOptions(), dpi: Int = 72, printSize: PrintSize? = nil) {
        self.options = options
        self.dpi = dpi
        self.printSize = printSize
    }

    /// Draws `matrix`.
    ///
    /// - Parameter matrix: The symbol.
    /// - Returns: The document, as the format describes it.
    /// - Throws: what ``RenderOptions/validate()`` throws, `EncodeError.targetSizeTooSmall`,
    ///   `.resolutionOutOfRange`, a printed size's error, or `.invalidRenderOption` for
    ///   colours the format cannot draw.
    public func render(_ matrix: QRMatrix) throws -> Format.Document {
        let layout = try checkedLayout(for: matrix)
        let page = try VectorPage(layout: layout, dpi: dpi, printSize: printSize)
        return Format.draw(matrix, in: layout, on: page, options: options)
    }
}
