// QRBench — BenchOptions: what a bench run times, how often, and how.
import Dispatch
import FoundationEssentials
import QRCorpus
import QRKit

/// What a bench run measures and how.
public struct BenchOptions: Sendable {
    /// The strategies to compare, in report order.
    public var strategies: [StrategyName]
    /// Timed passes over the corpus, at least 1.
    public var runs: Int
    /// Fixes the order of pictures in each pass (shuffled, the same for every strategy).
    public var seed: UInt64
    /// Run one untimed pass first (warms caches; the hedged strategy learns its delay).
    public var warmUp: Bool
    /// Give up on a picture after this long; nil for no limit.
    public var timeout: Duration?
    /// Times a strategy's cold first call on a picture (its path) in a fresh process and
    /// returns milliseconds, or nil when it could not; the median of five is kept.
    /// Without it the cold call is timed in this process, where the first strategy also
    /// pays the libraries' one-time set-up.
    public var coldProbe: (@Sendable (StrategyName, String) -> Double?)?
    /// Other readers to run as whole processes, one a picture, in the same passes as the
    /// strategies (and the warm-up); they run only with a ``launcher``.
    public var peers: [PeerTool]
    /// Starts the peers' processes.
    public var launcher: ProcessLauncher?

    /// - Parameters: see the properties; by default every strategy, 5 runs, seed 1, a
    ///   warm-up, no peers.
    public init(
        strategies: [StrategyName] = StrategyName.allCases, runs: Int = 5, seed: UInt64 = 1,
        warmUp: Bool = true, timeout: Duration? = nil, coldProbe: (@Sendable (StrategyName, String) -> Double?)? = nil,
        peers: [PeerTool] = [], launcher: ProcessLauncher? = nil
    ) {
        self.strategies = strategies
        self.runs = max(1, runs)
        self.seed = seed
        self.warmUp = warmUp
        self.timeout = timeout
        self.coldProbe = coldProbe
        self.peers = launcher == nil ? [] : peers
        self.launcher = launcher
    }
}
