// QRKit — ASCIIRenderer: a symbol as plain ASCII art, two characters per module.

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
public struct ASCIIRenderer: Renderer {
    /// Margin and colours (black and white only); the scale is not used.
    public var options: RenderOptions

    public var formatName: String { "ASCII art" }
    public var colourSupport: ColourSupport { .blackAndWhite }
    public var drawing: Drawing { .text }

    /// Makes a renderer.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// Draws `matrix`.
    ///
    /// - Parameter matrix: The symbol.
    /// - Returns: `size + 2 × margin` lines of `2 × (size + 2 × margin)` characters, each
    ///   ending in a newline.
    /// - Throws: `EncodeError.marginOutOfRange`, or `.invalidRenderOption` for colours
    ///   other than black and white.
    public func render(_ matrix: QRMatrix) throws -> String {
        let layout = try checkedLayout(for: matrix)
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
