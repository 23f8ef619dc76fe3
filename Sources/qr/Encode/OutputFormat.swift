// qr encode — OutputFormat: the formats a symbol is written in.
import ArgumentParser

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case png, svg, pdf, eps, pbm, pam, xbm, xpm, utf8, ansi, ascii, ansi256

    /// Any case, as qrencode's `-t PNG` is written.
    init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    /// qrencode's `-t` names, any case, for the formats they match: a trailing `i` is
    /// qrencode's inverted drawing (``PictureSettings/invert``).
    static func qrencodeName(_ name: String) -> (format: OutputFormat, inverted: Bool)? {
        switch name.lowercased() {
        case "png32": (.png, false)
        case "utf8i": (.utf8, true)
        case "asciii": (.ascii, true)
        case "ansiutf8", "ansi256utf8": (.ansi, false)
        case "ansiutf8i": (.ansi, true)
        default: nil
        }
    }

    /// Bytes a terminal should not be sent.
    var isBinary: Bool { [.png, .pdf, .pbm, .pam].contains(self) }

    /// Drawn in text for a terminal; several symbols go one after another.
    var isTerminalArt: Bool { [.utf8, .ansi, .ascii, .ansi256].contains(self) }
}
