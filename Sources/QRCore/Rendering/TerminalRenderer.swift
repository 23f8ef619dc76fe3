// QRKit — TerminalRenderer: a symbol drawn with Unicode half blocks, plain or in ANSI colour.

/// Renders a symbol as text for a terminal: two module rows per line, one module per
/// column, drawn with `▀ ▄ █` and spaces.
///
/// Plain half blocks paint in the terminal's own text colour, so which modules get
/// glyphs depends on the theme: by default light modules are drawn (light text on a
/// dark background, as `qrencode -t UTF8` does); `inverted` draws the dark modules, for
/// dark text on a light background, and they cannot take other colours. The ANSI style
/// sets black and white explicitly, so it scans on any theme, or `foreground` and
/// `background` in 24-bit colour; `inverted` then swaps the two colours.
///
/// ```swift
/// print(try TerminalRenderer(style: .ansi).render(matrix), terminator: "")
/// ```
public struct TerminalRenderer: Renderer {
    /// How modules become characters.
    public enum Style: String, Sendable, CaseIterable {
        /// Half blocks in the terminal's text colour.
        case halfBlocks
        /// Upper half blocks with explicit ANSI foreground and background colours.
        case ansi
    }

    /// Plain half blocks or ANSI colours.
    public var style: Style
    /// For `.halfBlocks`, draw dark modules (light terminals) instead of light ones; for
    /// `.ansi`, paint dark modules white and light ones black.
    public var inverted: Bool
    /// Quiet zone in modules on each side, 0–256; `nil` for the standard 4 (2 for
    /// Micro QR).
    public var margin: Int?
    /// Colour of dark modules: black, or any opaque colour for `.ansi`.
    public var foreground: RGBAColor
    /// Colour of light modules: white, or any opaque colour for `.ansi`.
    public var background: RGBAColor

    /// Makes a renderer; every parameter has the default described on its property.
    public init(
        style: Style = .halfBlocks, inverted: Bool = false, margin: Int? = nil, foreground: RGBAColor = .black,
        background: RGBAColor = .white
    ) {
        self.style = style
        self.inverted = inverted
        self.margin = margin
        self.foreground = foreground
        self.background = background
    }

    /// The margin and colours as ``RenderOptions``, one cell a module.
    public var options: RenderOptions {
        RenderOptions(scale: 1, margin: margin, foreground: foreground, background: background)
    }

    public var formatName: String { style == .ansi ? "ANSI colours" : "plain half blocks" }

    /// Black on white for plain half blocks (they draw in the terminal's own colours);
    /// any opaque colours in ANSI colour (a terminal has no transparency).
    public var colourSupport: ColourSupport { style == .ansi ? .terminalColours : .terminalDefault }

    public var drawing: Drawing { .text }

    /// Draws `matrix`.
    ///
    /// - Parameter matrix: The symbol.
    /// - Returns: `(size + 2 × margin + 1) / 2` lines, each ending in a newline.
    /// - Throws: `EncodeError.marginOutOfRange`, or what ``checkColours()`` throws.
    public func render(_ matrix: QRMatrix) throws -> String {
        let layout = try checkedLayout(for: matrix)
        // Black and white keep the 16-colour escapes every terminal has.
        let plain = foreground == .black && background == .white
        func channels(_ colour: RGBAColor) -> String { "2;\(colour.red);\(colour.green);\(colour.blue)" }
        let upperCode =
            plain
            ? (dark: "30", light: "97") : (dark: "38;" + channels(foreground), light: "38;" + channels(background))
        let lowerCode =
            plain
            ? (dark: "40", light: "107") : (dark: "48;" + channels(foreground), light: "48;" + channels(background))
        let first = -layout.margin
        let end = matrix.size + layout.margin
        var text = ""
        for top in stride(from: first, to: end, by: 2) {
            let bottomInside = top + 1 < end
            switch style {
            case .halfBlocks:
                for x in first..<end {
                    // A glyph is drawn where the module is light (or dark when inverted).
                    let upper = matrix.isDark(x: x, y: top) == inverted
                    let lower = bottomInside && matrix.isDark(x: x, y: top + 1) == inverted
                    text += upper ? (lower ? "█" : "▀") : (lower ? "▄" : " ")
                }
                text += "\n"
            case .ansi:
                var current: (upper: Bool, lower: Bool)?
                for x in first..<end {
                    let upper = matrix.isDark(x: x, y: top) != inverted
                    // Below the last row, continue the margin.
                    let lower = bottomInside ? matrix.isDark(x: x, y: top + 1) != inverted : inverted
                    if current?.upper != upper || current?.lower != lower {
                        // Foreground paints the upper half, background the lower.
                        text +=
                            "\u{1B}[\(upper ? upperCode.dark : upperCode.light);\(lower ? lowerCode.dark : lowerCode.light)m"
                        current = (upper, lower)
                    }
                    text += "▀"
                }
                text += "\u{1B}[0m\n"
            }
        }
        return text
    }
}
