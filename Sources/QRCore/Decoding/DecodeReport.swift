// QRKit — DecodeReport: what a decode found, which engine won, and how long each took.

/// The result of decoding one picture.
public struct DecodeReport: Sendable {
    /// The strategy's name.
    public var strategy: String
    /// The codes found; empty when none.
    public var symbols: [Symbol]
    /// The engine whose answer was returned; nil when no engine found a code.
    public var winner: String?
    /// From the start of the decode to the answer (monotonic clock).
    public var elapsed: Duration
    /// Every engine of the strategy, in the order given.
    public var engines: [EngineReport]
    /// True when a limit (``stoppedBy``) returned the answer before the engines were done:
    /// it may lack codes the picture holds.
    public var timedOut: Bool
    /// The limit that returned the answer early; nil when the engines were done.
    public var stoppedBy: DecodeLimit?
    /// How long the answer was held for completeness: from an engine's first answer that
    /// might not be all the picture shows (finder patterns outside the codes read) to the
    /// answer, the other engines' reads merged in; nil when the answer
    /// was not held.
    public var heldForCompleteness: Duration?

    public init(
        strategy: String, symbols: [Symbol], winner: String?, elapsed: Duration, engines: [EngineReport],
        timedOut: Bool, heldForCompleteness: Duration? = nil
    ) {
        self.strategy = strategy
        self.symbols = symbols
        self.winner = winner
        self.elapsed = elapsed
        self.engines = engines
        self.timedOut = timedOut
        self.heldForCompleteness = heldForCompleteness
    }

    /// A report whose answer came early, at `limit`.
    public init(
        strategy: String, symbols: [Symbol], winner: String?, elapsed: Duration, engines: [EngineReport],
        stoppedBy limit: DecodeLimit?, heldForCompleteness: Duration? = nil
    ) {
        self.init(
            strategy: strategy, symbols: symbols, winner: winner, elapsed: elapsed, engines: engines,
            timedOut: limit != nil, heldForCompleteness: heldForCompleteness)
        stoppedBy = limit
    }
}

extension DecodeReport {
    /// The report of a decode that began at `began`, made at `now`.
    ///
    /// - Parameters:
    ///   - engines: each engine's name and progress, in the order of the strategy.
    ///   - winner: the engine whose answer is final, if any; `answersWithWinner` false
    ///     (strategy `all`) answers with every engine's reads instead of the winner's.
    ///   - provisional: the first engine whose answer was held, named as the winner when
    ///     there is none.
    ///   - heldSince: when an answer was first held for completeness.
    init(
        strategy: String, engines: [(name: String, progress: EngineProgress)], winner: Int?, provisional: Int?,
        answersWithWinner: Bool, began: ContinuousClock.Instant, now: ContinuousClock.Instant,
        stoppedBy limit: DecodeLimit?, heldSince: ContinuousClock.Instant? = nil
    ) {
        var reports: [EngineReport] = []
        var found: [[Symbol]] = []
        var won: [Symbol]?
        for (index, engine) in engines.enumerated() {
            switch engine.progress {
            case .notStarted:
                reports.append(EngineReport(name: engine.name, outcome: .notStarted))
            case .running(let start):
                reports.append(EngineReport(name: engine.name, startOffset: start - began, outcome: .running))
            case .finished(let start, let elapsed, let cpu, let result):
                let outcome: EngineOutcome
                switch result {
                case .success(let symbols):
                    outcome = symbols.isEmpty ? .none : .found(symbols.count)
                    if !symbols.isEmpty { found.append(symbols) }
                    if index == winner && answersWithWinner { won = symbols }
                case .failure(.cancelled): outcome = .cancelled
                case .failure(let error): outcome = .error("\(error)")
                }
                reports.append(
                    EngineReport(
                        name: engine.name, startOffset: start - began, elapsed: elapsed, cpuTime: cpu, outcome: outcome)
                )
            }
        }
        self.init(
            strategy: strategy, symbols: [Symbol].answer(winner: won, found: found),
            winner: (winner ?? provisional).map { engines[$0].name }, elapsed: now - began, engines: reports,
            stoppedBy: limit, heldForCompleteness: heldSince.map { now - $0 })
    }
}

extension Duration {
    /// The duration in milliseconds, as a floating-point number.
    public var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// The duration in whole milliseconds, rounded, as messages give a limit.
    package var wholeMilliseconds: Int { Int(milliseconds.rounded()) }
}
