// QRKit — PageFormat: a file format drawn on a page measured in points.

/// A file format that draws a symbol on a page measured in points, from ``RenderOptions``,
/// a resolution and a printed size: ``PageRenderer`` holds them, checks them, and asks
/// the format to draw.
///
/// PDF and EPS are such formats.
///
/// ```swift
/// let renderer = PageRenderer<PDFFormat>(options: RenderOptions(scale: 4), dpi: 300)  // a PDFRenderer
/// ```
public protocol PageFormat: Sendable {
    /// What ``draw(_:in:on:options:)`` returns: `String` for a text format, `[UInt8]` for
    /// a binary one.
    associatedtype Document: RenderedDocument

    /// The format's name, colours and drawing.
    static var traits: FormatTraits { get }

    /// Draws `matrix`, once ``PageRenderer`` has checked the options and colours and
    /// measured the page.
    ///
    /// - Parameters:
    ///   - matrix: The symbol.
    ///   - layout: Its margin and scale.
    ///   - points: The module's and the page's sizes in points.
    ///   - options: The checked options, for the colours.
    /// - Returns: The document.
    static func draw(_ matrix: QRMatrix, in layout: RenderLayout, on points: VectorPage, options: RenderOptions)
        -> Document
}
