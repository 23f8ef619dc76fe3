// QRKit — HedgedPolicy: the usually faster engine, the others after a delay.

/// The engine that is usually faster (the lowest recent median success time) first; the
/// others once it has missed or the hedge delay has passed; the first complete answer is
/// final. Race latency at nearly sequential CPU.
public struct HedgedPolicy: DecodePolicy {
    public let name = "hedged"
    /// How long the first engine runs alone.
    public var delay: HedgeDelay

    public init(delay: HedgeDelay = .default) {
        self.delay = delay
    }

    public func runningOrder(_ engines: [any DecodeEngine], history: LatencyHistory) -> [any DecodeEngine] {
        engines.enumerated().sorted { a, b in
            let ma = history.quantile(0.5, engine: a.element.name)
            let mb = history.quantile(0.5, engine: b.element.name)
            if let ma, let mb, ma != mb { return ma < mb }
            if (ma == nil) != (mb == nil) { return ma != nil }
            return a.offset < b.offset
        }.map(\.element)
    }

    public func enginesToStart(of count: Int) -> [Int] { Array((0..<count).prefix(1)) }

    public func startDelay(first engine: String, history: LatencyHistory) -> Duration? {
        if case .fixed(let fixed) = delay { return fixed }
        if case .recentP90(let fallback) = delay { return history.quantile(0.9, engine: engine) ?? fallback }
        return nil
    }

    public func enginesAfterMiss(of engine: Int, in decode: DecodeProgress) -> [Int] {
        Array(decode.waiting.prefix(1))
    }

    public func isFinal(_ decode: DecodeProgress) -> Bool { decode.winner != nil }
}
