// QRKit — OutputOptions: how a symbol is drawn in any output format, for the format table.

/// How a symbol is drawn, in any ``OutputFormat``: the picture's ``/QRCore/RenderOptions``
/// and what only some formats take (``OutputFormat/options`` says which).
///
/// ```swift
/// let options = OutputOptions(picture: RenderOptions(scale: 4), dpi: 300)
/// let pdf = try QRKit.render(matrix, as: .pdf, options: options)
/// ```
public struct OutputOptions: Sendable, Equatable {
    /// Scale (or target size), margin and colours: `foreground` for dark modules.
    public var picture: RenderOptions
    /// Swaps dark and light: pictures get light modules on dark; plain half blocks draw
    /// the dark modules (for a light terminal), ASCII art marks the light ones.
    public var inverted: Bool
    /// Resolution: recorded in a PNG; for PDF and EPS, the pixels per inch `scale` counts
    /// in (`nil`: 72, a pixel is a point).
    public var dpi: Int?
    /// SVG, PDF, EPS: the printed size, used instead of the scale, `dpi` and target size.
    public var printSize: PrintSize?
    /// SVG: a title for assistive technology.
    public var title: String?
    /// SVG: a longer description, such as where the code leads.
    public var description: String?

    /// Makes options; every parameter has the default described on its property.
    public init(
        picture: RenderOptions = RenderOptions(), inverted: Bool = false, dpi: Int? = nil,
        printSize: PrintSize? = nil, title: String? = nil, description: String? = nil
    ) {
        self.picture = picture
        self.inverted = inverted
        self.dpi = dpi
        self.printSize = printSize
        self.title = title
        self.description = description
    }

    /// The picture's options with dark and light swapped when ``inverted``.
    var drawnPicture: RenderOptions {
        var options = picture
        if inverted { swap(&options.foreground, &options.background) }
        return options
    }
}
