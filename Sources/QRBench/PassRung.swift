// QRBench — PassRung: one rung of the pass ladder, an engine limited to its first passes.
import QRCorpus
import QRKit

/// One rung of a pass ladder: an engine (or the race) with its first passes only.
public struct PassRung: Sendable, Codable {
    /// The engine, or `race` for the race of both engines.
    public var engine: String
    /// The passes run, in order.
    public var passes: [String]
    /// Pictures fully read (mean over the timed runs).
    public var fullyRead: Double
    /// Wrong reads (mean over the timed runs).
    public var wrongReads: Double
    /// Median milliseconds to the answer on the pictures the first rung reads: the cost
    /// the later passes add where they are not needed (they should add none).
    public var medianOnFirstRungReads: Double?
    /// Mean milliseconds on the other pictures: the cost of the later passes where they
    /// run (the pictures that need them, and the ones no pass reads).
    public var meanOnTheRest: Double?
}
