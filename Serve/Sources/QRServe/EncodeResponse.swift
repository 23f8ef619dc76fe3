// qr-serve — EncodeResponse: each output format's renderer and media type, the one table the server draws with.
import QRKit

/// An output format /encode draws: the library's renderers, named as `qr encode --format`
/// names them. The one place that maps a format to its renderer and media type, so that a
/// table of the library's can take its place whole.
enum EncodeFormat: String, CaseIterable, Sendable {
    case png, svg, pdf, eps, pbm, pam, xbm, xpm, ascii, utf8

    /// The `Content-Type` of an answer in this format.
    var mediaType: String {
        switch self {
        case .png: "image/png"
        case .svg: "image/svg+xml"
        case .pdf: "application/pdf"
        case .eps: "application/postscript"
        case .pbm: "image/x-portable-bitmap"
        case .pam: "image/x-portable-arbitrarymap"
        case .xbm: "image/x-xbitmap"
        case .xpm: "image/x-xpixmap"
        case .ascii, .utf8: "text/plain; charset=utf-8"
        }
    }

    /// Checks what this format cannot draw of `picture`'s colours, before any symbol is made.
    func checkColours(_ picture: PictureRequest) throws {
        let options = picture.options
        switch self {
        case .pbm: try PBMRenderer(options: options).checkColours()
        case .xbm: try XBMRenderer(options: options).checkColours()
        case .ascii: try ASCIIRenderer(options: options).checkColours()
        case .eps: try EPSRenderer(options: options).checkColours()
        case .xpm: try XPMRenderer(options: options).checkColours()
        case .utf8: try terminalRenderer(picture).checkColours()
        case .png, .svg, .pdf, .pam: break
        }
        if self == .svg { try SVGRenderer(title: picture.title, description: picture.description).checkTexts() }
    }

    /// The bytes of `matrix` drawn in this format.
    func render(_ matrix: QRMatrix, _ picture: PictureRequest) throws -> [UInt8] {
        let options = picture.options
        switch self {
        case .png: return try PNGRenderer(options: options, dpi: picture.dpi).render(matrix)
        case .svg:
            let renderer = SVGRenderer(options: options, title: picture.title, description: picture.description)
            return Array(try renderer.render(matrix).utf8)
        case .pdf: return try PDFRenderer(options: options, dpi: picture.dpi ?? 72).render(matrix)
        case .eps: return Array(try EPSRenderer(options: options, dpi: picture.dpi ?? 72).render(matrix).utf8)
        case .pbm: return try PBMRenderer(options: options).render(matrix)
        case .pam: return try PAMRenderer(options: options).render(matrix)
        case .xbm: return Array(try XBMRenderer(options: options).render(matrix).utf8)
        case .xpm: return Array(try XPMRenderer(options: options).render(matrix).utf8)
        case .ascii: return Array(try ASCIIRenderer(options: options).render(matrix).utf8)
        case .utf8: return Array(try terminalRenderer(picture).render(matrix).utf8)
        }
    }

    /// Half blocks in the colours asked for: the renderer swaps them for `invert` itself.
    private func terminalRenderer(_ picture: PictureRequest) -> TerminalRenderer {
        let options = picture.options
        let (dark, light) =
            picture.invert ? (options.background, options.foreground) : (options.foreground, options.background)
        return TerminalRenderer(
            style: .halfBlocks, inverted: picture.invert, margin: options.margin, foreground: dark, background: light)
    }
}
