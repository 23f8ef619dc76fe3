// qr encode — FormatArgument: `-t`/`--format`, a format by its name or by qrencode's.
import ArgumentParser

/// `-t`/`--format`: a format by its name, or by qrencode's.
struct FormatArgument: ExpressibleByArgument, Equatable {
    var format: OutputFormat
    /// Drawn inverted, as qrencode's `UTF8i` and `ASCIIi`.
    var inverted = false

    init(format: OutputFormat, inverted: Bool = false) {
        self.format = format
        self.inverted = inverted
    }

    init?(argument: String) {
        if let format = OutputFormat(argument: argument) {
            self.init(format: format)
        } else if let (format, inverted) = OutputFormat.qrencodeName(argument) {
            self.init(format: format, inverted: inverted)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { OutputFormat.allValueStrings }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
