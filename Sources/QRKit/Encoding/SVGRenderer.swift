// QRKit — SVGRenderer: a symbol as an SVG document, one path for all dark modules.

/// Renders a symbol as SVG.
///
/// The view box counts modules, margin included, so the drawing scales cleanly; `width`
/// and `height` are `scale` units per module. Dark modules are one `<path>` of
/// run-length rows with `shape-rendering="crispEdges"`; a background rectangle is drawn
/// unless the background is fully transparent.
///
/// ```swift
/// let svg = try SVGRenderer(options: RenderOptions(scale: 4)).render(matrix)
/// ```
public struct SVGRenderer: Sendable {
    /// Scale (or target size), margin and colours.
    public var options: RenderOptions

    /// Makes a renderer.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// Draws `matrix` as an SVG document.
    ///
    /// - Parameter matrix: The symbol.
    /// - Returns: The document, UTF-8 text ending in a newline.
    /// - Throws: `EncodeError.invalidRenderOption` for a scale, target size or margin
    ///   out of range.
    public func render(_ matrix: QRMatrix) throws -> String {
        let layout = try options.layout(for: matrix)
        let side = layout.modules
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(layout.pixels)" height="\(layout.pixels)" \
            viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">

            """
        if options.background.alpha > 0 {
            svg += "<rect width=\"\(side)\" height=\"\(side)\"\(Self.fill(options.background))/>\n"
        }
        var path = ""
        for y in 0..<matrix.size {
            var x = 0
            while x < matrix.size {
                guard matrix.isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < matrix.size && matrix.isDark(x: x, y: y) { x += 1 }
                let run = x - start
                path += "M\(start + layout.margin),\(y + layout.margin)h\(run)v1h-\(run)z"
            }
        }
        if !path.isEmpty {
            svg += "<path\(Self.fill(options.foreground)) d=\"\(path)\"/>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    /// ` fill="#rrggbb"`, plus ` fill-opacity` when the colour is not opaque.
    private static func fill(_ colour: RGBAColor) -> String {
        var attributes = " fill=\"\(colour.hexRGB)\""
        if !colour.isOpaque {
            let opacity = Double(colour.alpha) / 255
            attributes += " fill-opacity=\"\((opacity * 1000).rounded() / 1000)\""
        }
        return attributes
    }
}
