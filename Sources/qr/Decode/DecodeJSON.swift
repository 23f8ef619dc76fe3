// qr decode — DecodeJSON: `--json`'s lines for the names of `qr decode`.
import QRKit

/// `--json`'s lines (``QRKit/DecodeJSON``, which qr-serve answers in too) for the names of `qr decode`.
extension DecodeJSON {
    static func line(
        file: PathName, report: DecodeReport?, sequences: [StructuredAppendSequence]? = nil, error: String?
    ) -> String {
        line(file: file.jsonName, report: report, sequences: sequences, error: error)
    }

    /// The last line of `--join --json`: every message of every input.
    static func sequencesLine(_ join: StructuredAppendJoin, origins: [Symbol: SequencePart]) -> String {
        sequencesLine(join) { symbol in origins[symbol].map { ($0.file.jsonName, $0.position) } }
    }
}
