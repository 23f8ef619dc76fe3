// QRKit — HedgeDelay: how long a hedged decode waits before starting the next engine.
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
