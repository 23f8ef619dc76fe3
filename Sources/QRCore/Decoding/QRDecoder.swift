// QRKit — QRDecoder: runs a strategy's engines on Dispatch and returns a timed report.
import Dispatch

/// Decodes pictures with a ``DecodeStrategy``.
///
/// In a blocking ``decode(_:)`` the strategy's first engine runs on the caller's thread
/// and a second engine is started on a Dispatch queue only when the strategy needs it:
/// all at once, hedged after its delay, sequential after a miss. A picture that the
/// first engine reads alone is decoded without a thread hop. A race must return the
/// moment any engine succeeds, so it runs only its first engine's first pass on the
/// caller's thread (the rest of that engine, and the other engines, on queues): the
/// caller is held by that one pass at most. A `DispatchGroup` tracks the engines (its
/// `notify` gives the answer when every engine has finished without a winner) and the
/// caller waits on a `DispatchSemaphore` that the first answer signals.
/// The run's state sits behind a lock (``Locked``). When the answer is in, the engines
/// still running are told to cancel and stop at their next pass boundary; an engine on
/// the caller's thread that loses (hedged, all) finishes its current pass first.
///
/// With a ``timeout``, and in the async and callback entry points, every engine runs on a
/// queue of its own, so that the answer can be given while an engine is mid-pass.
///
/// With a ``scheduler``, every decode without a timeout runs its engines' passes on the
/// scheduler's bounded pool instead, shared with every other caller of this decoder and
/// with ``decodeBatch(next:deliver:)`` (see ``PassScheduler`` for the order of passes).
///
/// An answer holding a structured-append part that its engine could not place
/// (``Symbol/isUnplacedSequencePart``: zbar reads a sequence whole but keeps its headers)
/// is provisional: it wins nothing, and the strategy goes on as if that engine had found
/// nothing (a race waits for the others, sequential and hedged start the next engine).
/// The answer is then the engines' reads merged, a placed read of a part replacing the
/// unplaced one, so the parts can be joined (``StructuredAppend``) with their parity
/// checked. Pictures without such parts are not affected.
///
///     let decoder = QRDecoder(strategy: .race([ZBarEngine(), ZXingEngine()]))
///     let report = try decoder.decode(image)
///     print(report.symbols.map(\.text), report.winner ?? "none")
public struct QRDecoder: Sendable {
    /// How the engines are combined.
    public var strategy: DecodeStrategy
    /// The longest a decode may take before it returns what it has; nil for no limit.
    public var timeout: Duration?
    /// Recent engine timings, which the hedged strategy reads; shared between copies.
    public let history: LatencyHistory
    /// The pool that runs the passes of every decode (and batch) of this decoder; nil to
    /// give each decode threads of its own, as described above.
    public var scheduler: PassScheduler?

    /// - Parameters:
    ///   - strategy: how the engines are combined, such as `.race(engines)`.
    ///   - timeout: the longest a decode may take; nil for no limit.
    ///   - history: recent timings to learn from; a new, empty one by default.
    ///   - scheduler: a pool to run every decode's passes on; none by default.
    public init(
        strategy: DecodeStrategy, timeout: Duration? = nil,
        history: LatencyHistory = LatencyHistory(), scheduler: PassScheduler? = nil
    ) {
        self.strategy = strategy
        self.timeout = timeout
        self.history = history
        self.scheduler = scheduler
    }

    /// Decodes `image`, blocking the calling thread until the strategy has its answer.
    ///
    /// - Returns: the report: symbols (empty when none), winner, timings per engine.
    /// - Throws: ``DecodeError/allEnginesFailed(_:)`` when every engine that ran failed.
    public func decode(_ image: GrayImage) throws -> DecodeReport {
        try decode(image, onSettled: nil)
    }

    /// Decodes `image` as ``decode(_:)`` does, and also
    /// reports the final timings once every engine has stopped: for measuring what a
    /// strategy costs in all (a benchmark), while returning when a user would have the answer.
    ///
    /// - Parameters:
    ///   - image: the picture to decode.
    ///   - onSettled: called once, on some thread, when every engine has stopped; maybe
    ///     before this returns, maybe after.
    public func decode(_ image: GrayImage, onSettled: (@Sendable (DecodeReport) -> Void)?) throws -> DecodeReport {
        let semaphore = DispatchSemaphore(value: 0)
        let answer = Locked<DecodeReport?>(nil)
        let onAnswer: @Sendable (DecodeReport) -> Void = { report in
            answer.withLock { $0 = report }
            semaphore.signal()
        }
        if let scheduled = scheduled(image, onAnswer: onAnswer, onSettled: onSettled) {
            scheduled.start()
        } else {
            let run = DecodeRun(strategy: strategy, history: history, onAnswer: onAnswer, onSettled: onSettled)
            run.begin(image, timeout: timeout, firstOnCallerThread: firstEngineMayRunHere)
        }
        semaphore.wait()
        let report = answer.withLock { $0 }!
        return try Self.checked(report)
    }

    /// Decodes `image` without blocking a thread: the same machinery as ``decode(_:)``.
    ///
    /// Honours task cancellation: when the task is cancelled, the engines are told to
    /// stop at their next pass boundary, and this throws `CancellationError` at once,
    /// without waiting for them.
    ///
    /// - Parameters:
    ///   - image: the picture to decode.
    ///   - onSettled: called once when every engine has stopped, with the final timings
    ///     (after a cancellation, the engines that were running are `cancelled`).
    public func decode(
        _ image: GrayImage, onSettled: (@Sendable (DecodeReport) -> Void)? = nil
    ) async throws -> DecodeReport {
        let stop = Locked<(@Sendable () -> Void)?>(nil)
        let report = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<DecodeReport, Never>) in
                let cancel = begin(image, onAnswer: { continuation.resume(returning: $0) }, onSettled: onSettled)
                stop.withLock { $0 = cancel }
                // A cancellation that came while the run was beginning found no `stop`
                // to call (its engines may already be in their first passes): stop it now.
                // Stopping twice is harmless.
                if Task.isCancelled { cancel() }
            }
        } onCancel: {
            // The run may not have begun yet: then it is stopped as soon as it has (above).
            stop.withLock { $0 }?()
        }
        try Task.checkCancellation()
        return try Self.checked(report)
    }

    /// Starts decoding `image` and returns at once.
    ///
    /// - Parameters:
    ///   - image: the picture to decode.
    ///   - onAnswer: called once, on some thread, with the strategy's answer.
    ///   - onSettled: called once when every engine has stopped (losers included), with
    ///     the final timings; for measuring the full CPU cost of a strategy.
    public func start(
        _ image: GrayImage, onAnswer: @escaping @Sendable (DecodeReport) -> Void,
        onSettled: (@Sendable (DecodeReport) -> Void)? = nil
    ) {
        _ = begin(image, onAnswer: onAnswer, onSettled: onSettled)
    }

    /// Starts decoding `image` on queues (or the scheduler) and returns what stops it:
    /// an answer given at once, and the engines told to stop at their next pass boundary.
    private func begin(
        _ image: GrayImage, onAnswer: @escaping @Sendable (DecodeReport) -> Void,
        onSettled: (@Sendable (DecodeReport) -> Void)?
    ) -> @Sendable () -> Void {
        if let scheduled = scheduled(image, onAnswer: onAnswer, onSettled: onSettled) {
            scheduled.start()
            return { scheduled.stop() }
        }
        let run = DecodeRun(
            strategy: strategy, history: history, onAnswer: onAnswer, onSettled: onSettled)
        run.begin(image, timeout: timeout, firstOnCallerThread: false)
        return { run.stop() }
    }

    /// The decode of `image` on the scheduler, when this decoder has one and no timeout
    /// (a pass cannot be interrupted, so a timeout needs threads of its own).
    func scheduled(
        _ image: GrayImage, onAnswer: @escaping @Sendable (DecodeReport) -> Void,
        onSettled: (@Sendable (DecodeReport) -> Void)?
    ) -> ScheduledDecode? {
        guard let scheduler, timeout == nil else { return nil }
        return ScheduledDecode(
            image, strategy: strategy, history: history, scheduler: scheduler, onAnswer: onAnswer,
            onSettled: onSettled)
    }

    /// Whether a blocking decode may run the first engine on the caller's thread.
    ///
    /// Not when an answer may have to be given at a moment of its own: a timeout returns
    /// when it expires, and a pass cannot be interrupted. A race runs only its first
    /// engine's first pass here, and the rest on a queue (see `DecodeRun`), so the caller
    /// waits at most for that one cheap pass when another engine wins. Single, sequential
    /// and all answer only when the engine on this thread has finished anyway; hedged,
    /// whose second engine starts only after the first's usual time, answers from this
    /// thread in most decodes.
    private var firstEngineMayRunHere: Bool {
        timeout == nil
    }

    static func checked(_ report: DecodeReport) throws -> DecodeReport {
        let failures = report.engines.compactMap { engine -> String? in
            if case .error(let reason) = engine.outcome { return "\(engine.name): \(reason)" }
            return nil
        }
        let started = report.engines.filter { $0.outcome != .notStarted }
        if report.symbols.isEmpty, !started.isEmpty, failures.count == started.count {
            throw DecodeError.allEnginesFailed(failures)
        }
        return report
    }
}

/// One decode of one picture: the state machine behind every strategy.
private final class DecodeRun: Sendable {
    private enum Slot {
        case pending
        case running(start: ContinuousClock.Instant)
        case finished(
            start: ContinuousClock.Instant, end: ContinuousClock.Instant, cpu: Duration,
            result: Result<[Symbol], DecodeError>)
    }

    private struct State {
        var slots: [Slot]
        var answered = false
        /// `onAnswer` has returned, and every engine has stopped: settling needs both, and
        /// follows the answer even when the engines stopped first.
        var delivered = false
        var enginesStopped = false
        var settled = false
        /// The first engine whose answer is final.
        var winner: Int?
        /// The first engine that found only a provisional answer (unplaced parts).
        var provisional: Int?
        /// The core of the caller whose thread runs a race's first engine, which the
        /// backup engines yield to it.
        var callerCore: Int32?
    }

    private let strategy: DecodeStrategy
    private let engines: [any DecodeEngine]
    private let history: LatencyHistory
    private let onAnswer: @Sendable (DecodeReport) -> Void
    private let onSettled: (@Sendable (DecodeReport) -> Void)?
    private let cancel = CancellationFlag()
    private let group = DispatchGroup()
    /// Timers and the all-done notify run here: a private queue gets a thread even when
    /// the global pool is busy with callers blocked in `decode`.
    private let control = DispatchQueue(label: "qrkit.decode.control")
    private let clock = ContinuousClock()
    private let began: ContinuousClock.Instant
    private let state: Locked<State>
    private let timeoutItem = Locked<DispatchWorkItem?>(nil)

    init(
        strategy: DecodeStrategy, history: LatencyHistory,
        onAnswer: @escaping @Sendable (DecodeReport) -> Void,
        onSettled: (@Sendable (DecodeReport) -> Void)?
    ) {
        self.strategy = strategy
        self.history = history
        self.onAnswer = onAnswer
        self.onSettled = onSettled
        let engines = strategy.enginesInRunningOrder(history: history)
        self.engines = engines
        self.began = clock.now
        self.state = Locked(State(slots: Array(repeating: .pending, count: engines.count)))
    }

    /// Starts the timeout, the hedge timer and the strategy's first engines.
    ///
    /// - Parameter firstOnCallerThread: run the first engine here, returning when it (and,
    ///   for sequential, the engines after it) has finished; otherwise every engine runs
    ///   on a queue and this returns at once.
    func begin(_ image: GrayImage, timeout: Duration?, firstOnCallerThread: Bool) {
        // One picture for every engine: the variants their passes derive (the inverted
        // copy, the halved one, the look for a finder) are made once.
        let picture = PictureVariants(image, stop: cancel)
        if engines.isEmpty {
            settle()
            return
        }
        if let timeout {
            // Cancelled when the run settles, so a long timeout does not keep the run
            // (and its picture) alive after every engine has stopped.
            let expiry = DispatchWorkItem { [weak self] in self?.answer(timedOut: true) }
            timeoutItem.withLock { $0 = expiry }
            control.asyncAfter(deadline: .now() + timeout.dispatchInterval, execute: expiry)
        }
        if firstOnCallerThread, case .race = strategy {
            state.withLock { $0.callerCore = CorePlacement.current() }
        }
        // On the caller's thread the first engine goes last, once the others are under way.
        if !firstOnCallerThread { launch(0, picture, here: false) }
        switch strategy {
        case .all, .race:
            for index in engines.indices.dropFirst() { launch(index, picture, here: false) }
        case .single, .sequential:
            break
        case .hedged:
            if engines.count > 1, let delay = strategy.hedgeDelay(first: engines[0].name, history: history) {
                scheduleHedge(after: delay, picture)
            }
        }
        if firstOnCallerThread { launch(0, picture, here: true) }
        if firstOnCallerThread, group.wait(timeout: .now()) == .success {
            // Every engine has already stopped: settle here rather than hop to a queue.
            settle()
        } else {
            group.notify(queue: control) { self.settle() }
        }
    }

    /// Starts the hedge timer; it holds the group so the all-done notify waits for it.
    private func scheduleHedge(after delay: Duration, _ picture: PictureVariants) {
        group.enter()
        control.asyncAfter(deadline: .now() + delay.dispatchInterval) {
            self.launchNextPending(picture, here: false)
            self.group.leave()
        }
    }

    /// Starts the first engine not yet started, unless the answer is already in.
    private func launchNextPending(_ picture: PictureVariants, here: Bool) {
        let next = state.withLock { s -> Int? in
            guard !s.answered else { return nil }
            return s.slots.firstIndex { if case .pending = $0 { return true } else { return false } }
        }
        if let next { launch(next, picture, here: here) }
    }

    /// Runs engine `index` on this thread (`here`), or on a queue of its own, so that a
    /// race's engines run side by side.
    private func launch(_ index: Int, _ picture: PictureVariants, here: Bool) {
        let proceed = state.withLock { s -> Bool in
            // Once answered, an engine not yet started stays so (reported not-started).
            guard !s.answered, case .pending = s.slots[index] else { return false }
            s.slots[index] = .running(start: clock.now)
            return true
        }
        guard proceed else { return }
        group.enter()
        let engine = engines[index]
        if here, case .race = strategy {
            // A race answers the moment any engine wins: only a first pass, not a whole
            // engine, may hold the caller.
            guard engine.passNames.count > 1 else { return launchOnQueue(index, engine, picture) }
            runFirstPassHere(index, engine, picture)
            return
        }
        if here {
            run(index, engine, picture, here: true)
        } else {
            launchOnQueue(index, engine, picture)
        }
    }

    /// Runs engine `index`, entered in the group, on this thread, and records its result.
    private func run(_ index: Int, _ engine: any DecodeEngine, _ picture: PictureVariants, here: Bool) {
        let cpuStart = threadCPUTime()
        let result = engine.result { try engine.decode(picture, cancel: self.cancel) }
        finish(index, result, cpu: threadCPUTime() - cpuStart, picture, here: here)
        group.leave()
    }

    /// Runs engine `index`, entered in the group, on a queue of its own.
    ///
    /// A race's engines after the first back it up, and run at Dispatch's utility QoS
    /// (nice 2 on Linux), so that they give way to it when they share its core. The kernel
    /// tends to wake a worker on the core of the thread that woke it: the caller's, where
    /// the first engine runs. There, at equal priority, zbar took the core from zxing-cpp
    /// for a time slice while the other core idled (`perf sched timehist`). That added
    /// 1.6 ms to `qr decode photo.png`, 8.3 against 6.7 ms, where zxing-cpp alone takes
    /// 6.2. A lower-priority engine still runs at full speed on a free core.
    ///
    /// Lower priority was not enough in a fresh process: the kernel puts the new worker on
    /// the caller's core however idle the other is (`sched_wakeup_new ... target_cpu` the
    /// caller's, in `perf sched`), and there it may take the core from the caller for a
    /// whole pass: on a small code, zbar then answered 37 runs of 100 (zxing-cpp 1 of 100
    /// when the worker moved away), another engine's bytes for an ECI payload. Moving it
    /// (narrowing its CPU set) wakes the kernel's migration thread on the caller's very
    /// core: `qr decode photo.png` 2.87 ms against 2.64 without. So a backup engine that
    /// finds itself on the caller's core yields it (`CorePlacement.yield(on:)`), and
    /// runs when the caller waits or the idle core takes it: 2.64 ms, zbar answering 6
    /// runs of 100 (interleaved runs, 2026-11-25).
    private func launchOnQueue(_ index: Int, _ engine: any DecodeEngine, _ picture: PictureVariants) {
        let backsUpTheFirst: Bool
        if case .race = strategy { backsUpTheFirst = index > 0 } else { backsUpTheFirst = false }
        DispatchQueue(label: "qrkit.engine.\(engine.name)", qos: backsUpTheFirst ? .utility : .unspecified).async {
            if backsUpTheFirst, let core = self.state.withLock({ $0.callerCore }) { CorePlacement.yield(on: core) }
            self.run(index, engine, picture, here: false)
        }
    }

    /// A race's engine started on the caller's thread: its first pass runs here, which
    /// answers with no thread hop when it finds the code (as zxing-cpp's does on most
    /// pictures; a hop to an idle core and back cost 0.6 ms a decode on this project's
    /// machine), and the rest of its passes on a queue of its own, so that the caller is
    /// free to return the moment another engine wins: it waits for one cheap pass at most.
    private func runFirstPassHere(_ index: Int, _ engine: any DecodeEngine, _ picture: PictureVariants) {
        let cpuStart = threadCPUTime()
        let first = engine.result {
            try cancel.check()
            return try engine.decode(picture, pass: 0)
        }
        let cpuHere = threadCPUTime() - cpuStart
        guard case .success(let symbols) = first, symbols.isEmpty else {
            finish(index, first, cpu: cpuHere, picture, here: true)
            group.leave()
            return
        }
        DispatchQueue(label: "qrkit.engine.\(engine.name)").async {
            let cpuStart = threadCPUTime()
            let rest = engine.result {
                try runPasses(1..<engine.passNames.count, cancel: self.cancel) { try engine.decode(picture, pass: $0) }
            }
            self.finish(index, rest, cpu: cpuHere + (threadCPUTime() - cpuStart), picture, here: false)
            self.group.leave()
        }
    }

    /// Records engine `index`'s result and decides what happens next.
    private func finish(
        _ index: Int, _ result: Result<[Symbol], DecodeError>, cpu: Duration, _ picture: PictureVariants, here: Bool
    ) {
        let end = clock.now
        let (won, startNext, elapsed) = state.withLock { s -> (Bool, Bool, Duration) in
            guard case .running(let start) = s.slots[index] else { return (false, false, .zero) }
            s.slots[index] = .finished(start: start, end: end, cpu: cpu, result: result)
            let symbols = (try? result.get()) ?? []
            let provisional = symbols.isProvisionalAnswer
            let found = !symbols.isEmpty && !provisional
            if found, s.winner == nil { s.winner = index }
            if provisional, s.provisional == nil { s.provisional = index }
            switch strategy {
            case .all: return (false, false, end - start)
            case .race: return (found, false, end - start)
            case .single, .sequential, .hedged: return (found, !found && !s.answered, end - start)
            }
        }
        if case .success(let symbols) = result, !symbols.isEmpty {
            history.recordSuccess(engine: engines[index].name, elapsed: elapsed)
        }
        if won {
            answer(timedOut: false)
        } else if startNext {
            // Entered before this engine leaves the group, so notify cannot fire in between;
            // on the same thread as the engine before it.
            launchNextPending(picture, here: here)
        }
    }

    /// Every engine has stopped: answer if nobody has, then report the final timings.
    private func settle() {
        timeoutItem.withLock { $0?.cancel() }
        state.withLock { $0.enginesStopped = true }
        answer(timedOut: false)
        settleIfAnswered()
    }

    /// Reports the final timings once the answer has been given and every engine has
    /// stopped, whichever comes last.
    private func settleIfAnswered() {
        let now = state.withLock { s -> Bool in
            guard s.delivered, s.enginesStopped, !s.settled else { return false }
            s.settled = true
            return true
        }
        if now { onSettled?(report(timedOut: false)) }
    }

    /// Gives the answer now, if it has not been given, and tells the engines to stop.
    func stop() {
        answer(timedOut: false)
    }

    /// Gives the answer, once; the engines still running are told to stop.
    private func answer(timedOut: Bool) {
        let first = state.withLock { s -> Bool in
            if s.answered { return false }
            s.answered = true
            return true
        }
        guard first else { return }
        cancel.cancel()
        onAnswer(report(timedOut: timedOut))
        state.withLock { $0.delivered = true }
        settleIfAnswered()
    }

    private func report(timedOut: Bool) -> DecodeReport {
        let now = clock.now
        let s = state.withLock { $0 }
        let progress = s.slots.enumerated().map { index, slot -> (name: String, progress: EngineProgress) in
            switch slot {
            case .pending: return (engines[index].name, .notStarted)
            case .running(let start): return (engines[index].name, .running(since: start))
            case .finished(let start, let end, let cpu, let result):
                return (engines[index].name, .finished(since: start, elapsed: end - start, cpu: cpu, result: result))
            }
        }
        var answersWithWinner = true
        if case .all = strategy { answersWithWinner = false }
        return DecodeReport(
            strategy: strategy.name, engines: progress, winner: s.winner, provisional: s.provisional,
            answersWithWinner: answersWithWinner, began: began, now: now, timedOut: timedOut)
    }
}

extension DecodeStrategy {
    /// The engines in the order they start: as given, except that hedged puts the
    /// usually-faster engine first (the lowest recent median success time in `history`).
    func enginesInRunningOrder(history: LatencyHistory) -> [any DecodeEngine] {
        guard case .hedged = self else { return engines }
        return engines.enumerated().sorted { a, b in
            let ma = history.quantile(0.5, engine: a.element.name)
            let mb = history.quantile(0.5, engine: b.element.name)
            switch (ma, mb) {
            case (let x?, let y?) where x != y: return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }

    /// The hedge delay, from `history` when it is the recent p90; nil when not hedged.
    func hedgeDelay(first engine: String, history: LatencyHistory) -> Duration? {
        guard case .hedged(_, let delay) = self else { return nil }
        switch delay {
        case .fixed(let d): return d
        case .recentP90(let fallback): return history.quantile(0.9, engine: engine) ?? fallback
        }
    }
}

extension Duration {
    /// The duration as a Dispatch interval, in nanoseconds.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        let nanos = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if nanos.overflow || nanos.partialValue > Int64(Int.max) { return .never }
        return .nanoseconds(Int(max(0, nanos.partialValue + attoseconds / 1_000_000_000)))
    }
}
