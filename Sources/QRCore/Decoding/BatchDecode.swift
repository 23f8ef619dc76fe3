// QRKit — BatchDecode: many pictures through one decoder's executor.
import Dispatch

extension QRDecoder {
    /// Reads one picture of a batch; called on an executor worker, when there is room for it.
    public typealias PictureLoader = @Sendable () throws -> GrayImage

    /// Decodes pictures one after another as `next` gives them, on this decoder's
    /// ``executor``, and returns when all are answered.
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
        var inFlight = 0
        var exhausted = false
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
        state.withLock { $0.inFlight = window }
        submitLoads(window)
    }

    /// Loads go first: a worker that is free reads the next picture before it runs
    /// another picture's pass, so that the cheap passes of new pictures are always at hand.
    private func submitLoads(_ count: Int) {
        executor.submit(copies: count, rank: -1, order: 0, picture: nil) { self.load() }
    }

    private func load() {
        let taken = source.withLock { s -> (Int, QRDecoder.PictureLoader)? in
            guard !s.exhausted, let loader = next() else {
                s.exhausted = true
                return nil
            }
            s.taken += 1
            return (s.taken - 1, loader)
        }
        guard let (index, loader) = taken else {
            state.withLock { $0.exhausted = true }
            slotFreed(loadAnother: false)
            return
        }
        let image: GrayImage
        // Reading counts against the picture's CPU budget.
        let cpuStart = threadCPUTime()
        do {
            image = try loader()
        } catch {
            deliver(index, .failure(error))
            slotFreed(loadAnother: true)
            return
        }
        let deliver = self.deliver
        decoder.pictureDecode(
            image, spentReading: threadCPUTime() - cpuStart,
            onAnswer: { report in deliver(index, Result { try QRDecoder.checked(report) }) },
            onSettled: { _ in self.slotFreed(loadAnother: true) }
        ).start(firstHere: false)
    }

    /// A picture has settled (or there was none to load): load another in its place, or
    /// signal the end when none is left in flight.
    private func slotFreed(loadAnother: Bool) {
        let (reload, done) = state.withLock { s -> (Bool, Bool) in
            if loadAnother, !s.exhausted { return (true, false) }
            s.inFlight -= 1
            return (false, s.inFlight == 0)
        }
        if reload { submitLoads(1) }
        if done { finished.signal() }
    }
}
