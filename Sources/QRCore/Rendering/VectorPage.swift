// QRKit — VectorPage: the size of a module and of the page, in points, as decimal text.

/// The size of a module and of the page, in points, as decimal text: what a
/// ``PageFormat`` draws on, once ``PageRenderer`` has measured it.
public struct VectorPage: Sendable {
    /// Points per module.
    public let module: String
    /// Points per side of the page.
    public let page: String
    /// Points per side, rounded up to whole points (for EPS's bounding box).
    public let wholePage: Int
    /// Points from the left edge to the margin's left edge (a target size's extra pixels).
    public let origin: String
    /// Points from the bottom edge to the margin's top edge.
    public let originFromBottom: String

    package init(layout: RenderLayout, dpi: Int, printSize: PrintSize? = nil) throws(EncodeError) {
        if let printSize {
            let points = try printSize.modulePoints(modules: layout.modules)
            let side = points * Double(layout.modules)
            module = Decimal.text(points: points)
            page = Decimal.text(points: side)
            // A hair over a whole point is rounding, not a point more of bounding box.
            wholePage = Int((side - 0.0001).rounded(.up))
            origin = "0"
            originFromBottom = page
            return
        }
        try RenderOptions.validate(dpi: dpi)
        module = Decimal.text(layout.scale * 72, dpi)
        page = Decimal.text(layout.pixels * 72, dpi)
        wholePage = (layout.pixels * 72 + dpi - 1) / dpi
        origin = Decimal.text(layout.padding.before * 72, dpi)
        originFromBottom = Decimal.text((layout.pixels - layout.padding.before) * 72, dpi)
    }
}
