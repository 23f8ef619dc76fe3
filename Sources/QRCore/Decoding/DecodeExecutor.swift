// QRKit — DecodeExecutor: the decode passes of every picture and caller on one bounded pool.
import Dispatch

/// Runs decode passes, of any number of pictures, callers and strategies, on at most
/// ``workers`` threads at once.
///
/// A decode is a set of passes: (picture, engine, pass). A strategy is then an order
/// over them (its ``DecodePolicy``), not a set of threads. A pass is ranked by what a
/// read costs from it: the least, over the runs of its engine's passes that begin with
/// it, of their CPU time over the chance that one of them reads the picture. Both are
/// measured as the executor runs: each pass's mean CPU time (until one has run, what the
/// engine says it typically costs, else a millisecond), taken as on a picture of
/// `referencePixels` (a pass's work grows with the picture: timed on pictures of every
/// size, one engine's mean against another's would say more of the pictures each has
/// met than of the engines), and the share of its runs that found a code, starting from
/// one in five. So between two engines' next passes, the one likelier to read for its
/// cost goes first: a cheap pass that seldom reads where the passes before it missed
/// waits behind a dearer one that often does. For engines that run in turn
/// (``DecodePolicy/ranksInTurn``), the passes of the engines before it are added too.
/// Among passes of equal rank the earlier pass of its engine goes first, then the engine
/// listed first, then the picture that came first.
///
/// A worker takes the first pass of a picture that has no pass running; only
/// when every queued pass belongs to such a busy picture does it run one beside the
/// other (a race proper). So a batch runs each picture's passes one at a time, and a
/// race loses no CPU to a loser while other pictures wait, yet a lone picture, or the
/// last ones of a batch, still has its engines side by side.
/// When a picture has its answer, its queued passes are taken off the queue and the
/// engines that had started are reported `cancelled`. A pass that has begun runs to its
/// end (or to its next look at ``PictureVariants/stop``): passes are the unit of
/// interruption.
///
/// Workers are threads of the executor's own, started when there is work and ended when
/// there has been none for a while: an idle executor comes to hold no thread. Every pass of every decode
/// that uses the executor runs on one of them, except the first pass of a blocking
/// ``QRDecoder/decode(_:)``, which runs on its caller's thread. So however many callers
/// decode at once, the process holds at most ``workers`` threads for passes beside the
/// callers' own, and a timer thread. ``shared``, sized to the cores, serves every decoder
/// that is given no executor of its own.
///
///     let decoder = QRDecoder(executor: DecodeExecutor(workers: 2))
///     decoder.decodeBatch(next: { nextLoader() }) { index, result in print(index, result) }
public final class DecodeExecutor: Sendable {
    /// The executor of every decoder given none of its own: a worker for each core online.
    public static let shared = DecodeExecutor(workers: onlineCoreCount())

    /// The most passes run at once.
    public let workers: Int
    private let state = Locked(State())
    /// Where hedge timers fire.
    let timers = DispatchQueue(label: "qrkit.executor.timers")
    /// Each engine's passes so far: how many ran, their CPU time as on a picture of
    /// ``referencePixels``, and how many found a code; they rank the passes.
    private let costs = Locked<[PassKey: PassRecord]>([:])

    private struct PassRecord {
        var count = 0
        var microseconds = 0.0
        var reads = 0

        mutating func record(_ microseconds: Double, found: Bool) {
            count += 1
            self.microseconds += microseconds
            if found { reads += 1 }
        }
    }

    /// A pass in the book of costs: two names, hashed without joining them into a string
    /// of their own (an allocation for every pass of every decode).
    private struct PassKey: Hashable {
        let engine: String
        let pass: String
    }

    /// How long a worker waits for work before it ends.
    let idleLifetime = Duration.seconds(2)

    /// What a pass is assumed to cost before one has run: a millisecond.
    static let unknownCost = 1000

    /// The picture size costs are booked for: about that of the photographs the engines'
    /// typical costs were measured on. A pass on a larger picture is booked at its time
    /// scaled down to this size; one on a smaller picture at its time, as a pass's fixed
    /// part weighs most there.
    static let referencePixels = 1 << 16

    /// What the chance of a read is taken to be for a pass that has not run, and how many
    /// runs that guess weighs as: a few, so that what the passes show soon decides.
    static let priorReadShare = 0.2
    static let priorRuns = 3.0

    /// Records that `pass` of `engine` took `cpu` on a picture of `pixels`, and whether it
    /// found a code.
    func recordCost(engine: String, pass: String, cpu: Duration, pixels: Int, found: Bool) {
        let micros = cpu.milliseconds * 1000 * Double(Self.referencePixels) / Double(max(pixels, Self.referencePixels))
        costs.withLock { book in
            book[PassKey(engine: engine, pass: pass), default: PassRecord()].record(micros, found: found)
        }
    }

    /// How many passes from a pass its rank looks at: the work of ranking an engine of
    /// many passes stays linear in their number. The engines here have about a dozen.
    static let rankLookahead = 16

    /// The rank of each of `passes`, an engine's passes in the order they run, and what
    /// they cost in all, in microseconds on a picture of ``referencePixels``.
    ///
    /// A pass's rank is the least, over the runs of passes that begin with it and end at a
    /// later one (at most ``rankLookahead`` on), of their mean cost over the chance that one
    /// of them reads: the passes of an engine run in turn, so a pass that seldom reads but
    /// leads to one that often does is ranked by both (the order of independent searches
    /// that costs least in expectation).
    func ranks(of passes: [DecodePass]) -> (ranks: [Int], total: Int) {
        let records = costs.withLock { book in passes.map { book[PassKey(engine: $0.engine.name, pass: $0.name)] } }
        let estimates = zip(passes, records).map { pass, record -> (cost: Double, share: Double) in
            let cost: Double
            if let record, record.count > 0 {
                cost = record.microseconds / Double(record.count)
            } else {
                cost = pass.typicalCost.map { $0.milliseconds * 1000 } ?? Double(Self.unknownCost)
            }
            let runs = Double(record?.count ?? 0)
            let reads = Double(record?.reads ?? 0)
            let share = (reads + Self.priorReadShare * Self.priorRuns) / (runs + Self.priorRuns)
            return (max(1, cost), share)
        }
        let ranks = estimates.indices.map { first in
            var cost = 0.0
            var missAll = 1.0
            var best = Double.infinity
            for estimate in estimates[first..<min(estimates.count, first + Self.rankLookahead)] {
                cost += estimate.cost
                missAll *= 1 - estimate.share
                best = min(best, cost / (1 - missAll))
            }
            return Int(min(best, Double(Int.max / 4)))
        }
        return (ranks, Int(estimates.reduce(0) { $0 + $1.cost }))
    }

    private struct State {
        var queue: [Task] = []
        /// Worker threads alive.
        var threads = 0
        /// The workers waiting for work, each with the core it last ran on.
        var idle: [(worker: Worker, core: Int32?)] = []
        var submitted = 0
        /// Passes running, by picture (its sequence number).
        var busy: [Int: Int] = [:]

        /// Takes the first task of a picture with no pass running, else the first task;
        /// with `passesOnly`, no picture load.
        mutating func take(passesOnly: Bool = false) -> Task? {
            var best: Int?
            var bestFree: Int?
            for index in queue.indices {
                let task = queue[index]
                if passesOnly && task.picture == nil { continue }
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

    /// Queues pass `step` of an engine, `order`, of picture `sequence` at `rank` (lower
    /// first; ties by `step`, then `order`, then `sequence`).
    func submit(rank: Int, step: Int, order: Int, sequence: Int, _ work: @escaping @Sendable () -> Void) {
        submit(copies: 1, rank: rank, step: step, order: order, picture: sequence, work)
    }

    /// Queues `copies` runs of `work` at once, before any worker can take one of them;
    /// `picture` is nil for work that belongs to no picture (a batch's loads).
    func submit(
        copies: Int, rank: Int, step: Int = 0, order: Int, picture: Int?, _ work: @escaping @Sendable () -> Void
    ) {
        let here = CorePlacement.current()
        let (woken, newThreads) = state.withLock { s -> ([Worker], Int) in
            for _ in 0..<copies {
                s.submitted += 1
                s.queue.append(
                    Task(rank: rank, step: step, order: order, picture: picture, arrival: s.submitted, work: work))
            }
            var woken: [Worker] = []
            var newThreads = 0
            for _ in 0..<copies {
                if !s.idle.isEmpty {
                    // A worker that last ran on another core than this one: the kernel wakes
                    // a thread on its last core when that core is idle, and next to its waker
                    // otherwise, where it would wait for this thread (a caller about to run
                    // its first pass) while the other core idles.
                    let elsewhere = s.idle.lastIndex { $0.core != here } ?? s.idle.count - 1
                    woken.append(s.idle.remove(at: elsewhere).worker)
                } else if s.threads < workers {
                    s.threads += 1
                    newThreads += 1
                }
            }
            return (woken, newThreads)
        }
        for worker in woken { worker.wake.signal() }
        for _ in 0..<newThreads {
            startThread(named: "qrkit-decode") { self.work(Worker()) }
        }
    }

    /// Workers running a task now, and tasks queued: nothing runs or waits when both are 0.
    package var load: (running: Int, queued: Int) {
        state.withLock { s in (s.threads - s.idle.count, s.queue.count) }
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

    /// A worker: runs the first queued task until none is left, then waits for more; a
    /// worker idle for ``idleLifetime`` ends, so an idle executor comes to hold no thread.
    /// Threads of its own rather than Dispatch's: libdispatch's pool on Linux started a
    /// second worker only after the first had run for a while, so a picture's engines ran
    /// one after the other at the start of a process.
    private func work(_ worker: Worker) {
        // A little below the callers: a caller's own first pass (the cheapest of a decode)
        // keeps its core when a worker is woken onto it, as the kernel tends to do.
        lowerThreadPriority(to: 2)
        let thread = currentThreadID()
        Self.workerThreads.withLock { $0[thread] = self }
        defer { _ = Self.workerThreads.withLock { $0.removeValue(forKey: thread) } }
        var done: Task?
        while true {
            let task = state.withLock { s -> Task? in
                if let finished = done { s.finished(finished) }
                if let task = s.take() { return task }
                s.idle.append((worker, CorePlacement.current()))
                return nil
            }
            done = task
            if let task {
                task.work()
                continue
            }
            guard worker.wake.wait(timeout: .now() + idleLifetime.dispatchInterval) == .timedOut else { continue }
            let ends = state.withLock { s -> Bool in
                guard let index = s.idle.firstIndex(where: { $0.worker === worker }) else {
                    // Woken as the wait ended: the signal is on its way.
                    return false
                }
                s.idle.remove(at: index)
                s.threads -= 1
                return true
            }
            if ends { return }
            worker.wake.wait()
        }
    }

    /// The executor each worker thread works for, by thread.
    private static let workerThreads = Locked<[UInt: DecodeExecutor]>([:])

    /// Runs one queued pass (not a picture load) of the executor whose worker calls it,
    /// there and then, and says whether there was one: for a task that must wait on a
    /// worker (a batch's load waiting for memory that pictures being decoded hold), so that
    /// those pictures go on while it waits. A thread that is no worker runs nothing.
    package static func runQueuedPassOnThisWorker() -> Bool {
        guard let executor = workerThreads.withLock({ $0[currentThreadID()] }) else { return false }
        guard let task = executor.state.withLock({ $0.take(passesOnly: true) }) else { return false }
        task.work()
        executor.state.withLock { $0.finished(task) }
        return true
    }

    /// A worker thread's own wake-up, signalled by the submitter that chose it.
    private final class Worker: Sendable {
        let wake = DispatchSemaphore(value: 0)
    }

    /// A number for each new picture, so that pictures submitted earlier go first.
    func nextSequence() -> Int {
        state.withLock { s in
            s.submitted += 1
            return s.submitted
        }
    }
}

/// The name the pass scheduler had before it ran every decode.
@available(*, deprecated, renamed: "DecodeExecutor")
public typealias PassScheduler = DecodeExecutor

/// One queued pass (or picture load).
private struct Task {
    let rank: Int
    /// The pass's place among its engine's passes.
    let step: Int
    let order: Int
    /// The picture's sequence number; nil for work of no picture.
    let picture: Int?
    let arrival: Int
    let work: @Sendable () -> Void

    func precedes(_ other: Task) -> Bool {
        (rank, step, order, picture ?? 0, arrival)
            < (other.rank, other.step, other.order, other.picture ?? 0, other.arrival)
    }
}
