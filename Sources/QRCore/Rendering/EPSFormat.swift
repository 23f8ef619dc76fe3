// QRKit — EPSFormat: a symbol as Encapsulated PostScript, the dark modules one path.

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
public enum EPSFormat: PageFormat {
    public static let traits = FormatTraits("EPS", colourSupport: .opaqueOrClearBackground, drawing: .vector)

    /// Draws `matrix` as an EPS file.
    ///
    /// - Parameters:
    ///   - matrix: The symbol.
    ///   - layout: Its margin and scale.
    ///   - points: The module's and the page's sizes in points.
    ///   - options: The checked options.
    /// - Returns: The document, ASCII text ending in a newline.
    public static func draw(
        _ matrix: QRMatrix, in layout: RenderLayout, on points: VectorPage, options: RenderOptions
    ) -> String {
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

/// Draws EPS: ``EPSFormat`` on the page ``PageRenderer`` measures.
public typealias EPSRenderer = PageRenderer<EPSFormat>
