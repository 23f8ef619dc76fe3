// QRBench — BenchResult: what a bench run measured, per strategy, ready for every report.

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
    /// Pictures timed.
    public var pictures: Int
    /// Codes those pictures hold.
    public var codes: Int
    /// Total megapixels of the corpus.
    public var megapixels: Double
    /// Pictures per category.
    public var categories: [CategorySize]
    /// Pictures that could not be loaded, and why.
    public var skipped: [SkippedPicture]
    /// One entry per strategy, in the order they were asked for.
    public var strategies: [StrategyResult]

    public init(
        corpus: String, date: String, cores: Int, runs: Int, seed: UInt64, warmUp: Bool, coldCall: String, pictures: Int,
        codes: Int, megapixels: Double, categories: [CategorySize], skipped: [SkippedPicture],
        strategies: [StrategyResult]
    ) {
        self.corpus = corpus
        self.date = date
        self.cores = cores
        self.runs = runs
        self.seed = seed
        self.warmUp = warmUp
        self.coldCall = coldCall
        self.pictures = pictures
        self.codes = codes
        self.megapixels = megapixels
        self.categories = categories
        self.skipped = skipped
        self.strategies = strategies
    }
}

/// How many pictures a category holds.
public struct CategorySize: Sendable, Codable, Equatable {
    public var name: String
    public var pictures: Int
}

/// One strategy's results over the timed runs.
///
/// Counts of reads are means over the timed runs (a race can answer a picture with
/// several codes differently from run to run); timings cover every timed decode.
public struct StrategyResult: Sendable, Codable {
    /// The strategy's name, as `--strategies` takes it.
    public var name: String
    /// Pictures whose every code was read.
    public var fullyRead: Double
    /// Codes read (an expected payload that some symbol gave).
    public var codesRead: Double
    /// Symbols whose payload matched none of the picture's expected payloads.
    public var wrongReads: Double
    /// Expected codes not read.
    public var missedCodes: Double
    /// Decodes in which every engine failed with an error.
    public var engineErrors: Int
    /// Time to the answer, milliseconds, over every timed decode.
    public var latency: LatencySummary?
    /// CPU time per picture, milliseconds: every engine's thread, race losers included.
    public var cpuPerPicture: Double?
    /// The first decode of a fresh decoder (new engines, empty history), milliseconds;
    /// see ``BenchResult/coldCall`` for where it ran.
    public var coldMilliseconds: Double?
    /// Least-squares line of latency (ms) against picture size (megapixels).
    public var costBySize: LinearFit?
    /// Pictures fully read per category.
    public var categories: [CategoryScore]
    /// Per picture: size, mean latency, how often fully read.
    public var perPicture: [PictureResult]

    public init(
        name: String, fullyRead: Double, codesRead: Double, wrongReads: Double, missedCodes: Double,
        engineErrors: Int, latency: LatencySummary?, cpuPerPicture: Double?, coldMilliseconds: Double?,
        costBySize: LinearFit?, categories: [CategoryScore], perPicture: [PictureResult]
    ) {
        self.name = name
        self.fullyRead = fullyRead
        self.codesRead = codesRead
        self.wrongReads = wrongReads
        self.missedCodes = missedCodes
        self.engineErrors = engineErrors
        self.latency = latency
        self.cpuPerPicture = cpuPerPicture
        self.coldMilliseconds = coldMilliseconds
        self.costBySize = costBySize
        self.categories = categories
        self.perPicture = perPicture
    }
}

/// Pictures of one category a strategy read fully (mean over the timed runs).
public struct CategoryScore: Sendable, Codable, Equatable {
    public var category: String
    public var pictures: Int
    public var fullyRead: Double
}

/// One picture's results for one strategy.
public struct PictureResult: Sendable, Codable, Equatable {
    public var name: String
    public var category: String
    public var megapixels: Double
    /// Mean time to the answer over the timed runs, milliseconds.
    public var meanLatency: Double
    /// Timed runs in which every code was read.
    public var fullyReadRuns: Int
    /// Wrong symbols over all timed runs.
    public var wrongReads: Int
}
