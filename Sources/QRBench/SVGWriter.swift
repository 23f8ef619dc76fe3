// QRBench — SVGWriter: SVG markup, text and attributes escaped, for the bench chart.
import QRKit

/// Builds SVG markup, escaping text and attributes.
struct SVGWriter {
    private var body: [String] = []

    /// ` name="value"` for each pair, values escaped.
    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
    }

    /// An element with `attributes`, and a `<title>` inside when `tooltip` is given.
    private mutating func element(_ name: String, _ attributes: [(String, String)], tooltip: String?) {
        let open = "<\(name)" + Self.attributes(attributes)
        if let tooltip {
            body.append(open + "><title>\(Self.escape(tooltip))</title></\(name)>")
        } else {
            body.append(open + "/>")
        }
    }

    /// Opens a container element (`g`); ``close(_:)`` ends it.
    mutating func open(_ name: String, _ attributes: [(String, String)]) {
        body.append("<\(name)" + Self.attributes(attributes) + ">")
    }

    mutating func close(_ name: String) {
        body.append("</\(name)>")
    }

    mutating func text(
        _ content: String, x: Double, y: Double, size: Double, weight: String? = nil, fill: String = "#000",
        anchor: String = "start", data: [(String, String)] = []
    ) {
        var pairs = [("x", n(x)), ("y", n(y)), ("font-size", n(size))]
        if let weight { pairs.append(("font-weight", weight)) }
        pairs += [("fill", fill), ("text-anchor", anchor)] + data
        body.append("<text" + Self.attributes(pairs) + ">\(Self.escape(content))</text>")
    }

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, data: [(String, String)] = [],
        tooltip: String? = nil
    ) {
        element(
            "rect",
            [("x", n(x)), ("y", n(y)), ("width", n(width)), ("height", n(height)), ("fill", fill)] + data,
            tooltip: tooltip)
    }

    /// A marker of `shape` centred on (`x`, `y`), filled, or outlined when `hollow`.
    mutating func marker(
        _ shape: MarkerShape, x: Double, y: Double, size: Double, colour: String, hollow: Bool,
        data: [(String, String)],
        tooltip: String? = nil
    ) {
        let paint =
            hollow
            ? [("fill", "#fff"), ("stroke", colour), ("stroke-width", "2")]
            : [("fill", colour), ("stroke", "#fff"), ("stroke-width", "1")]
        let outline = shape.points(x: x, y: y, size: size)
        if outline.isEmpty {
            element("circle", [("cx", n(x)), ("cy", n(y)), ("r", n(size))] + paint + data, tooltip: tooltip)
        } else {
            let list = outline.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
            element("polygon", [("points", list)] + paint + data, tooltip: tooltip)
        }
    }

    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double, data: [(String, String)] = []
    ) {
        element(
            "line",
            [
                ("x1", n(x1)), ("y1", n(y1)), ("x2", n(x2)), ("y2", n(y2)), ("stroke", stroke),
                ("stroke-width", n(width)),
            ]
                + data, tooltip: nil)
    }

    mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double, data: [(String, String)] = []) {
        guard !points.isEmpty else { return }
        let list = points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
        element(
            "polyline", [("points", list), ("fill", "none"), ("stroke", stroke), ("stroke-width", n(width))] + data,
            tooltip: nil)
    }

    func document(width: Double, height: Double, title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
        viewBox="0 0 \(n(width)) \(n(height))" font-family="Helvetica, Arial, sans-serif">
        <title>\(Self.escape(title))</title>
        <rect width="100%" height="100%" fill="#fff"/>
        \(body.joined(separator: "\n"))
        </svg>

        """
    }

    /// A coordinate with at most one decimal.
    private func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Text safe inside an element or a double-quoted attribute; drops characters XML
    /// 1.0 cannot hold (control characters other than tab and line breaks).
    static func escape(_ text: String) -> String { XMLText.escaped(text) }
}
