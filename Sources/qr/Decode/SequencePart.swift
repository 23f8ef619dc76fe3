// qr decode — SequencePart: one part of a split message, as found in one input.
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
