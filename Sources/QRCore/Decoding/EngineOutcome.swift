// QRKit — EngineOutcome: how one engine's part in a decode ended.
/// How one engine's part in a decode ended.
public enum EngineOutcome: Sendable, Equatable {
    /// It found this many symbols.
    case found(Int)
    /// It ran all its passes and found nothing.
    case none
    /// It stopped at a pass boundary because the answer was no longer wanted.
    case cancelled
    /// Its library failed.
    case error(String)
    /// It was still running when the answer was returned.
    case running
    /// It was never started (a sequential or hedged strategy had its answer before).
    case notStarted

    /// A one-word label for tables and JSON: `found`, `none`, `cancelled`, `error`,
    /// `running`, `not-started`.
    public var label: String {
        switch self {
        case .found: return "found"
        case .none: return "none"
        case .cancelled: return "cancelled"
        case .error: return "error"
        case .running: return "running"
        case .notStarted: return "not-started"
        }
    }
}
