// QRKit — SVGRenderer: a symbol as an SVG document, one path for all dark modules.

/// Renders a symbol as SVG.
///
/// The view box counts modules, margin included, so the drawing scales cleanly; `width`
/// and `height` are `scale` units per module (or the target size, the view box then
/// widened by the quiet zone's extra pixels). Dark modules are one `<path>` of
/// run-length rows with `shape-rendering="crispEdges"`; a background rectangle is drawn
/// unless the background is fully transparent.
///
/// With a title or a description the picture is announced to assistive technology:
/// `role="img"`, `<title>` and `<desc>` as the first children, and `aria-labelledby`
/// naming them (screen readers differ in which of the two they read).
///
/// ```swift
/// var renderer = SVGRenderer(options: RenderOptions(scale: 4))
/// renderer.title = "Link to example.org"
/// let svg = try renderer.render(matrix)
/// ```
public struct SVGRenderer: Renderer {
    /// Scale (or target size), margin and colours.
    public var options: RenderOptions
    /// A short name for the picture (`<title>`), or `nil`.
    public var title: String?
    /// A longer description (`<desc>`), such as what the code links to, or `nil`.
    public var description: String?
    /// The printed size, used instead of the scale and target size: `width` and `height`
    /// in millimetres; `nil` for none.
    public var printSize: PrintSize?

    public var formatName: String { "SVG" }
    public var colourSupport: ColourSupport { .any }
    public var drawing: Drawing { .vector }

    /// Makes a renderer; every parameter has the default described on its property.
    public init(
        options: RenderOptions = RenderOptions(), title: String? = nil, description: String? = nil,
        printSize: PrintSize? = nil
    ) {
        self.options = options
        self.title = title
        self.description = description
        self.printSize = printSize
    }

    /// Checks that the title and description can be written, before any symbol is made.
    ///
    /// - Throws: `EncodeError.invalidRenderOption` naming a character XML 1.0 cannot
    ///   carry.
    public func checkSettings() throws(EncodeError) {
        _ = try escapedTexts()
    }

    /// The `title` and `desc` elements to write, with their text escaped.
    private func escapedTexts() throws(EncodeError) -> [(element: String, text: String)] {
        var texts: [(element: String, text: String)] = []
        for (element, what, text) in [("title", "title", title), ("desc", "description", description)] {
            guard let text else { continue }
            if let bad = XMLText.firstUnwritable(in: text) {
                throw .invalidRenderOption(
                    "the \(what) holds \(bad.scalar.codePoint) (character \(bad.position)), which XML cannot carry")
            }
            texts.append((element, XMLText.escaped(text)))
        }
        return texts
    }

    /// Draws `matrix` as an SVG document.
    ///
    /// - Parameter matrix: The symbol.
    /// - Returns: The document, UTF-8 text ending in a newline.
    /// - Throws: what ``RenderOptions/validate()`` throws, `EncodeError.targetSizeTooSmall`,
    ///   or `.invalidRenderOption` for a title or description holding a character XML 1.0
    ///   cannot carry (control characters other than tab and line breaks).
    public func render(_ matrix: QRMatrix) throws -> String {
        var layout = try checkedLayout(for: matrix)
        var width = String(layout.pixels)
        if let printSize {
            // The view box is the modules alone; the length is the page's.
            let points = try printSize.modulePoints(modules: layout.modules)
            layout = RenderLayout(margin: layout.margin, scale: 1, modules: layout.modules)
            width = Decimal.text(points: points * Double(layout.modules) * 25.4 / 72) + "mm"
        }
        let texts = try escapedTexts()
        // The view box in modules; a target size's extra pixels widen it on every side.
        let origin = layout.padding.before == 0 ? "0" : "-" + Decimal.text(layout.padding.before, layout.scale)
        let side = Decimal.text(layout.pixels, layout.scale)
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(width)" height="\(width)" \
            viewBox="\(origin) \(origin) \(side) \(side)" shape-rendering="crispEdges"
            """
        if !texts.isEmpty {
            svg += " role=\"img\" aria-labelledby=\"" + texts.map { "qr-\($0.0)" }.joined(separator: " ") + "\""
        }
        svg += ">\n"
        for (element, text) in texts {
            svg += "<\(element) id=\"qr-\(element)\">\(text)</\(element)>\n"
        }
        if options.background.alpha > 0 {
            let position = origin == "0" ? "" : " x=\"\(origin)\" y=\"\(origin)\""
            svg += "<rect\(position) width=\"\(side)\" height=\"\(side)\"\(Self.fill(options.background))/>\n"
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
