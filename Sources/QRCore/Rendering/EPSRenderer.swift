// QRKit — EPSRenderer: a symbol as Encapsulated PostScript, the dark modules one path.

/// Renders a symbol as an EPS file (EPSF-3.0, PostScript level 1).
///
/// Sizes as ``PDFRenderer``: a module is `scale × 72 / dpi` points. The dark modules are
/// one path of rectangles (runs merged along rows and down columns), filled once; the
/// background is a rectangle, left out when fully transparent. PostScript has no
/// transparency, so colours must otherwise be opaque.
///
/// ```swift
/// let eps = try EPSRenderer(options: RenderOptions(scale: 3)).render(matrix)
/// ```
public struct EPSRenderer: Renderer {
    /// Scale (or target size), margin and colours.
    public var options: RenderOptions
    /// Pixels per inch that `scale` counts in, within `RenderOptions.resolutions`; 72
    /// makes a pixel one point.
    public var dpi: Int
    /// The printed size, used instead of the scale, `dpi` and target size; `nil` for none.
    public var printSize: PrintSize?

    public var formatName: String { "EPS" }
    public var colourSupport: ColourSupport { .opaqueOrClearBackground }
    public var drawing: Drawing { .vector }

    /// Makes a renderer; every parameter has the default described on its property.
    public init(options: RenderOptions = RenderOptions(), dpi: Int = 72, printSize: PrintSize? = nil) {
        self.options = options
        self.dpi = dpi
        self.printSize = printSize
    }

    /// Draws `matrix` as an EPS file.
    ///
    /// - Parameter matrix: The symbol.
    /// - Returns: The document, ASCII text ending in a newline.
    /// - Throws: what ``RenderOptions/validate()`` throws, `EncodeError.targetSizeTooSmall`,
    ///   `.resolutionOutOfRange`, or `.invalidRenderOption` for a translucent colour.
    public func render(_ matrix: QRMatrix) throws -> String {
        let layout = try checkedLayout(for: matrix)
        let points = try VectorPage(layout: layout, dpi: dpi, printSize: printSize)
        var eps = """
            %!PS-Adobe-3.0 EPSF-3.0
            %%Creator: QRKit
            %%BoundingBox: 0 0 \(points.wholePage) \(points.wholePage)
            %%HiResBoundingBox: 0 0 \(points.page) \(points.page)
            %%LanguageLevel: 1
            %%EndComments
            save
            /r { 4 2 roll moveto 1 index 0 rlineto 0 exch rlineto neg 0 rlineto closepath } bind def

            """
        if options.background.alpha > 0 {
            eps += "\(Decimal.rgb(options.background)) setrgbcolor\nnewpath 0 0 \(points.page) \(points.page) r fill\n"
        }
        // From here on, one unit is a module, from the top-left corner of the margin.
        eps += "\(points.origin) \(points.originFromBottom) translate \(points.module) -\(points.module) scale\n"
        let rectangles = matrix.darkRectangles(margin: layout.margin)
        if !rectangles.isEmpty {
            eps += "\(Decimal.rgb(options.foreground)) setrgbcolor\nnewpath\n"
            for (index, r) in rectangles.enumerated() {
                eps += "\(r.x) \(r.y) \(r.width) \(r.height) r"
                eps += index % 8 == 7 ? "\n" : " "
            }
            eps += "fill\n"
        }
        eps += "restore\nshowpage\n%%EOF\n"
        return eps
    }
}
