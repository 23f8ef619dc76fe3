// QRBench — BenchProgress: how far a bench run has got, for a progress bar.
import Dispatch
import FoundationEssentials
import QRCorpus
import QRKit

/// Where a run is, for a progress bar.
public struct BenchProgress: Sendable {
    /// Decodes done.
    public var done: Int
    /// Decodes in the whole run.
    public var total: Int
    /// What is running: `cold`, `warm-up` or `run 2/5`.
    public var phase: String

    public init(done: Int, total: Int, phase: String) {
        self.done = done
        self.total = total
        self.phase = phase
    }
}
