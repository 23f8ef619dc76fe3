// QRKit — DecodeStrategy: how several engines are combined for one picture.

/// How long a hedged strategy waits before it starts the next engine.
public enum HedgeDelay: Sendable, Equatable {
    /// The 90th percentile of the first engine's recent successful decodes (the time by
    /// which it usually has an answer); `fallback` until it has a history.
    case recentP90(fallback: Duration)
    /// A fixed delay.
    case fixed(Duration)

    /// The default: recent p90, 10 ms before there is a history.
    public static let `default` = HedgeDelay.recentP90(fallback: .milliseconds(10))
}

/// How a ``QRDecoder`` combines engines. Every strategy works for any list of engines.
///
///     QRDecoder(strategy: .race([ZBarEngine(), ZXingEngine()]))
public enum DecodeStrategy: Sendable {
    /// One engine alone.
    case single(any DecodeEngine)
    /// Plan A: each engine in turn; the next only if the one before found nothing.
    case sequential([any DecodeEngine])
    /// Plan B: every engine at once; wait for all, merge, drop repeated reads.
    case all([any DecodeEngine])
    /// Plan C: every engine at once; the first that finds a code wins and is returned at
    /// once (the others are told to stop); if none finds one, return when all are done.
    case race([any DecodeEngine])
    /// Start the engine that is usually faster; start the next only if there is no
    /// success within the hedge delay (or the first finds nothing); first success wins.
    case hedged([any DecodeEngine], delay: HedgeDelay = .default)

    /// The engines, in the order given.
    public var engines: [any DecodeEngine] {
        switch self {
        case .single(let engine): return [engine]
        case .sequential(let e), .all(let e), .race(let e), .hedged(let e, _): return e
        }
    }

    /// A short name for reports: `single`, `sequential`, `all`, `race`, `hedged`.
    public var name: String {
        switch self {
        case .single: return "single"
        case .sequential: return "sequential"
        case .all: return "all"
        case .race: return "race"
        case .hedged: return "hedged"
        }
    }
}
