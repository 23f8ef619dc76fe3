// QRKit — ErrorCorrectionLevel: how much of a symbol may be damaged and still read (L, M, Q, H).
/// How much of a symbol may be damaged and still read back.
///
/// Higher levels spend more of the symbol on error correction, so the same payload
/// needs a larger version. Micro QR has no level H, and M1 has error detection only
/// (reported as `.l`).
public enum ErrorCorrectionLevel: String, Sendable, CaseIterable, Comparable {
    /// About 7% of codewords can be restored.
    case l = "L"
    /// About 15% of codewords can be restored.
    case m = "M"
    /// About 25% of codewords can be restored.
    case q = "Q"
    /// About 30% of codewords can be restored.
    case h = "H"

    /// The levels in increasing strength.
    var rank: Int {
        switch self {
        case .l: 0
        case .m: 1
        case .q: 2
        case .h: 3
        }
    }

    /// The smallest Micro QR version with this level: M1 has L only, M2–M3 add M, M4
    /// adds Q.
    package var lowestMicroVersion: Int {
        switch self {
        case .l: 1
        case .m: 2
        case .q, .h: 4
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
