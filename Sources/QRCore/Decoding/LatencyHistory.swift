// QRKit — LatencyHistory: recent decode times per engine, for the hedged strategy.

/// Remembers how long each engine took on its recent successful decodes.
///
/// Shared by every decode of a ``QRDecoder`` (and safe to share between decoders): the
/// hedged strategy asks it which engine is usually faster and by when it usually
/// answers.
public final class LatencyHistory: Sendable {
    /// How many recent decodes per engine are kept.
    public let capacity: Int
    private let samples = Locked<[String: [Duration]]>([:])

    /// - Parameter capacity: recent successes kept per engine (at least 1).
    public init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
    }

    /// Notes that `engine` found a code in `elapsed`.
    public func recordSuccess(engine: String, elapsed: Duration) {
        samples.withLock { all in
            var list = all[engine, default: []]
            if list.count == capacity { list.removeFirst() }
            list.append(elapsed)
            all[engine] = list
        }
    }

    /// The `fraction` quantile (0...1) of the engine's recent successes; nil without history.
    public func quantile(_ fraction: Double, engine: String) -> Duration? {
        let list = samples.withLock { $0[engine] ?? [] }
        guard !list.isEmpty else { return nil }
        let sorted = list.sorted()
        let rank = Int((fraction * Double(sorted.count - 1)).rounded(.up))
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
