// QRKit — DecodeError: why a decode gave no answer other than finding nothing.
import Synchronization

/// Why a decode did not give an answer.
public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The engine stopped at a pass boundary because its answer was no longer wanted.
    case cancelled
    /// The engine's library failed.
    case engineFailure(engine: String, reason: String)
    /// Every engine of the strategy failed; the reasons, one per engine.
    case allEnginesFailed([String])

    public var description: String {
        switch self {
        case .cancelled: return "cancelled"
        case .engineFailure(let engine, let reason): return "\(engine) failed: \(reason)"
        case .allEnginesFailed(let reasons): return "every engine failed: " + reasons.joined(separator: "; ")
        }
    }
}
