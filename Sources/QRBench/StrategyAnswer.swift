// QRBench — StrategyAnswer: the texts one strategy read from a picture in most timed runs.
import QRCorpus

/// The texts one strategy read from a picture in most timed runs; empty for none.
public struct StrategyAnswer: Sendable, Codable, Equatable {
    public var strategy: String
    public var texts: [String]
}
