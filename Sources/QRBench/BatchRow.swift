// QRBench — BatchRow: one strategy's line of the batch table.
import QRCorpus
import QRKit

#if canImport(Glibc)
import Glibc
#endif

/// One strategy's figures over the corpus decoded as one batch.
public struct BatchRow: Sendable {
    /// The strategy.
    public var strategy: StrategyName
    /// Pictures read whole (labelled), or with any symbol (unlabelled).
    public var read: Int
    /// Median over the runs of the batch's wall time, per picture, in milliseconds.
    public var wallPerPicture: Double
    /// Median over the runs of the process's CPU time (every thread: engines, losers and
    /// all), per picture, in milliseconds.
    public var cpuPerPicture: Double
}
