// QRKit — BatchDecode: many pictures through one decoder's executor.
import Dispatch

extension QRDecoder {
    /// Reads one picture of a batch; called on an executor worker, when there is room for it.
    public typealias PictureLoader = @Sendable () throws -> GrayImage

    /// Decodes pictures one after another as `next` gives them, on this decoder's
    /// ``executor``, and returns when all are answered.
    ///
    /// It does not wait for the passes still running then (a race's loser, which stops at
    /// its next pass boundary): they end on the executor, as after ``decode(_:)``.
    ///
    /// Pictures are read on the workers too, a few at a time: no more than twice the
    /// workers, plus two, are held in memory at once, so `next` may stream an endless
    /// list. Among those pictures the executor runs every cheap pass before any
    /// expensive one (``DecodeExecutor``); a picture answered early lets the next one in.
    /// A ``timeout`` and the ``cpuBudget`` hold for each picture; the CPU time the loader
    /// spends reading a picture counts against its budget.
    ///
    /// - Parameters:
    ///   - next: the loader of the next picture, or nil when there are no more; called
    ///     once at a time, and not again after it has returned nil.
    ///   - deliver: called once per picture, on some thread, with its index (the order
    ///     `next` gave it, from 0) and its report, or the error of reading or decoding it
    ///     (``DecodeError/allEnginesFailed(_:)`` as ``decode(_:)`` throws it). Pictures
    ///     are answered in any order.
    public func decodeBatch(
        next: @escaping @Sendable () -> PictureLoader?,
        deliver: @escaping @Sendable (Int, Result<DecodeReport, any Error>) -> Void
    ) {
        let batch = BatchRun(decoder: self, next: next, deliver: deliver)
        batch.begin()
        batch.finished.wait()
    }
}

/// The state of one ``QRDecoder/decodeBatch(next:deliver:)``.
private final class BatchRun: Sendable {
    private struct State {
        var exhausted = false
        /// Pictures answered, or that could not be read.
        var delivered = 0
        /// How many pictures `next` gave, once it has given its last.
        var total: Int?
        /// `finished` has been signalled.
        var signalled = false

        /// Whether every picture is answered and `finished` is yet to be signalled (it
        /// is then marked signalled).
        mutating func allAnswered() -> Bool {
            guard !signalled, let total, delivered == total else { return false }
            signalled = true
            return true
        }
    }

    private struct Source {
        var taken = 0
        var exhausted = false
    }

    let finished = DispatchSemaphore(value: 0)
    private let decoder: QRDecoder
    private let executor: DecodeExecutor
    private let next: @Sendable () -> QRDecoder.PictureLoader?
    private let deliver: @Sendable (Int, Result<DecodeReport, any Error>) -> Void
    private let state = Locked(State())
    /// Held while `next` runs (it may wait for input), apart from `state`, which workers
    /// finishing a picture need.
    private let source = Locked(Source())
    /// Pictures read and not yet settled, at most.
    private let window: Int

    init(
        decoder: QRDecoder, next: @escaping @Sendable () -> QRDecoder.PictureLoader?,
        deliver: @escaping @Sendable (Int, Result<DecodeReport, any Error>) -> Void
    ) {
        self.decoder = decoder
        executor = decoder.executor
        self.next = next
        self.deliver = deliver
        window = 2 * executor.workers + 2
    }

    func begin() {
        submitLoads(window)
    }

    /// Loads go first: a worker that is free reads the next picture before it runs
    /// another picture's pass, so that the cheap passes of new pictures are always at hand.
    private func submitLoads(_ count: Int) {
        executor.submit(copies: count, rank: -1, order: 0, picture: nil) { self.load() }
    }

    private func load() {
        let taken = source.withLock { s -> (index: Int, loader: QRDecoder.PictureLoader?) in
            guard !s.exhausted, let loader = next() else {
                s.exhausted = true
                return (s.taken, nil)
            }
            s.taken += 1
            return (s.taken - 1, loader)
        }
        guard let loader = taken.loader else {
            // Every picture was taken under the source's lock before this load found none:
            // their number is final.
            state.withLock { s in
                s.exhausted = true
                if s.total == nil { s.total = taken.index }
            }
            finishIfAllAnswered()
            return
        }
        let index = taken.index
        let image: GrayImage
        // Reading counts against the picture's CPU budget.
        let cpuStart = threadCPUTime()
        do {
            image = try loader()
        } catch {
            answered(index, .failure(error))
            slotFreed()
            return
        }
        decoder.pictureDecode(
            image, spentReading: threadCPUTime() - cpuStart,
            onAnswer: { report in self.answered(index, Result { try QRDecoder.checked(report) }) },
            onSettled: { _ in self.slotFreed() }
        ).start(firstHere: false)
    }

    /// Delivers picture `index`'s answer, and ends the batch if it was the last one
    /// wanted.
    private func answered(_ index: Int, _ result: Result<DecodeReport, any Error>) {
        deliver(index, result)
        state.withLock { $0.delivered += 1 }
        finishIfAllAnswered()
    }

    /// Signals the end, once, when every picture `next` gave has been answered. Passes
    /// still running then (a race's loser, which cannot be stopped inside a pass) are not
    /// waited for: they end on the executor, as after a single decode, rather than
    /// keep the caller, and a process that exits next, waiting.
    private func finishIfAllAnswered() {
        if state.withLock({ $0.allAnswered() }) { finished.signal() }
    }

    /// A picture has settled: load another in its place, unless `next` has given its last.
    private func slotFreed() {
        if !state.withLock({ $0.exhausted }) { submitLoads(1) }
    }
}
