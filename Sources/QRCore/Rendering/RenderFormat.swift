// QRKit — RenderFormat: a file format drawn from the picture's options alone.

/// A file format that a symbol is drawn in from ``RenderOptions`` alone, with no settings
/// of its own: ``FormatRenderer`` holds the options, checks them, and asks the format to
/// draw.
///
/// PBM, PAM, XBM, XPM, ASCII art and ANSI256 art are such formats; a format with settings
/// of its own (SVG's title, PDF's resolution) is a ``Renderer`` of its own.
///
/// ```swift
/// let renderer = FormatRenderer<PBMFormat>(options: RenderOptions(scale: 2))  // a PBMRenderer
/// ```
public protocol RenderFormat: Sendable {
    /// What ``draw(_:in:options:)`` returns: `String` for a text format, `[UInt8]` for a
    /// binary one.
    associatedtype Document: RenderedDocument

    /// The format's name, colours and drawing.
    static var traits: FormatTraits { get }

    /// Draws `matrix`, once ``FormatRenderer`` has checked the options and colours.
    ///
    /// - Parameters:
    ///   - matrix: The symbol.
    ///   - layout: Its margin and scale, for the format's ``FormatTraits/drawing``.
    ///   - options: The checked options, for the colours.
    /// - Returns: The document.
    static func draw(_ matrix: QRMatrix, in layout: RenderLayout, options: RenderOptions) -> Document
}
