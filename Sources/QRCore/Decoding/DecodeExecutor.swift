// QRKit — PassScheduler: the decode passes of many pictures on one bounded pool of threads.
import Dispatch

/// Runs decode passes, of any number of pictures and strategies, on at most ``workers``
/// threads at once.
///
/// A decode is a set of passes: (picture, engine, pass). A strategy is then an order
/// over them, not a set of threads. A pass is ranked by what it costs to reach: the mean
/// CPU time, measured as the scheduler runs, of that engine's passes up to and including
/// it (until one has run, what the engine says it typically costs, else a millisecond),
/// so cheap passes come first.
/// - **race** and **all** queue every engine's first pass at once, each engine's next
///   pass after a miss: with workers to spare a picture's engines run side by side (a
///   race), and when the pool is busy every picture's cheap passes come before any
///   picture's expensive ones, whichever engine they belong to;
/// - **hedged** queues the usually-faster engine's first pass, and the others' after the
///   hedge delay (at once if that engine has missed in every pass), then ranks as race;
/// - **single** and **sequential** queue one pass at a time, the next engine after the
///   one before has missed in every pass, ranked after all of that engine's passes.
/// Among passes of equal rank the engine listed first goes first, then the picture that
/// came first. A worker takes the first pass of a picture that has no pass running; only
/// when every queued pass belongs to such a busy picture does it run one beside the
/// other (a race proper). So a batch runs each picture's passes one at a time, and a
/// race loses no CPU to a loser while other pictures wait, yet a lone picture, or the
/// last ones of a batch, still has its engines side by side.
/// When a picture has its answer, its queued passes are taken off the queue and the
/// engines that had started are reported `cancelled`. A pass that has begun runs to its
/// end: passes are the unit of interruption.
///
/// Workers are Dispatch queues of the scheduler's own, started when there is work and
/// ended when there is none: an idle scheduler holds no thread. Every engine call of
/// every decode that uses the scheduler runs on one of them, so concurrent callers that
/// share a ``QRDecoder`` never run more than ``workers`` engine passes at once.
///
///     let decoder = QRDecoder(scheduler: PassScheduler(workers: 2))
///     decoder.decodeBatch(next: { nextLoader() }) { index, result in print(index, result) }
public final class PassScheduler: Sendable {
    /// The most passes run at once.
    public let workers: Int
    private let state = Locked(State())
    /// Where hedge timers fire.
    let timers = DispatchQueue(label: "qrkit.pass-scheduler.timers")
    /// The mean CPU time of each engine's passes so far, which ranks them.
    private let costs = Locked<[String: (count: Int, microseconds: Int)]>([:])

    /// What a pass is assumed to cost before one has run: a millisecond.
    static let unknownCost = 1000

    /// Records that `pass` of `engine` took `cpu`.
    func recordCost(engine: String, pass: String, cpu: Duration) {
        let micros = Int(cpu.milliseconds * 1000)
        costs.withLock { book in
            let old = book[engine + "/" + pass] ?? (0, 0)
            book[engine + "/" + pass] = (old.count + 1, old.microseconds + micros)
        }
    }

    /// The mean cost, in microseconds, of each of `passes` of `engine`; for one that has
    /// not run yet, what the engine says it typically costs, else ``unknownCost``.
    func meanCosts(engine: String, passes: [String], typical: [Duration]) -> [Int] {
        costs.withLock { book in
            passes.enumerated().map { index, pass in
                if let entry = book[engine + "/" + pass], entry.count > 0 {
                    return max(1, entry.microseconds / entry.count)
                }
                return index < typical.count ? max(1, Int(typical[index].milliseconds * 1000)) : Self.unknownCost
            }
        }
    }

    private struct State {
        var queue: [Task] = []
        var active = 0
        var submitted = 0
        /// Passes running, by picture (its sequence number).
        var busy: [Int: Int] = [:]

        /// Takes the first task of a picture with no pass running, else the first task.
        mutating func take() -> Task? {
            var best: Int?
            var bestFree: Int?
            for index in queue.indices {
                let task = queue[index]
                if best.map({ task.precedes(queue[$0]) }) ?? true { best = index }
                let free = task.picture.map { busy[$0, default: 0] == 0 } ?? true
                if free, bestFree.map({ task.precedes(queue[$0]) }) ?? true { bestFree = index }
            }
            guard let chosen = bestFree ?? best else { return nil }
            let task = queue.remove(at: chosen)
            if let picture = task.picture { busy[picture, default: 0] += 1 }
            return task
        }

        mutating func finished(_ task: Task) {
            guard let picture = task.picture else { return }
            let left = busy[picture, default: 1] - 1
            busy[picture] = left > 0 ? left : nil
        }
    }

    /// - Parameter workers: the most passes run at once (at least 1); the number of cores
    ///   is a sensible choice.
    public init(workers: Int) {
        self.workers = max(1, workers)
    }

    /// Queues a pass of picture `sequence` at `rank` (lower first; ties by `order`, then
    /// by `sequence`).
    func submit(rank: Int, order: Int, sequence: Int, _ work: @escaping @Sendable () -> Void) {
        submit(copies: 1, rank: rank, order: order, picture: sequence, work)
    }

    /// Queues `copies` runs of `work` at once, before any worker can take one of them;
    /// `picture` is nil for work that belongs to no picture (a batch's loads).
    func submit(copies: Int, rank: Int, order: Int, picture: Int?, _ work: @escaping @Sendable () -> Void) {
        let newWorkers = state.withLock { s -> Int in
            for _ in 0..<copies {
                s.submitted += 1
                s.queue.append(Task(rank: rank, order: order, picture: picture, arrival: s.submitted, work: work))
            }
            let added = min(copies, workers - s.active)
            s.active += added
            return added
        }
        // A queue of its own per worker: it gets a thread even while the global pool is
        // busy with callers blocked in `decode`.
        for _ in 0..<max(0, newWorkers) {
            DispatchQueue(label: "qrkit.pass-worker").async { self.work() }
        }
    }

    /// Takes the queued tasks of the picture numbered `sequence` off the queue, unrun, and
    /// returns how many there were.
    func drop(sequence: Int) -> Int {
        state.withLock { s in
            let before = s.queue.count
            s.queue.removeAll { $0.picture == sequence }
            return before - s.queue.count
        }
    }

    /// A worker: runs the first queued task until none is left, then ends.
    private func work() {
        var done: Task?
        while let task = state.withLock({ s -> Task? in
            if let done { s.finished(done) }
            if let task = s.take() { return task }
            s.active -= 1
            return nil
        }) {
            task.work()
            done = task
        }
    }

    /// A number for each new picture, so that pictures submitted earlier go first.
    func nextSequence() -> Int {
        state.withLock { s in
            s.submitted += 1
            return s.submitted
        }
    }
}

/// One queued pass (or picture load).
private struct Task {
    let rank: Int
    let order: Int
    /// The picture's sequence number; nil for work of no picture.
    let picture: Int?
    let arrival: Int
    let work: @Sendable () -> Void

    func precedes(_ other: Task) -> Bool {
        (rank, order, picture ?? 0, arrival) < (other.rank, other.order, other.picture ?? 0, other.arrival)
    }
}

/// One picture's decode on a ``PassScheduler``: which pass comes next, and the report.
final class ScheduledDecode: Sendable {
    private enum Kind: Equatable {
        case inTurn  // single, sequential: one engine after another
        case together  // race: every engine at once, first success wins
        case hedged(Duration)  // the first engine, the others after the delay; first success wins
        case all  // every engine at once, every engine to its end
    }

    private struct EngineState {
        var start: ContinuousClock.Instant?
        var busy = Duration.zero
        var cpu = Duration.zero
        var queued = false
        var running = false
        var result: Result<[Symbol], DecodeError>?
    }

    private struct State {
        var engines: [EngineState]
        var answered = false
        /// The first engine whose answer is final.
        var winner: Int?
        /// The first engine whose answer was provisional (unplaced parts; see ``QRDecoder``).
        var provisional: Int?
        var outstanding = 0
        /// Stopped from outside (``stop()``): nothing more runs, `all` included.
        var stopped = false
        /// `onAnswer` has returned: settling may follow (never precede) it.
        var delivered = false
        var settled = false
    }

    private let scheduler: PassScheduler
    private let strategyName: String
    private let kind: Kind
    private let engines: [any DecodeEngine]
    /// The rank of each pass of each engine.
    private let ranks: [[Int]]
    private let passNames: [[String]]
    private let picture: PictureVariants
    private let history: LatencyHistory
    private let sequence: Int
    private let onAnswer: @Sendable (DecodeReport) -> Void
    private let onSettled: (@Sendable (DecodeReport) -> Void)?
    private let clock = ContinuousClock()
    private let began: ContinuousClock.Instant
    private let state: Locked<State>

    init(
        _ image: GrayImage, strategy: DecodeStrategy, history: LatencyHistory, scheduler: PassScheduler,
        onAnswer: @escaping @Sendable (DecodeReport) -> Void, onSettled: (@Sendable (DecodeReport) -> Void)?
    ) {
        self.scheduler = scheduler
        self.strategyName = strategy.name
        engines = strategy.enginesInRunningOrder(history: history)
        switch strategy {
        case .single, .sequential: kind = .inTurn
        case .race: kind = .together
        case .hedged:
            let delay = engines.first.flatMap { strategy.hedgeDelay(first: $0.name, history: history) }
            kind = .hedged(delay ?? .zero)
        case .all: kind = .all
        }
        passNames = engines.map { $0.passNames.isEmpty ? ["all"] : $0.passNames }
        // Each pass's rank: the cost of reaching it within its engine, and in turn, the
        // cost of every engine before it too.
        var ranks: [[Int]] = []
        var before = 0
        for (engine, names) in zip(engines, passNames) {
            var reach = kind == .inTurn ? before : 0
            let typical = engine.typicalPassCosts
            ranks.append(
                scheduler.meanCosts(engine: engine.name, passes: names, typical: typical).map { cost in
                    reach += cost
                    return reach
                })
            before = ranks.last!.last!
        }
        self.ranks = ranks
        picture = PictureVariants(image)
        self.history = history
        self.onAnswer = onAnswer
        self.onSettled = onSettled
        sequence = scheduler.nextSequence()
        began = clock.now
        state = Locked(State(engines: Array(repeating: EngineState(), count: engines.count)))
    }

    /// Queues the strategy's first passes (and for hedged, the timer for the others).
    func start() {
        let first: [Int]
        switch kind {
        case .inTurn, .hedged: first = Array(engines.indices.prefix(1))
        case .together, .all: first = Array(engines.indices)
        }
        if first.isEmpty {
            state.withLock { $0.answered = true }
            answer()
            return
        }
        state.withLock { s in
            s.outstanding = first.count
            for engine in first { s.engines[engine].queued = true }
        }
        for engine in first { enqueue(engine, pass: 0) }
        if case .hedged(let delay) = kind, engines.count > 1 {
            // A queue of the scheduler's own: the global pool may be full of blocked callers.
            scheduler.timers.asyncAfter(deadline: .now() + delay.dispatchInterval) { self.hedge() }
        }
    }

    /// Gives the answer now, if it has not been given: the passes queued are dropped, and
    /// the engines that had started are reported `cancelled` once their pass ends.
    func stop() {
        let first = state.withLock { s -> Bool in
            s.stopped = true
            guard !s.answered else { return false }
            s.answered = true
            return true
        }
        guard first else { return }
        answer()
        dropQueuedPasses()
    }

    /// The hedge delay is over: queue the first pass of every engine not yet queued,
    /// unless the answer is in.
    private func hedge() {
        let started = state.withLock { s -> [Int] in
            guard !s.answered else { return [] }
            let waiting = s.engines.indices.filter { !s.engines[$0].queued }
            for engine in waiting { s.engines[engine].queued = true }
            s.outstanding += waiting.count
            return waiting
        }
        for engine in started { enqueue(engine, pass: 0) }
    }

    /// Queues `pass` of `engine`; the caller has counted it in `outstanding`.
    private func enqueue(_ engine: Int, pass: Int) {
        scheduler.submit(rank: ranks[engine][pass], order: engine, sequence: sequence) {
            self.run(engine, pass: pass)
        }
    }

    private func run(_ index: Int, pass: Int) {
        let wanted = state.withLock { s -> Bool in
            guard !s.stopped, !s.answered || kind == .all else { return false }
            if s.engines[index].start == nil { s.engines[index].start = clock.now }
            s.engines[index].running = true
            return true
        }
        guard wanted else {
            passDone(nil)
            return
        }
        let engine = engines[index]
        let cpuStart = threadCPUTime()
        let passStart = clock.now
        let result = engine.result { try engine.decode(picture, pass: pass) }
        let end = clock.now
        let cpu = threadCPUTime() - cpuStart
        switch result {
        case .failure(.cancelled): break  // A pass stopped early says nothing of what it costs.
        default: scheduler.recordCost(engine: engine.name, pass: passNames[index][pass], cpu: cpu)
        }
        passDone((index, pass, result, end - passStart, cpu))
    }

    /// Records a pass (nil: a dropped one), queues what follows, and answers or settles.
    private func passDone(
        _ done: (index: Int, pass: Int, result: Result<[Symbol], DecodeError>, wall: Duration, cpu: Duration)?
    ) {
        var follow: (engine: Int, pass: Int)?
        let (answerNow, success) = state.withLock { s -> (Bool, Duration?) in
            s.outstanding -= 1
            var success: Duration?
            var missed = false
            if let done {
                var engine = s.engines[done.index]
                engine.running = false
                engine.busy += done.wall
                engine.cpu += done.cpu
                switch done.result {
                case .success(let symbols) where !symbols.isEmpty:
                    engine.result = done.result
                    success = engine.busy
                    if symbols.isProvisionalAnswer {
                        // Parts the engine could not place: the strategy goes on as after a miss.
                        if s.provisional == nil { s.provisional = done.index }
                        missed = true
                    } else if s.winner == nil {
                        s.winner = done.index
                    }
                case .success where done.pass + 1 < passNames[done.index].count:
                    // Passes left: the next, unless the answer is in (then it stops here).
                    if s.answered { engine.result = .failure(.cancelled) } else { follow = (done.index, done.pass + 1) }
                case .success, .failure:
                    engine.result = done.result
                    missed = true
                }
                s.engines[done.index] = engine
                // In turn, and hedged before its delay: the next engine once one has missed.
                if missed, !s.answered, kind != .together, kind != .all,
                    let next = s.engines.indices.first(where: { !s.engines[$0].queued })
                {
                    s.engines[next].queued = true
                    follow = (next, 0)
                }
            }
            if follow != nil { s.outstanding += 1 }
            var answerNow = false
            if !s.answered {
                // `all` answers when no pass is left; the others also at the first success.
                if (s.winner != nil && kind != .all) || s.outstanding == 0 {
                    s.answered = true
                    answerNow = true
                }
            }
            return (answerNow, success)
        }
        if let success, let done {
            history.recordSuccess(engine: engines[done.index].name, elapsed: success)
        }
        if let follow { enqueue(follow.engine, pass: follow.pass) }
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
        let dropped = scheduler.drop(sequence: sequence)
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
        if now { onSettled?(report()) }
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
            answersWithWinner: kind != .all, began: began, now: now, timedOut: false)
    }
}
