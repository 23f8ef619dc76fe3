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

/// How the strategies' answers compare on the unlabelled pictures, where there is no
/// expected text to score against.
///
/// A strategy's answer on a picture is the set of texts it gave in most timed runs
/// (empty when it found no symbol). Each picture falls in exactly one class.
public struct AgreementSummary: Sendable, Codable, Equatable {
    /// Unlabelled pictures timed.
    public var pictures: Int
    /// Every strategy read the same texts.
    public var readAlike: Int
    /// No strategy found a symbol.
    public var readByNone: Int
    /// Some strategies found a symbol and others none; those that read agree.
    public var readBySome: Int
    /// Two strategies read different texts.
    public var differentTexts: Int
    /// The pictures of the last two classes, each strategy's answer on each.
    public var disagreements: [PictureAgreement]

    public init(
        pictures: Int, readAlike: Int, readByNone: Int, readBySome: Int, differentTexts: Int,
        disagreements: [PictureAgreement]
    ) {
        self.pictures = pictures
        self.readAlike = readAlike
        self.readByNone = readByNone
        self.readBySome = readBySome
        self.differentTexts = differentTexts
        self.disagreements = disagreements
    }
}

/// One unlabelled picture the strategies disagree on, or a peer disagrees with them on.
public struct PictureAgreement: Sendable, Codable, Equatable {
    /// What kind of disagreement it is.
    public enum Kind: String, Sendable, Codable {
        /// Some strategies found a symbol, others none.
        case readBySome = "read by some"
        /// Two strategies read different texts.
        case differentTexts = "different texts"
        /// The strategies agree, but a peer (a whole process) read texts that differ
        /// from theirs.
        case processReadOtherwise = "a process read otherwise"
    }

    /// The path below the corpus folder.
    public var name: String
    public var kind: Kind
    /// Each strategy's answer, in the strategies' order, then each peer's (named
    /// `NAME (process)`) when there are peers.
    public var answers: [StrategyAnswer]
}

/// The texts one strategy read from a picture in most timed runs; empty for none.
public struct StrategyAnswer: Sendable, Codable, Equatable {
    public var strategy: String
    public var texts: [String]
}

/// How many pictures a category holds.
public struct CategorySize: Sendable, Codable, Equatable {
    public var name: String
    public var pictures: Int
}

/// One strategy's results over the timed runs, or a peer program's (``command`` set).
///
/// Counts of reads are means over the timed runs (a race can answer a picture with
/// several codes differently from run to run); timings cover every timed decode. For a
/// peer, a decode is one whole process: its time runs from start to exit, its CPU is the
/// process's user and system time, and it has no cold call.
public struct StrategyResult: Sendable, Codable {
    /// The strategy's name, as `--strategies` takes it; a peer's program name.
    public var name: String
    /// For a peer, the command run once per picture (`ZXingReader -format QRCode FILE`);
    /// nil for a strategy.
    public var command: String?
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
    /// Unlabelled pictures where some symbol was found (mean over the timed runs); nil
    /// when the corpus has no unlabelled pictures.
    public var unlabelledRead: Double?
    /// Unlabelled pictures where this strategy found nothing and another strategy found a
    /// symbol (for a peer: where some strategy found one); nil with no unlabelled pictures.
    public var missedWhereOthersRead: Int?
    /// Unlabelled pictures where this strategy read texts that differ from another
    /// strategy's (both found something; for a peer, any strategy's); nil with no
    /// unlabelled pictures.
    public var conflicts: Int?

    public init(
        name: String, fullyRead: Double, codesRead: Double, wrongReads: Double, missedCodes: Double,
        engineErrors: Int, latency: LatencySummary?, cpuPerPicture: Double?, coldMilliseconds: Double?,
        costBySize: LinearFit?, categories: [CategoryScore], perPicture: [PictureResult],
        unlabelledRead: Double? = nil, missedWhereOthersRead: Int? = nil, conflicts: Int? = nil, command: String? = nil
    ) {
        self.name = name
        self.command = command
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
        self.unlabelledRead = unlabelledRead
        self.missedWhereOthersRead = missedWhereOthersRead
        self.conflicts = conflicts
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
