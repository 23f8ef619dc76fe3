// QRKit — ANSI256Format: a symbol as terminal art in 256-colour ANSI backgrounds.

/// Renders a symbol as text for a 256-colour terminal, byte for byte as
/// `qrencode -t ANSI256` does: each module is two spaces on a background of colour 16
/// (black, dark) or 231 (white, light), one line per module; a line sets white first,
/// changes colour only where the modules change, and ends with a reset.
///
/// Unlike plain half blocks, the colours are explicit, so it scans on any terminal
/// theme. As for ``ASCIIRenderer``, the colours must be black and white in either order
/// (swapped: dark modules white on black). `scale` is not used.
///
/// ```swift
/// print(try ANSI256Renderer().render(matrix), terminator: "")
/// ```
public enum ANSI256Format: RenderFormat {
    public static let traits = FormatTraits("ANSI256 art", colourSupport: .blackAndWhite, drawing: .text)

    /// Draws `matrix`.
    ///
    /// - Parameters:
    ///   - matrix: The symbol.
    ///   - layout: Its margin and scale.
    ///   - options: The checked options.
    /// - Returns: `size + 2 × margin` lines, each ending in a reset and a newline.
    public static func draw(_ matrix: QRMatrix, in layout: RenderLayout, options: RenderOptions) -> String {
        let darkIsBlack = options.foreground == .black
        let white = "\u{1B}[48;5;231m"
        let black = "\u{1B}[48;5;16m"
        // Paper is the light modules' colour, ink the dark ones'.
        let (paper, ink) = darkIsBlack ? (white, black) : (black, white)
        let reset = "\u{1B}[0m\n"
        let quiet = String(repeating: "  ", count: layout.margin)
        var text = ""
        let marginLine = paper + String(repeating: "  ", count: layout.modules) + reset
        for _ in 0..<layout.margin { text += marginLine }
        for y in 0..<matrix.size {
            text += paper + quiet
            var inked = false
            for x in 0..<matrix.size {
                let dark = matrix.isDark(x: x, y: y)
                if dark != inked {
                    text += dark ? ink : paper
                    inked = dark
                }
                text += "  "
            }
            if inked { text += paper }
            text += quiet + reset
        }
        for _ in 0..<layout.margin { text += marginLine }
        return text
    }
}

/// Draws ANSI256 art: ``ANSI256Format`` with the options ``FormatRenderer`` holds.
public typealias ANSI256Renderer = FormatRenderer<ANSI256Format>
