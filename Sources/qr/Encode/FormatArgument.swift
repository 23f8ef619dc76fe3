// qr encode — FormatArgument: `-t`/`--format`, a format by its name or by qrencode's.
import ArgumentParser
import QRKit

/// `-t`/`--format`: a format of the library's table by its name, any case, or by qrencode's.
struct FormatArgument: ExpressibleByArgument, Equatable {
    var format: OutputFormat
    /// Drawn inverted, as qrencode's `UTF8i` and `ASCIIi`.
    var inverted = false

    init(format: OutputFormat, inverted: Bool = false) {
        self.format = format
        self.inverted = inverted
    }

    init?(argument: String) {
        if let format = OutputFormat(name: argument) {
            self.init(format: format)
        } else if let (format, inverted) = Self.qrencodeNames[argument.lowercased()] {
            self.init(format: format, inverted: inverted)
        } else {
            return nil
        }
    }

    /// qrencode's `-t` names, lower case, for the formats they match: a trailing `i` is
    /// qrencode's inverted drawing (``PictureSettings/invert``).
    static let qrencodeNames: [String: (format: OutputFormat, inverted: Bool)] = [
        "png32": (.png, false), "utf8i": (.utf8, true), "asciii": (.ascii, true), "ansiutf8": (.ansi, false),
        "ansi256utf8": (.ansi, false), "ansiutf8i": (.ansi, true),
    ]

    static var allValueStrings: [String] { OutputFormat.all.map(\.name) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
