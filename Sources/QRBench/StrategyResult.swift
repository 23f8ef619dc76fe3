// QRBench — StrategyResult: what one strategy (or peer) read and what it cost over a corpus.
import QRCorpus

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
