// QRKit — Renderer: what every renderer of a symbol is, so that a format table can hold them all.

/// Draws a symbol in one file format.
///
/// Every renderer holds its ``RenderOptions``, says which colours its format can draw
/// (``colourSupport``) and how it lays the symbol out (``drawing``); the protocol checks the
/// colours from those, and gives the finished document as bytes whatever its type.
/// QRKit's `OutputFormat` table names a renderer for each format, so that a format is
/// chosen by name or file extension rather than by a `switch`.
///
/// ```swift
/// let renderer: any Renderer = PBMRenderer(options: RenderOptions(scale: 2))
/// try renderer.checkColours()
/// let bytes = try renderer.renderBytes(matrix)
/// ```
public protocol Renderer: Sendable {
    /// What ``render(_:)`` returns: `String` for a text format, `[UInt8]` for a binary one.
    associatedtype Document: RenderedDocument

    /// Scale (or target size), margin and colours.
    var options: RenderOptions { get }

    /// The format's name in messages, such as `"PBM"` or `"ASCII art"`.
    var formatName: String { get }

    /// Which colours the format can draw.
    var colourSupport: ColourSupport { get }

    /// Whether the format counts pixels, lengths or character cells.
    var drawing: Drawing { get }

    /// Whether the document is binary (`[UInt8]`), not text: bytes a terminal should not
    /// be sent.
    var isBinary: Bool { get }

    /// Checks the colours this format can draw, before any symbol is made.
    ///
    /// The default checks ``options``' colours against ``colourSupport``.
    ///
    /// - Throws: `EncodeError.invalidRenderOption` naming the colours and what the format
    ///   can draw instead.
    func checkColours() throws(EncodeError)

    /// Checks the renderer's own settings beyond ``options`` and the colours (an SVG's
    /// title and description), before any symbol is made; ``render(_:)`` checks them too.
    ///
    /// The default has nothing to check.
    ///
    /// - Throws: `EncodeError.invalidRenderOption` naming the setting and what is wrong.
    func checkSettings() throws(EncodeError)

    /// Draws `matrix`.
    ///
    /// - Parameter matrix: The symbol.
    /// - Returns: The document.
    /// - Throws: an `EncodeError` for options or colours the format cannot take.
    func render(_ matrix: QRMatrix) throws -> Document

    /// Draws `matrix` as the bytes of a file: a text document in UTF-8.
    ///
    /// - Parameter matrix: The symbol.
    /// - Returns: The file's bytes.
    /// - Throws: what ``render(_:)`` throws.
    func renderBytes(_ matrix: QRMatrix) throws -> [UInt8]
}

extension Renderer {
    public func checkColours() throws(EncodeError) {
        try colourSupport.check(foreground: options.foreground, background: options.background, format: formatName)
    }

    public func checkSettings() throws(EncodeError) {}

    public var isBinary: Bool { Document.isBinary }

    public func renderBytes(_ matrix: QRMatrix) throws -> [UInt8] { try render(matrix).fileBytes }

    /// The layout of `matrix` once the options, colours and settings are checked: what
    /// every renderer does first. A raster is also held to `RenderOptions.pixelLimit`; text
    /// takes one cell a module, whatever the scale and target size.
    package func checkedLayout(for matrix: QRMatrix) throws -> RenderLayout {
        let layout: RenderLayout
        switch drawing {
        case .raster:
            layout = try options.layout(for: matrix)
            try layout.checkPixelLimit()
        case .vector:
            layout = try options.layout(for: matrix)
        case .text:
            var cells = options
            cells.scale = 1
            cells.targetSize = nil
            layout = try cells.layout(for: matrix)
        }
        try checkColours()
        try checkSettings()
        return layout
    }
}
