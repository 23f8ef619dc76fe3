// QRBench — PictureResult: one picture's results for one strategy.
import QRCorpus

/// One picture's results for one strategy.
public struct PictureResult: Sendable, Codable, Equatable {
    public var name: String
    public var category: String
    public var megapixels: Double
    /// Mean time to the answer over the timed runs, milliseconds.
    public var meanLatency: Double
    /// Timed runs in which every code was read; for an unlabelled picture, runs in
    /// which some symbol was found.
    public var fullyReadRuns: Int
    /// Wrong symbols over all timed runs (0 for an unlabelled picture: nothing to be wrong against).
    public var wrongReads: Int
    /// False for an unlabelled picture; absent (nil) for a labelled one.
    public var labelled: Bool? = nil
    /// For an unlabelled picture, the texts read in most timed runs.
    public var texts: [String]? = nil
}
