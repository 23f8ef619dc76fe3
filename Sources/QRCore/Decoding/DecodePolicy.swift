// QRKit — DecodePolicy: what a strategy decides, and what it is told of a decode to decide it.

/// The rules of a strategy, over the passes of its engines: which engines start, what
/// follows a miss, and when the answer is final. A ``DecodeExecutor`` runs the passes;
/// a policy only answers its questions, so one run of passes serves every strategy, for
/// one picture or a batch.
///
/// An engine that *misses* ran out of passes without a code, failed, or found only a
/// provisional answer: a structured-append part it could not place, or part of a picture
/// that shows more codes than it read (see ``QRDecoder``). Only a complete answer wins.
///
///     struct ZBarOnlyOnMiss: DecodePolicy {
///         let name = "zbar-on-miss"
///         func enginesToStart(of count: Int) -> [Int] { [0] }
///         func enginesAfterMiss(of engine: Int, in decode: DecodeProgress) -> [Int] {
///             decode.waiting.prefix(1).map { $0 }
///         }
///         func isFinal(_ decode: DecodeProgress) -> Bool { decode.winner != nil }
///     }
public protocol DecodePolicy: Sendable {
    /// A short name, used in reports.
    var name: String { get }

    /// The engines in the order the policy takes them; as given by default.
    func runningOrder(_ engines: [any DecodeEngine], history: LatencyHistory) -> [any DecodeEngine]

    /// The engines (indices in running order) whose first pass is queued when the decode
    /// starts; the first of them runs on a blocking caller's thread.
    func enginesToStart(of count: Int) -> [Int]

    /// How long after the start the engines not yet started are started, whatever has
    /// happened; nil (the default) for never.
    func startDelay(first engine: String, history: LatencyHistory) -> Duration?

    /// The engines to start now that `engine` has missed; none by default.
    func enginesAfterMiss(of engine: Int, in decode: DecodeProgress) -> [Int]

    /// Whether the answer is final as `decode` stands: the passes still queued are then
    /// dropped, and the engines running stop at their next pass boundary. A decode with
    /// nothing left to run is answered whatever this says.
    func isFinal(_ decode: DecodeProgress) -> Bool

    /// Whether the answer is every engine's reads merged, rather than the winner's alone;
    /// false by default.
    var mergesEveryAnswer: Bool { get }

    /// Whether an engine's passes rank behind every pass of the engines before it, as for
    /// engines that run in turn; false by default (each engine's first pass ranks with the
    /// others' first passes).
    var ranksInTurn: Bool { get }
}

extension DecodePolicy {
    public func runningOrder(_ engines: [any DecodeEngine], history: LatencyHistory) -> [any DecodeEngine] {
        engines
    }
    public func startDelay(first engine: String, history: LatencyHistory) -> Duration? { nil }
    public func enginesAfterMiss(of engine: Int, in decode: DecodeProgress) -> [Int] { [] }
    public var mergesEveryAnswer: Bool { false }
    public var ranksInTurn: Bool { false }
}
