// qr-serve — EncodeResponse: the formats /encode draws, from the library's table of output formats.
import QRKit

/// The output formats /encode draws: rows of the library's table (``QRKit/OutputFormat``),
/// which gives each one's renderer, media type and the settings it takes. The terminal
/// formats with escape codes (`ansi`, `ansi256`) are left out: an HTTP client is no
/// terminal.
enum EncodeFormats {
    static let served: [OutputFormat] = [.png, .svg, .pdf, .eps, .pbm, .pam, .xbm, .xpm, .ascii, .utf8]

    /// The served format of this name, in any case; nil for none.
    static func named(_ name: String) -> OutputFormat? {
        OutputFormat(name: name).flatMap { format in served.contains(format) ? format : nil }
    }

    /// The names of the served formats that take `option`, as a refusal lists them.
    static func names(taking option: OutputFormat.Option) -> String {
        served.filter { $0.accepts(option) }.map(\.name).spokenList(joinedBy: "and")
    }
}
