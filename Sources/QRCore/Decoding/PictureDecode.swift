// QRKit — PictureDecode: one picture's decode on a DecodeExecutor: which pass comes next
// by the strategy's policy, when the answer is in, and the report.
import Dispatch

/// One decode of one picture, for every strategy: its passes run on a ``DecodeExecutor``
/// (the first, for a blocking caller, on the caller's thread), and its ``DecodePolicy``
/// says which engines start, what follows a miss and when the answer is final.
///
/// An answer that cannot be final whatever the policy says is *held*: one holding a
/// structured-append part its engine could not place (``Symbol/isUnplacedSequencePart``),
/// or one that may be part of what the picture shows (finder patterns outside the codes
/// read, one or several: a sheet of codes). The engine that found it counts as having
/// missed, so the others run on, and the answer is every engine's reads merged once they
/// are done. A picture whose codes are all read is answered as soon as they are read.
final class PictureDecode: Sendable {
    private struct EngineState {
        var start: ContinuousClock.Instant?
        var busy = Duration.zero
        var cpu = Duration.zero
        var queued = false
        var running = false
        var result: Result<[Symbol], DecodeError>?
        /// Finished without a complete answer.
        var missed = false
    }

    private struct State {
        var engines: [EngineState]
        var answered = false
        /// The first engine whose answer was complete.
        var winner: Int?
        /// The first engine whose answer was held (see above).
        var provisional: Int?
        /// When the first answer was held because the picture may show more codes.
        var heldSince: ContinuousClock.Instant?
        var outstanding = 0
        /// The limit that gave the answer early, if one did.
        var stoppedBy: DecodeLimit?
        /// CPU time spent on the picture: reading it, then every pass that has run.
        var cpuSpent: Duration
        /// `onAnswer` has returned: settling may follow (never precede) it.
        var delivered = false
        var settled = false
        /// The core of a blocking caller running the first pass, while it runs it.
        var callerCore: Int32?
    }

    /// A pass that has run.
    private struct Done {
        var index: Int
        var pass: Int
        var result: Result<[Symbol], DecodeError>
        var wall: Duration
        var cpu: Duration
        /// Whether the symbols found are all the picture shows (see ``isComplete(_:of:)``).
        var complete: Bool
    }

    private let executor: DecodeExecutor
    private let strategyName: String
    private let policy: any DecodePolicy
    private let engines: [any DecodeEngine]
    private let passes: [[DecodePass]]
    /// The rank of each pass of each engine.
    private let ranks: [[Int]]
    /// The rank of each pass behind every pass of the other engines: that of a pass that
    /// yields to a located symbol (``DecodeEngine/laterPassesYieldToLocatedSymbols``).
    private let yieldedRanks: [[Int]]
    private let picture: PictureVariants
    private let history: LatencyHistory
    private let timeout: Duration?
    private let cpuBudget: Duration?
    private let sequence: Int
    private let onAnswer: @Sendable (DecodeReport) -> Void
    private let onSettled: (@Sendable (DecodeReport) -> Void)?
    private let clock = ContinuousClock()
    private let began: ContinuousClock.Instant
    private let state: Locked<State>
    /// The timeout and the hedge timer, cancelled once the decode settles, so that a long
    /// one does not keep the picture alive.
    private let timers = Locked<[DispatchWorkItem]>([])

    init(
        _ image: GrayImage, strategy: DecodeStrategy, timeout: Duration?, cpuBudget: Duration?,
        spentReading: Duration = .zero, history: LatencyHistory,
        executor: DecodeExecutor, onAnswer: @escaping @Sendable (DecodeReport) -> Void,
        onSettled: (@Sendable (DecodeReport) -> Void)?
    ) {
        self.executor = executor
        strategyName = strategy.name
        policy = strategy.policy
        engines = policy.runningOrder(strategy.engines, history: history)
        passes = engines.map(\.decodePasses)
        // Each pass's rank (``DecodeExecutor/ranks(of:)``), and for engines in turn, the
        // cost of every engine before it too.
        var ranks: [[Int]] = []
        var before = 0
        for passes in passes {
            let (own, total) = executor.ranks(of: passes)
            let reach = policy.ranksInTurn ? before : 0
            ranks.append(own.map { reach + $0 })
            before = reach + total
        }
        self.ranks = ranks
        yieldedRanks = ranks.indices.map { engine in
            let behind = ranks.indices.filter { $0 != engine }.compactMap { ranks[$0].max() }.max() ?? 0
            return ranks[engine].map { $0 + behind }
        }
        picture = PictureVariants(image)
        self.history = history
        self.timeout = timeout
        self.cpuBudget = cpuBudget
        self.onAnswer = onAnswer
        self.onSettled = onSettled
        sequence = executor.nextSequence()
        began = clock.now
        state = Locked(
            State(engines: Array(repeating: EngineState(), count: engines.count), cpuSpent: spentReading))
    }

    /// Queues the policy's first passes, and its timers.
    ///
    /// - Parameter firstHere: run the first of them on this thread (a blocking caller's),
    ///   returning when it has run: a picture it reads is answered with no thread hop. The
    ///   caller waits for that one pass at most.
    func start(firstHere: Bool) {
        let first = policy.enginesToStart(of: engines.count).filter { engines.indices.contains($0) }
        // Beside other engines, a first pass that is its engine's whole decode could hold
        // the caller long after another engine has answered: it runs on the executor too.
        let here = firstHere && (first.count == 1 || passes[first[0]].count > 1) ? first.first : nil
        let begin = state.withLock { s -> Bool? in
            // Stopped before it began (a task cancelled at once): nothing to run.
            guard !s.answered else { return nil }
            guard !first.isEmpty else {
                s.answered = true
                return false
            }
            s.outstanding = first.count
            for engine in first { s.engines[engine].queued = true }
            if here != nil, first.count > 1 { s.callerCore = CorePlacement.current() }
            return true
        }
        guard let begin else { return }
        guard begin else { return answer() }
        if let timeout {
            schedule(after: timeout) { $0.answerNow(stoppedBy: .timeout(timeout)) }
        }
        if engines.count > 1, let delay = policy.startDelay(first: engines[0].name, history: history) {
            schedule(after: delay) { $0.startWaitingEngines() }
        }
        for engine in first where engine != here { enqueue(engine, pass: 0) }
        if let here {
            run(here, pass: 0)
            state.withLock { $0.callerCore = nil }
        }
    }

    /// Gives the answer now, if it has not been given: the passes queued are dropped, and
    /// the engines that had started are reported `cancelled` once their pass ends.
    func stop() {
        answerNow(stoppedBy: nil)
    }

    /// Runs `action` after `delay` on the executor's timer queue, unless the decode has
    /// settled by then.
    private func schedule(after delay: Duration, _ action: @escaping @Sendable (PictureDecode) -> Void) {
        let item = DispatchWorkItem { [weak self] in
            if let self { action(self) }
        }
        timers.withLock { $0.append(item) }
        executor.timers.asyncAfter(deadline: .now() + delay.dispatchInterval, execute: item)
    }

    /// Answers with what there is, unless the answer has been given: from outside
    /// (``stop()``), or at a limit.
    private func answerNow(stoppedBy limit: DecodeLimit?) {
        let first = state.withLock { s -> Bool in
            guard !s.answered else { return false }
            s.answered = true
            s.stoppedBy = limit
            return true
        }
        guard first else { return }
        answer()
        dropQueuedPasses()
    }

    /// The start delay is over: queue the first pass of every engine not yet queued,
    /// unless the answer is in.
    private func startWaitingEngines() {
        let started = state.withLock { s -> [Int] in
            guard !s.answered else { return [] }
            let waiting = s.engines.indices.filter { !s.engines[$0].queued }
            for engine in waiting { s.engines[engine].queued = true }
            s.outstanding += waiting.count
            return waiting
        }
        for engine in started { enqueue(engine, pass: 0) }
    }

    /// Queues `pass` of `engine`, `yielded` behind every pass of the other engines; the
    /// caller has counted it in `outstanding`.
    private func enqueue(_ engine: Int, pass: Int, yielded: Bool = false) {
        let rank = (yielded ? yieldedRanks : ranks)[engine][pass]
        executor.submit(rank: rank, step: pass, order: engine, sequence: sequence) {
            // Looked at as the pass is about to run, not when it was queued: the pass that
            // locates the symbol may have run in between. Queued again, it still counts as
            // outstanding once.
            if !yielded, self.yieldsToLocatedSymbol(engine, pass: pass) {
                self.enqueue(engine, pass: pass, yielded: true)
                return
            }
            // A pass that starts beside a caller running the first pass gives the caller's
            // core back: the kernel puts a new worker on the core of the thread that woke
            // it, where it would take the core from the caller while the other idles.
            if let core = self.state.withLock({ $0.callerCore }) { CorePlacement.yield(on: core) }
            self.run(engine, pass: pass)
        }
    }

    /// Whether `pass` of `engine` waits behind the other engines' passes: it yields to a
    /// located symbol (``DecodeEngine/laterPassesYieldToLocatedSymbols``), the picture shows
    /// one (``PictureVariants/showsUnreadSymbol``), and another engine has passes to run.
    private func yieldsToLocatedSymbol(_ engine: Int, pass: Int) -> Bool {
        guard pass > 0, engines[engine].laterPassesYieldToLocatedSymbols, picture.showsUnreadSymbol else {
            return false
        }
        return state.withLock { s in
            !s.answered
                && s.engines.indices.contains { $0 != engine && s.engines[$0].queued && s.engines[$0].result == nil }
        }
    }

    private func run(_ index: Int, pass: Int) {
        let (wanted, budgetSpent) = state.withLock { s -> (Bool, Bool) in
            guard !s.answered else { return (false, false) }
            // The budget spent (reading may have spent it all): answer with what there is.
            if let budget = cpuBudget, s.cpuSpent >= budget {
                s.answered = true
                s.stoppedBy = .cpuBudget(budget)
                return (false, true)
            }
            if s.engines[index].start == nil { s.engines[index].start = clock.now }
            s.engines[index].running = true
            return (true, false)
        }
        guard wanted else {
            passDone(nil)
            if budgetSpent {
                answer()
                dropQueuedPasses()
            }
            return
        }
        let engine = engines[index]
        let decodePass = passes[index][pass]
        let cpuStart = threadCPUTime()
        let passStart = clock.now
        let result = engine.result { try decodePass.run(on: picture) }
        let end = clock.now
        let cpu = threadCPUTime() - cpuStart
        let symbols = (try? result.get()) ?? []
        switch result {
        case .failure(.cancelled): break  // A pass stopped early says nothing of what it costs.
        default:
            executor.recordCost(
                engine: engine.name, pass: decodePass.name, cpu: cpu, pixels: picture.original.pixelCount,
                found: !symbols.isEmpty)
        }
        let complete = symbols.isEmpty || isComplete(symbols, of: index)
        passDone(Done(index: index, pass: pass, result: result, wall: end - passStart, cpu: cpu, complete: complete))
    }

    /// Whether `symbols`, engine `index`'s answer, are all the codes the picture shows, as
    /// far as a cheap look can tell: no finder-like pattern outside the codes read, whether
    /// one or several. Asked only where another engine may still add codes and the answer
    /// could be final.
    private func isComplete(_ symbols: [Symbol], of index: Int) -> Bool {
        guard !policy.mergesEveryAnswer else { return true }
        let othersMayAdd = state.withLock { s in
            s.winner == nil && s.engines.indices.contains { $0 != index && s.engines[$0].result == nil }
        }
        guard othersMayAdd else { return true }
        return !picture.original.showsFindersOutside(symbols.map(\.corners))
    }

    /// Where each engine stands, for the policy.
    private func progress(_ s: State) -> DecodeProgress {
        DecodeProgress(
            engines: s.engines.map { engine in
                guard engine.queued else { return .waiting }
                guard let result = engine.result else { return .running }
                if engine.missed { return .missed }
                if case .success(let symbols) = result, !symbols.isEmpty { return .found(symbols.count) }
                return .missed
            }, winner: s.winner)
    }

    /// Records a pass (nil: one not run, as the answer was in), queues what follows, and
    /// answers or settles.
    private func passDone(_ done: Done?) {
        var follow: [(engine: Int, pass: Int)] = []
        let (answerNow, success) = state.withLock { s -> (Bool, Duration?) in
            s.outstanding -= 1
            var success: Duration?
            if let done {
                var engine = s.engines[done.index]
                engine.running = false
                engine.busy += done.wall
                engine.cpu += done.cpu
                var finished = true
                switch done.result {
                case .success(let symbols) where !symbols.isEmpty:
                    engine.result = done.result
                    success = engine.busy
                    let unplaced = symbols.isProvisionalAnswer
                    let incomplete = !unplaced && !done.complete
                    if unplaced || incomplete || s.heldSince != nil {
                        // Held: the strategy goes on as after a miss. Once one answer has
                        // been held for completeness none wins alone: every read is merged.
                        engine.missed = true
                        if s.provisional == nil { s.provisional = done.index }
                        if incomplete, s.heldSince == nil { s.heldSince = clock.now }
                    } else if s.winner == nil {
                        s.winner = done.index
                    }
                case .success where done.pass + 1 < passes[done.index].count:
                    // Passes left: the next, unless the answer is in (then it stops here).
                    finished = false
                    if s.answered {
                        engine.result = .failure(.cancelled)
                    } else {
                        follow.append((done.index, done.pass + 1))
                    }
                case .success, .failure:
                    engine.result = done.result
                    engine.missed = true
                }
                s.engines[done.index] = engine
                if finished, engine.missed, !s.answered {
                    for next in policy.enginesAfterMiss(of: done.index, in: progress(s))
                    where s.engines.indices.contains(next) && !s.engines[next].queued {
                        s.engines[next].queued = true
                        follow.append((next, 0))
                    }
                }
            }
            s.outstanding += follow.count
            if let done { s.cpuSpent += done.cpu }
            guard !s.answered else { return (false, success) }
            if s.outstanding > 0 && !policy.isFinal(progress(s)) {
                // Not final: go on, unless the picture has used its budget.
                guard let budget = cpuBudget, s.cpuSpent >= budget else { return (false, success) }
                s.stoppedBy = .cpuBudget(budget)
            }
            s.answered = true
            return (true, success)
        }
        if let success, let done {
            history.recordSuccess(engine: engines[done.index].name, elapsed: success)
        }
        for next in follow { enqueue(next.engine, pass: next.pass) }
        if answerNow {
            answer()
            dropQueuedPasses()
        } else {
            settleIfDone()
        }
    }

    /// Takes the passes still queued off the queue: they will never be wanted, and the
    /// picture settles (and lets its memory go) without waiting for them; a pass running
    /// long is told to stop early (``PictureVariants/stop``).
    private func dropQueuedPasses() {
        picture.stop.cancel()
        let dropped = executor.drop(sequence: sequence)
        state.withLock { $0.outstanding -= dropped }
        settleIfDone()
    }

    /// Gives the answer (the caller has marked it given), then settles if nothing is left.
    private func answer() {
        onAnswer(report())
        state.withLock { $0.delivered = true }
        settleIfDone()
    }

    /// Reports the final timings, once: when the answer has been given and no pass is
    /// left. Whichever comes last (the answer, or the last pass ending) settles, so a
    /// caller never hears "settled" before it has the answer.
    private func settleIfDone() {
        let now = state.withLock { s -> Bool in
            guard s.delivered, s.outstanding == 0, !s.settled else { return false }
            s.settled = true
            return true
        }
        guard now else { return }
        for item in timers.withLock({ $0 }) { item.cancel() }
        onSettled?(report())
    }

    private func report() -> DecodeReport {
        let now = clock.now
        let s = state.withLock { $0 }
        let progress = s.engines.enumerated().map { index, engine -> (name: String, progress: EngineProgress) in
            let name = engines[index].name
            guard let start = engine.start else { return (name, .notStarted) }
            if engine.result == nil && engine.running { return (name, .running(since: start)) }
            // Not finished and not running: its next pass was dropped once the answer came.
            let result = engine.result ?? .failure(.cancelled)
            return (name, .finished(since: start, elapsed: engine.busy, cpu: engine.cpu, result: result))
        }
        return DecodeReport(
            strategy: strategyName, engines: progress, winner: s.winner, provisional: s.provisional,
            answersWithWinner: !policy.mergesEveryAnswer, began: began, now: now, stoppedBy: s.stoppedBy,
            heldSince: s.heldSince)
    }
}
