// qr decode — SequenceJSON: a split message's parts, found and missing, in JSON.
import FoundationEssentials
import QRKit

/// One structured-append message in `--json` output.
struct SequenceJSON: Encodable {
    var count: Int
    var parity: Int
    /// `joined`, `incomplete` or `parity-mismatch`.
    var status: String
    /// Indexes (from 0) of the parts not found.
    var missing: [Int]
    /// With `parity-mismatch`: the XOR of the parts' bytes.
    var computed_parity: Int?
    /// By index: where each part was read; null where it is missing.
    var parts: [PartJSON?]
    /// The joined message; absent unless joined.
    var text: String?
    var bytes: String?

    init(_ sequence: StructuredAppendSequence, locate: (Symbol) -> (PathName?, Int)?) {
        count = sequence.count
        parity = Int(sequence.parity)
        missing = sequence.missingIndexes
        switch sequence.status {
        case .joined: status = "joined"
        case .incomplete: status = "incomplete"
        case .parityMismatch(let computed):
            status = "parity-mismatch"
            computed_parity = Int(computed)
        }
        parts = sequence.parts.map { part in
            part.flatMap(locate).map { PartJSON(file: $0.0, symbol: $0.1) }
        }
        text = sequence.payload?.text
        bytes = sequence.payload.map { Data($0.bytes).base64EncodedString() }
    }
}
