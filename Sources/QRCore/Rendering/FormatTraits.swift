// QRKit — FormatTraits: what a renderer's messages and the format table say of a format.

/// What a format is, as a ``Renderer`` reports it: its name in messages, the colours it
/// can draw and how it lays a symbol out.
///
/// ```swift
/// let traits = FormatTraits("PBM", colourSupport: .blackAndWhite, drawing: .raster)
/// ```
public struct FormatTraits: Sendable, Equatable {
    /// The format's name in messages, such as `"PBM"` or `"ASCII art"`.
    public let name: String
    /// Which colours the format can draw.
    public let colourSupport: ColourSupport
    /// Whether the format counts pixels, lengths or character cells.
    public let drawing: Drawing

    /// Makes traits: the format's name in messages, its colours and its drawing.
    public init(_ name: String, colourSupport: ColourSupport, drawing: Drawing) {
        self.name = name
        self.colourSupport = colourSupport
        self.drawing = drawing
    }
}
