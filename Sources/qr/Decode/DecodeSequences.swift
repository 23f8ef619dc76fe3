// qr decode — structured append: what is said about split messages, on stderr and in JSON.
import FoundationEssentials
import QRKit

/// A structured-append part held back by `--join`, and where it was read.
struct SequencePart: Sendable {
    /// The input's name.
    var file: PathName
    /// Its place in that input's symbols (the JSON `symbols` array).
    var position: Int
    var symbol: Symbol

    /// Where each symbol of `parts` was read (the first place, for a part read twice).
    static func origins(_ parts: [SequencePart]) -> [Symbol: SequencePart] {
        Dictionary(parts.map { ($0.symbol, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// The stderr lines about messages that could not be joined, escaped for a terminal (the
/// file names they hold as names, the rest is ASCII).
enum SequenceText {
    /// Why `sequence` was not joined: the indexes missing, or the parity that failed.
    /// `origins` (with --join) say where each part was read.
    static func problem(_ sequence: StructuredAppendSequence, origins: [Symbol: SequencePart]) -> String {
        let message = "structured-append message of \(sequence.count) parts (parity \(sequence.parity))"
        let found = sequence.parts.enumerated().compactMap { index, part -> String? in
            guard let part, let origin = origins[part] else { return nil }
            return "index \(index) in \(origin.file.terminal)"
        }
        let foundText = found.isEmpty ? "" : "; found " + found.joined(separator: ", ")
        switch sequence.status {
        case .joined:
            return "\(message): joined"
        case .incomplete(let missing):
            let names = missing.map { "\($0) (part \($0 + 1) of \(sequence.count))" }
            let noun = missing.count == 1 ? "index" : "indexes"
            return "\(message) is incomplete: missing \(noun) \(names.joined(separator: ", "))\(foundText)"
        case .parityMismatch(let computed):
            // Parts of two messages that share count and parity, or an encoder that
            // computes parity its own way: either way the bytes are not one message.
            return "\(message): the parts' bytes give parity \(computed); not joined"
                + (origins.isEmpty ? ", its parts are printed one by one" : "") + foundText
        }
    }

    /// Parts of `sequence` printed one by one, as its other parts are not in the picture.
    static func unjoined(_ sequence: StructuredAppendSequence) -> String {
        let found = sequence.parts.indices.filter { sequence.parts[$0] != nil }.map { "\($0 + 1)" }
        let parts = found.count == 1 ? "part \(found[0])" : "parts " + found.joined(separator: ", ")
        return "\(parts) of \(sequence.count) of a split code; give every part with --join to join them"
    }

    /// A part whose position its engine could not read.
    static func unplaced(file: PathName) -> String {
        "\(file.terminal): a structured-append part whose position could not be read; not joined"
    }
}
