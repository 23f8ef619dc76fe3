// QRBench — BenchResult: what a bench run measured, per strategy, ready for every report.
import QRCorpus

/// Everything a bench run measured; the reports (Markdown, JSON, CSV, SVG) all read it.
public struct BenchResult: Sendable, Codable {
    /// The corpus folder.
    public var corpus: String
    /// When the run finished, ISO 8601 (UTC).
    public var date: String
    /// Processor cores the machine offers.
    public var cores: Int
    /// Timed passes over the corpus per strategy.
    public var runs: Int
    /// The seed that fixed the order of pictures.
    public var seed: UInt64
    /// Whether an untimed warm-up pass came first.
    public var warmUp: Bool
    /// Where the cold first calls were timed: `fresh process` or `in process`.
    public var coldCall: String
    /// Pictures timed, labelled and unlabelled.
    public var pictures: Int
    /// Of those, pictures without an expected text: scored by agreement, not correctness.
    public var unlabelled: Int
    /// Codes those pictures hold.
    public var codes: Int
    /// Total megapixels of the corpus.
    public var megapixels: Double
    /// Labelled pictures per category.
    public var categories: [CategorySize]
    /// Pictures that could not be loaded, and why.
    public var skipped: [SkippedPicture]
    /// One entry per strategy, in the order they were asked for.
    public var strategies: [StrategyResult]
    /// How the strategies agree on the unlabelled pictures; nil when there are none.
    public var agreement: AgreementSummary?
    /// Other readers run as whole processes over the same pictures (`--peers`), in the
    /// strategies' form; empty when none ran. ``StrategyResult/command`` says how each ran.
    public var peers: [StrategyResult]

    /// Labelled pictures timed: those the read, codes, wrong and missed figures count.
    public var labelled: Int { pictures - unlabelled }

    public init(
        corpus: String, date: String, cores: Int, runs: Int, seed: UInt64, warmUp: Bool, coldCall: String,
        pictures: Int,
        unlabelled: Int = 0, codes: Int, megapixels: Double, categories: [CategorySize], skipped: [SkippedPicture],
        strategies: [StrategyResult], agreement: AgreementSummary? = nil, peers: [StrategyResult] = []
    ) {
        self.corpus = corpus
        self.date = date
        self.cores = cores
        self.runs = runs
        self.seed = seed
        self.warmUp = warmUp
        self.coldCall = coldCall
        self.pictures = pictures
        self.unlabelled = unlabelled
        self.codes = codes
        self.megapixels = megapixels
        self.categories = categories
        self.skipped = skipped
        self.strategies = strategies
        self.agreement = agreement
        self.peers = peers
    }
}
