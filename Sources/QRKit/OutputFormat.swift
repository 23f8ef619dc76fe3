// QRKit — OutputFormat: the table of output formats (name, file extensions, media type,
// renderer), so that a format is looked up, not switched over.

/// One output format and its renderer: a row of the table ``all``.
///
/// A format is found by name (``init(name:)``, as `qr encode --format` takes it) or by a
/// file name's extension (``init(fileName:)``), and says what a caller needs before
/// drawing: whether the file is binary, its media type, which colours and which of
/// ``OutputOptions``' settings it takes.
///
/// ```swift
/// let format = OutputFormat(fileName: "code.pdf") ?? .png
/// let bytes = try format.render(matrix, options: OutputOptions(picture: RenderOptions(scale: 4)))
/// ```
public struct OutputFormat: Sendable, Hashable, CustomStringConvertible {
    /// A setting of ``OutputOptions`` (or of ``/QRCore/RenderOptions``) that only some
    /// formats take.
    public enum Option: String, Sendable, CaseIterable {
        /// `RenderOptions.scale`: every picture; text draws a cell a module.
        case scale
        /// `RenderOptions.targetSize`: every picture.
        case targetSize
        /// ``OutputOptions/dpi``.
        case dpi
        /// ``OutputOptions/printSize``.
        case printSize
        /// ``OutputOptions/title`` and ``OutputOptions/description``.
        case titleAndDescription
    }

    /// The format's name, lower case: `png`, `svg`, ... (`qr encode --format`).
    public let name: String
    /// The file extensions that name it, lower case and without the dot; the first is the
    /// one to write. Empty for formats only written to a terminal.
    public let fileExtensions: [String]
    /// The media type to serve it as (HTTP's `Content-Type`), with a charset for text.
    public let mimeType: String
    /// Whether the file is binary: bytes a terminal should not be sent.
    public let isBinary: Bool
    /// Pixels, lengths or character cells.
    public let drawing: Drawing
    /// The colours it can draw.
    public let colourSupport: ColourSupport
    /// The settings it takes beyond the margin and colours, which every format takes.
    public let options: Set<Option>
    private let makeRenderer: @Sendable (OutputOptions) -> any Renderer

    private init<R: Renderer>(
        _ name: String, extensions: [String], mimeType: String, options: Set<Option> = [],
        renderer makeRenderer: @escaping @Sendable (OutputOptions) -> R
    ) {
        let sample = makeRenderer(OutputOptions())
        self.name = name
        self.fileExtensions = extensions
        self.mimeType = mimeType
        self.isBinary = sample.isBinary
        self.drawing = sample.drawing
        self.colourSupport = sample.colourSupport
        self.options = sample.drawing == .text ? options : options.union([.scale, .targetSize])
        self.makeRenderer = makeRenderer
    }

    /// Whether the format takes `option`.
    public func accepts(_ option: Option) -> Bool { options.contains(option) }

    /// The renderer that draws this format with `options`; its
    /// ``/QRCore/Renderer/checkColours()`` checks the colours before any symbol is made.
    public func renderer(options: OutputOptions = OutputOptions()) -> any Renderer {
        makeRenderer(options)
    }

    /// Draws `matrix` in this format.
    ///
    /// - Parameters:
    ///   - matrix: The symbol.
    ///   - options: How to draw it; settings the format does not take are not used.
    /// - Returns: The file's bytes; a text format's in UTF-8.
    /// - Throws: an `EncodeError` for options or colours the format cannot take.
    public func render(_ matrix: QRMatrix, options: OutputOptions = OutputOptions()) throws -> [UInt8] {
        try renderer(options: options).renderBytes(matrix)
    }

    /// The format of this name (``name``), in any case; nil for none.
    public init?(name: String) {
        guard let format = Self.all.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = format
    }

    /// The format that a file name's extension names, in any case (`code.PDF` is PDF);
    /// nil when it has no extension or one of no format.
    public init?(fileName: String) {
        guard let suffix = Self.fileExtension(of: fileName)?.lowercased(),
            let format = Self.all.first(where: { $0.fileExtensions.contains(suffix) })
        else { return nil }
        self = format
    }

    /// The extension of a path's last component, without the dot; nil for none (a
    /// leading dot, as in `.profile`, starts no extension).
    package static func fileExtension(of path: String) -> Substring? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return name[name.index(after: dot)...]
    }

    public var description: String { name }

    public static func == (a: OutputFormat, b: OutputFormat) -> Bool { a.name == b.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension OutputFormat {
    /// PNG, 1-bit palette (libpng).
    public static let png = OutputFormat("png", extensions: ["png"], mimeType: "image/png", options: [.dpi]) {
        PNGRenderer(options: $0.drawnPicture, dpi: $0.dpi)
    }
    /// SVG, one path for the dark modules.
    public static let svg = OutputFormat(
        "svg", extensions: ["svg"], mimeType: "image/svg+xml", options: [.printSize, .titleAndDescription]
    ) {
        SVGRenderer(options: $0.drawnPicture, title: $0.title, description: $0.description, printSize: $0.printSize)
    }
    /// PDF, one page the size of the symbol.
    public static let pdf = OutputFormat(
        "pdf", extensions: ["pdf"], mimeType: "application/pdf", options: [.dpi, .printSize]
    ) {
        PDFRenderer(options: $0.drawnPicture, dpi: $0.dpi ?? 72, printSize: $0.printSize)
    }
    /// Encapsulated PostScript.
    public static let eps = OutputFormat(
        "eps", extensions: ["eps"], mimeType: "application/postscript", options: [.dpi, .printSize]
    ) {
        EPSRenderer(options: $0.drawnPicture, dpi: $0.dpi ?? 72, printSize: $0.printSize)
    }
    /// Raw portable bitmap (P4), black and white.
    public static let pbm = OutputFormat("pbm", extensions: ["pbm"], mimeType: "image/x-portable-bitmap") {
        PBMRenderer(options: $0.drawnPicture)
    }
    /// Netpbm PAM (P7), RGB or RGB with alpha.
    public static let pam = OutputFormat("pam", extensions: ["pam"], mimeType: "image/x-portable-arbitrarymap") {
        PAMRenderer(options: $0.drawnPicture)
    }
    /// X11 bitmap, black and white.
    public static let xbm = OutputFormat("xbm", extensions: ["xbm"], mimeType: "image/x-xbitmap") {
        XBMRenderer(options: $0.drawnPicture)
    }
    /// X11 pixmap (XPM3).
    public static let xpm = OutputFormat("xpm", extensions: ["xpm"], mimeType: "image/x-xpixmap") {
        XPMRenderer(options: $0.drawnPicture)
    }
    /// Unicode half blocks in the terminal's own colours; inverted, for a light terminal.
    public static let utf8 = OutputFormat("utf8", extensions: ["txt"], mimeType: "text/plain; charset=utf-8") {
        terminal(.halfBlocks, $0)
    }
    /// Half blocks in ANSI colours: black and white, or any opaque colours.
    public static let ansi = OutputFormat("ansi", extensions: [], mimeType: "text/plain; charset=utf-8") {
        terminal(.ansi, $0)
    }
    /// ASCII art, `##` a dark module, as `qrencode -t ASCII`.
    public static let ascii = OutputFormat("ascii", extensions: [], mimeType: "text/plain; charset=us-ascii") {
        ASCIIRenderer(options: $0.drawnPicture)
    }
    /// 256-colour ANSI backgrounds, as `qrencode -t ANSI256`.
    public static let ansi256 = OutputFormat("ansi256", extensions: [], mimeType: "text/plain; charset=us-ascii") {
        ANSI256Renderer(options: $0.drawnPicture)
    }

    /// Every format, in the order `qr encode --help` lists them.
    public static let all: [OutputFormat] = [png, svg, pdf, eps, pbm, pam, xbm, xpm, utf8, ansi, ascii, ansi256]

    /// A terminal renderer swaps the colours for `inverted` itself, so it takes them as given.
    private static func terminal(_ style: TerminalRenderer.Style, _ options: OutputOptions) -> TerminalRenderer {
        TerminalRenderer(
            style: style, inverted: options.inverted, margin: options.picture.margin,
            foreground: options.picture.foreground, background: options.picture.background)
    }
}

/// Draws `matrix` in `format`: the format table's renderer, in one call.
///
/// - Parameters:
///   - matrix: The symbol.
///   - format: The output format; ``OutputFormat/init(fileName:)`` finds it from a file's name.
///   - options: How to draw it; settings the format does not take are not used.
/// - Returns: The file's bytes; a text format's in UTF-8.
/// - Throws: an `EncodeError` for options or colours the format cannot take.
///
/// ```swift
/// let matrix = try QREncoder().encode(text: "https://example.org")
/// let pdf = try QRKit.render(matrix, as: .pdf, options: OutputOptions(dpi: 300))
/// ```
public func render(_ matrix: QRMatrix, as format: OutputFormat, options: OutputOptions = OutputOptions()) throws
    -> [UInt8]
{
    try format.render(matrix, options: options)
}
