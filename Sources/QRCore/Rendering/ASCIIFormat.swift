// QRKit — ASCIIFormat: a symbol as plain ASCII art, two characters per module.

/// Renders a symbol as plain ASCII text, as `qrencode -t ASCII` does: each module is
/// two characters wide (`##` dark, two spaces light) and one line high, so it looks
/// square in most fonts; the quiet zone is spaces. No escape sequences, no Unicode.
///
/// ASCII art has only "ink" and "paper". The colours must be black and white in
/// either order: swapped colours draw the light modules as `#` instead, for light text
/// on a dark terminal. `scale` is not used.
///
/// ```swift
/// print(try ASCIIRenderer().render(matrix), terminator: "")
/// ```
public enum ASCIIFormat: RenderFormat {
    public static let traits = FormatTraits("ASCII art", colourSupport: .blackAndWhite, drawing: .text)

    /// Draws `matrix`.
    ///
    /// - Parameters:
    ///   - matrix: The symbol.
    ///   - layout: Its margin and scale.
    ///   - options: The checked options.
    /// - Returns: `size + 2 × margin` lines of `2 × (size + 2 × margin)` characters, each
    ///   ending in a newline.
    public static func draw(_ matrix: QRMatrix, in layout: RenderLayout, options: RenderOptions) -> String {
        let darkIsInk = options.foreground == .black
        var bytes: [UInt8] = []
        bytes.reserveCapacity(layout.modules * (2 * layout.modules + 1))
        for y in -layout.margin..<(matrix.size + layout.margin) {
            for x in -layout.margin..<(matrix.size + layout.margin) {
                let ink = matrix.isDark(x: x, y: y) == darkIsInk
                bytes += ink ? [0x23, 0x23] : [0x20, 0x20]
            }
            bytes.append(0x0A)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Draws ASCII art: ``ASCIIFormat`` with the options ``FormatRenderer`` holds.
public typealias ASCIIRenderer = FormatRenderer<ASCIIFormat>
