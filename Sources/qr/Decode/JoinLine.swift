// qr decode — JoinLine: a joined message as one JSON line (--join --json).
import FoundationEssentials
import QRKit

/// The last line of `--join --json`.
struct JoinLine: Encodable {
    var sequences: [SequenceJSON]
    /// Parts whose position could not be read; absent when none.
    var unplaced: [PartJSON]?
}
