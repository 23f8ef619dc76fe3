// QRKit — DecodeReport: what a decode found, which engine won, and how long each took.

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

/// One engine's timing in a decode.
public struct EngineReport: Sendable, Equatable {
    /// The engine's name.
    public var name: String
    /// When the engine started, after the decode started; nil when never started.
    public var startOffset: Duration?
    /// How long it ran; nil while still running or never started.
    public var elapsed: Duration?
    /// CPU time its thread spent; nil while still running or never started.
    public var cpuTime: Duration?
    /// How it ended.
    public var outcome: EngineOutcome
}

/// The result of decoding one picture.
public struct DecodeReport: Sendable {
    /// The strategy's name.
    public var strategy: String
    /// The codes found; empty when none.
    public var symbols: [Symbol]
    /// The engine whose answer was returned; nil when no engine found a code.
    public var winner: String?
    /// From the start of the decode to the answer (monotonic clock).
    public var elapsed: Duration
    /// Every engine of the strategy, in the order given.
    public var engines: [EngineReport]
    /// True when the overall timeout returned the answer.
    public var timedOut: Bool
}

extension Duration {
    /// The duration in milliseconds, as a floating-point number.
    public var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
