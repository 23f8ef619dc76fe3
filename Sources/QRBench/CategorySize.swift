// QRBench — CategorySize: how many pictures a category of the corpus holds.
import QRCorpus

/// How many pictures a category holds.
public struct CategorySize: Sendable, Codable, Equatable {
    public var name: String
    public var pictures: Int
}
