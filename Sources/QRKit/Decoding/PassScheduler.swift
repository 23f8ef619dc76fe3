// QRKit — PassScheduler: the decode passes of many pictures on one bounded pool of threads.
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Runs decode passes, of any number of pictures and strategies, on at most ``workers``
/// threads at once.
///
/// A decode is a set of passes: (picture, engine, pass). A strategy is then an order
/// over them, not a set of threads:
/// - **race** and **all** queue every engine's first pass at once, each engine's next
///   pass after a miss, at the rank of its pass number: with workers to spare a
///   picture's engines run side by side (a race), and when the pool is busy every
///   picture's cheap passes come before any picture's expensive ones;
/// - **hedged** queues the usually-faster engine's first pass, and the others' after the
///   hedge delay (at once if that engine has missed in every pass), then ranks as race;
/// - **single** and **sequential** queue one pass at a time, the next engine after the
///   one before has missed in every pass, ranked by its place in that whole list.
/// Among passes of equal rank the engine listed first goes first, then the picture that
/// came first. When a picture has its answer, its queued passes are dropped as they come
/// up (they run no code) and the engines that had started are reported `cancelled`.
/// A pass that has begun runs to its end: passes are the unit of interruption.
///
/// Workers are Dispatch queues of the scheduler's own, started when there is work and
/// ended when there is none: an idle scheduler holds no thread. Every engine call of
/// every decode that uses the scheduler runs on one of them, so concurrent callers that
/// share a ``Decoder`` never run more than ``workers`` engine passes at once.
///
///     let decoder = Decoder(scheduler: PassScheduler(workers: 2))
///     decoder.decodeBatch(next: { nextLoader() }) { index, result in print(index, result) }
public final class PassScheduler: Sendable {
    /// The most passes run at once.
    public let workers: Int
    private let state = Locked(State())
    /// Where hedge timers fire.
    let timers = DispatchQueue(label: "qrkit.pass-scheduler.timers")

    private struct State {
        var queue = TaskHeap()
        var active = 0
        var submitted = 0
    }

    /// - Parameter workers: the most passes run at once (at least 1); the number of cores
    ///   is a sensible choice.
    public init(workers: Int) {
        self.workers = max(1, workers)
    }

    /// The pool that a ``Decoder`` without a scheduler of its own races on: one worker
    /// per online core, at least two.
    static let shared = PassScheduler(workers: max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Queues `work` at `rank` (lower first; ties by `order`, then by `sequence`).
    func submit(rank: Int, order: Int, sequence: Int, _ work: @escaping @Sendable () -> Void) {
        submit(copies: 1, rank: rank, order: order, sequence: sequence, work)
    }

    /// Queues `copies` runs of `work` at once, before any worker can take one of them.
    func submit(copies: Int, rank: Int, order: Int, sequence: Int, _ work: @escaping @Sendable () -> Void) {
        let newWorkers = state.withLock { s -> Int in
            for _ in 0..<copies {
                s.submitted += 1
                s.queue.push(Task(rank: rank, order: order, sequence: sequence, arrival: s.submitted, work: work))
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
        state.withLock { s in s.queue.remove { $0.sequence == sequence } }
    }

    /// A worker: runs the first queued task until none is left, then ends.
    private func work() {
        while let task = state.withLock({ s -> Task? in
            if let task = s.queue.pop() { return task }
            s.active -= 1
            return nil
        }) {
            task.work()
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
    let sequence: Int
    let arrival: Int
    let work: @Sendable () -> Void

    func precedes(_ other: Task) -> Bool {
        (rank, order, sequence, arrival) < (other.rank, other.order, other.sequence, other.arrival)
    }
}

/// A binary min-heap of tasks.
private struct TaskHeap {
    private var items: [Task] = []

    mutating func push(_ task: Task) {
        items.append(task)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].precedes(items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes the tasks for which `matches` is true and returns how many.
    mutating func remove(where matches: (Task) -> Bool) -> Int {
        let before = items.count
        let kept = items.filter { !matches($0) }
        guard kept.count < before else { return 0 }
        items = []
        for task in kept { push(task) }
        return before - kept.count
    }

    mutating func pop() -> Task? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let first = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count, items[left].precedes(items[smallest]) { smallest = left }
            if right < items.count, items[right].precedes(items[smallest]) { smallest = right }
            if smallest == parent { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
        return first
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
        var next = 0
        var start: ContinuousClock.Instant?
        var end: ContinuousClock.Instant?
        var busy = Duration.zero
        var cpu = Duration.zero
        var queued = false
        var running = false
        var result: Result<[Symbol], DecodeError>?
    }

    private struct State {
        var engines: [EngineState]
        var answered = false
        var winner: Int?
        var outstanding = 0
    }

    private let scheduler: PassScheduler
    private let strategyName: String
    private let kind: Kind
    private let engines: [any DecodeEngine]
    /// The rank of each engine's first pass.
    private let firstRank: [Int]
    private let passCounts: [Int]
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
        passCounts = engines.map { max(1, $0.passNames.count) }
        var ranks: [Int] = []
        var total = 0
        for count in passCounts {
            ranks.append(kind == .inTurn ? total : 0)
            total += count
        }
        firstRank = ranks
        picture = PictureVariants(image)
        self.history = history
        self.onAnswer = onAnswer
        self.onSettled = onSettled
        sequence = scheduler.nextSequence()
        began = clock.now
        state = Locked(State(engines: Array(repeating: EngineState(), count: engines.count)))
    }

    /// Runs a race's first engine's first pass on the calling thread, the other engines'
    /// on the scheduler at the same time, and everything after that on the scheduler.
    ///
    /// A blocking race answers without a thread hop when that pass wins (most pictures:
    /// zxing-cpp's fast pass reads them), and a caller kept here when another engine wins
    /// is kept only until that one cheap pass ends, not through the engine's harder passes.
    /// Returns when that pass has ended.
    func startWithFirstPassHere() {
        guard kind == .together, engines.count > 0 else {
            start()
            return
        }
        state.withLock { s in
            s.outstanding = engines.count
            for engine in engines.indices { s.engines[engine].queued = true }
        }
        for engine in engines.indices.dropFirst() { enqueue(engine, pass: 0) }
        run(0, pass: 0)
    }

    /// Queues the strategy's first passes (and for hedged, the timer for the others).
    func start() {
        let first: [Int]
        switch kind {
        case .inTurn, .hedged: first = Array(engines.indices.prefix(1))
        case .together, .all: first = Array(engines.indices)
        }
        if first.isEmpty {
            answer()
            onSettled?(report())
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
        scheduler.submit(rank: firstRank[engine] + pass, order: engine, sequence: sequence) {
            self.run(engine, pass: pass)
        }
    }

    private func run(_ index: Int, pass: Int) {
        let wanted = state.withLock { s -> Bool in
            guard !s.answered || kind == .all else { return false }
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
        let result: Result<[Symbol], DecodeError>
        do {
            result = .success(try engine.decode(picture, pass: pass))
        } catch let error as DecodeError {
            result = .failure(error)
        } catch {
            result = .failure(.engineFailure(engine: engine.name, reason: "\(error)"))
        }
        let end = clock.now
        let cpu = threadCPUTime() - cpuStart
        passDone((index, pass, result, end - passStart, cpu, end))
    }

    /// Records a pass (nil: a dropped one), queues what follows, and answers or settles.
    private func passDone(
        _ done: (index: Int, pass: Int, result: Result<[Symbol], DecodeError>, wall: Duration, cpu: Duration,
            end: ContinuousClock.Instant)?
    ) {
        var follow: (engine: Int, pass: Int)?
        let (answerNow, settleNow, success) = state.withLock { s -> (Bool, Bool, Duration?) in
            s.outstanding -= 1
            var success: Duration?
            var missed = false
            if let done {
                var engine = s.engines[done.index]
                engine.running = false
                engine.busy += done.wall
                engine.cpu += done.cpu
                engine.end = done.end
                switch done.result {
                case .success(let symbols) where !symbols.isEmpty:
                    engine.result = done.result
                    success = engine.busy
                    if s.winner == nil { s.winner = done.index }
                case .success where done.pass + 1 < passCounts[done.index]:
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
            return (answerNow, s.outstanding == 0, success)
        }
        if let success, let done {
            history.recordSuccess(engine: engines[done.index].name, elapsed: success)
        }
        if let follow { enqueue(follow.engine, pass: follow.pass) }
        var settle = settleNow
        if answerNow {
            answer()
            // The passes still queued will never be wanted: off the queue now, so that
            // the picture settles (and lets its memory go) without waiting for them.
            let dropped = scheduler.drop(sequence: sequence)
            if dropped > 0 {
                settle = state.withLock { s in
                    s.outstanding -= dropped
                    return s.outstanding == 0
                }
            }
        }
        if settle { onSettled?(report()) }
    }

    private func answer() {
        onAnswer(report())
    }

    private func report() -> DecodeReport {
        let now = clock.now
        let s = state.withLock { $0 }
        var reports: [EngineReport] = []
        var found: [[Symbol]] = []
        for (index, engine) in s.engines.enumerated() {
            let name = engines[index].name
            guard let start = engine.start else {
                reports.append(EngineReport(name: name, outcome: .notStarted))
                continue
            }
            let outcome: EngineOutcome
            switch engine.result {
            case .success(let symbols)?:
                outcome = symbols.isEmpty ? .none : .found(symbols.count)
                if !symbols.isEmpty { found.append(symbols) }
            case .failure(.cancelled)?: outcome = .cancelled
            case .failure(let error)?: outcome = .error("\(error)")
            // Not finished: running now, or its next pass dropped since the answer came.
            case nil: outcome = engine.running ? .running : .cancelled
            }
            if outcome == .running {
                reports.append(EngineReport(name: name, startOffset: start - began, outcome: .running))
            } else {
                reports.append(
                    EngineReport(
                        name: name, startOffset: start - began, elapsed: engine.busy, cpuTime: engine.cpu,
                        outcome: outcome))
            }
        }
        let symbols: [Symbol]
        if kind != .all, let winner = s.winner, case .success(let won)? = s.engines[winner].result {
            symbols = won
        } else {
            symbols = found.flatMap { $0 }.removingDuplicateReads()
        }
        return DecodeReport(
            strategy: strategyName, symbols: symbols, winner: s.winner.map { engines[$0].name },
            elapsed: now - began, engines: reports, timedOut: false)
    }
}

/// CPU time the calling thread has used.
func threadCPUTime() -> Duration {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
}
