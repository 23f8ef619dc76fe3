// QRBench — CategoryScore: the pictures of one category a strategy read fully.
import QRCorpus

/// Pictures of one category a strategy read fully (mean over the timed runs).
public struct CategoryScore: Sendable, Codable, Equatable {
    public var category: String
    public var pictures: Int
    public var fullyRead: Double
}
