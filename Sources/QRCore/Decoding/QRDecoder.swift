// QRKit — QRDecoder: runs a strategy's engines on the decode executor and returns a timed report.
import Dispatch

/// Decodes pictures with a ``DecodeStrategy``.
///
/// Every decode runs its engines' passes on a ``DecodeExecutor``: the process's
/// ``DecodeExecutor/shared`` one, sized to the cores, unless the decoder is given its own.
/// The strategy's ``DecodePolicy`` says which passes run first, what follows a miss and
/// when the answer is final; losers stop at their next pass boundary once it is. In a
/// blocking ``decode(_:)`` the first engine's first pass runs on the caller's thread, so a
/// picture it reads is answered with no thread hop, and the other passes run on the
/// executor while the caller waits on a semaphore: however many threads call, the process
/// holds at most the executor's workers beside them.
///
/// With a ``timeout``, and in the async and callback entry points, every pass runs on the
/// executor, so that the answer can be given while a pass is running.
///
/// An answer is final only when it is complete. One holding a structured-append part
/// that its engine could not place (``Symbol/isUnplacedSequencePart``: zbar reads a
/// sequence whole but keeps its headers), or one of codes, one or several, in a picture
/// that shows finder patterns outside them (a sheet of codes), is *held*: it wins
/// nothing, the strategy goes on as if that engine had found nothing (a race waits for
/// the others, sequential and hedged start the next engine), and the answer is the
/// engines' reads merged, repeats dropped, a placed read of a part replacing the
/// unplaced one. ``DecodeReport/heldForCompleteness`` says how long that took. A picture
/// whose codes are all read is answered by the first engine that reads them.
///
///     let decoder = QRDecoder(strategy: .race([ZBarEngine(), ZXingEngine()]))
///     let report = try decoder.decode(image)
///     print(report.symbols.map(\.text), report.winner ?? "none")
public struct QRDecoder: Sendable {
    /// How the engines are combined.
    public var strategy: DecodeStrategy
    /// The longest a decode may take before it returns what it has; nil for no limit.
    public var timeout: Duration?
    /// The most CPU time a decode may use, all its engines' passes together, before it
    /// returns what it has (``DecodeReport/stoppedBy``); nil for no limit. It is weighed
    /// between passes, and every pass is bounded by what it is given (an engine refuses a
    /// picture its library could not finish in bounded time), so a decode ends within
    /// about one pass of it whatever the picture holds.
    public var cpuBudget: Duration?

    /// The CPU budget a decoder has unless told otherwise: a few seconds, which no
    /// picture that holds a readable code needs, and which bounds what a crafted one takes.
    public static let defaultCPUBudget = Duration.seconds(5)
    /// Recent engine timings, which the hedged strategy reads; shared between copies.
    public let history: LatencyHistory
    /// The pool that runs the passes of every decode (and batch) of this decoder.
    public var executor: DecodeExecutor

    /// - Parameters:
    ///   - strategy: how the engines are combined, such as `.race(engines)`.
    ///   - timeout: the longest a decode may take; nil for no limit.
    ///   - cpuBudget: the most CPU time a decode may use (``cpuBudget``); nil for no limit.
    ///   - history: recent timings to learn from; a new, empty one by default.
    ///   - executor: the pool to run every decode's passes on; the process's shared one by
    ///     default.
    public init(
        strategy: DecodeStrategy, timeout: Duration? = nil, cpuBudget: Duration? = QRDecoder.defaultCPUBudget,
        history: LatencyHistory = LatencyHistory(), executor: DecodeExecutor = .shared
    ) {
        self.strategy = strategy
        self.timeout = timeout
        self.cpuBudget = cpuBudget
        self.history = history
        self.executor = executor
    }

    /// The decoder with a pool of its own, or the shared one for nil.
    @available(*, deprecated, renamed: "init(strategy:timeout:history:executor:)")
    public init(
        strategy: DecodeStrategy, timeout: Duration? = nil, history: LatencyHistory = LatencyHistory(),
        scheduler: DecodeExecutor?
    ) {
        self.init(strategy: strategy, timeout: timeout, history: history, executor: scheduler ?? .shared)
    }

    /// The pool, by the name it had when only batches used one.
    @available(*, deprecated, renamed: "executor")
    public var scheduler: DecodeExecutor? {
        get { executor }
        set { executor = newValue ?? .shared }
    }

    /// Decodes `image`, blocking the calling thread until the strategy has its answer.
    ///
    /// - Important: Call it from a thread of your own (a command-line tool, a
    ///   `DispatchQueue`), not from `async` code: a task that blocks here holds one of the
    ///   few threads Swift's concurrency runs every task on, for the whole decode. In
    ///   `async` code, `try await decoder.decode(image)` answers the same without
    ///   blocking a thread.
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
        try decode(image, spentReading: .zero, onSettled: onSettled)
    }

    /// Decodes `image` as ``decode(_:)`` does, after `spentReading` of CPU time was spent
    /// reading it, which counts against the ``cpuBudget``.
    package func decode(
        _ image: GrayImage, spentReading: Duration, onSettled: (@Sendable (DecodeReport) -> Void)? = nil
    ) throws -> DecodeReport {
        let semaphore = DispatchSemaphore(value: 0)
        let answer = Locked<DecodeReport?>(nil)
        let decode = pictureDecode(
            image, spentReading: spentReading,
            onAnswer: { report in
                answer.withLock { $0 = report }
                semaphore.signal()
            }, onSettled: onSettled)
        // A pass cannot be interrupted: with a timeout, the answer must not wait for one here.
        decode.start(firstHere: timeout == nil)
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
                let decode = pictureDecode(
                    image, onAnswer: { continuation.resume(returning: $0) }, onSettled: onSettled)
                stop.withLock { $0 = { decode.stop() } }
                decode.start(firstHere: false)
                // A cancellation that came while the decode was beginning found no `stop`
                // to call: stop it now. Stopping twice is harmless.
                if Task.isCancelled { decode.stop() }
            }
        } onCancel: {
            // The decode may not have begun yet: then it is stopped as soon as it has (above).
            stop.withLock { $0 }?()
        }
        try Task.checkCancellation()
        return try Self.checked(report)
    }

    /// Reads a picture on the ``executor`` and decodes it, without blocking a thread: a
    /// server's entry point, whose own threads must not read or decode. The CPU time
    /// `load` spends counts against the ``cpuBudget``, as in ``decodeBatch(next:deliver:)``.
    ///
    /// The worker that reads the picture queues its passes, as a batch's does, so that the
    /// caller is resumed once, with the answer, not once more between reading and decoding.
    /// Honours task cancellation as the `async` `decode(_:onSettled:)` does; a picture
    /// whose task is cancelled while it is read is not decoded.
    ///
    /// - Parameters:
    ///   - load: reads the picture; called once, on an executor worker.
    ///   - onSettled: called once when every engine has stopped, with the final timings.
    /// - Throws: what `load` throws, and what the `async` `decode(_:onSettled:)` throws.
    public func decode(
        loading load: @escaping PictureLoader, onSettled: (@Sendable (DecodeReport) -> Void)? = nil
    ) async throws -> DecodeReport {
        let stop = Locked<(cancelled: Bool, decode: PictureDecode?)>((false, nil))
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<LoadedDecode, Never>) in
                executor.submit(copies: 1, rank: -1, order: 0, picture: nil) {
                    let cpuStart = threadCPUTime()
                    let image: GrayImage
                    do {
                        image = try load()
                    } catch {
                        return continuation.resume(returning: .unread(error))
                    }
                    let decode = pictureDecode(
                        image, spentReading: threadCPUTime() - cpuStart,
                        onAnswer: { continuation.resume(returning: .answered($0)) }, onSettled: onSettled)
                    let cancelled = stop.withLock { s -> Bool in
                        if !s.cancelled { s.decode = decode }
                        return s.cancelled
                    }
                    // Cancelled while it was read: the caller throws, and nothing is decoded.
                    guard !cancelled else { return continuation.resume(returning: .cancelled) }
                    decode.start(firstHere: false)
                }
            }
        } onCancel: {
            // The picture may still be being read: then it is not decoded (above).
            stop.withLock { s -> PictureDecode? in
                s.cancelled = true
                return s.decode
            }?.stop()
        }
        switch outcome {
        case .unread(let error): throw error
        case .cancelled: throw CancellationError()
        case .answered(let report):
            try Task.checkCancellation()
            return try Self.checked(report)
        }
    }

    /// How a ``decode(loading:onSettled:)`` ended on the executor.
    private enum LoadedDecode: Sendable {
        case unread(any Error)
        case cancelled
        case answered(DecodeReport)
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
        pictureDecode(image, onAnswer: onAnswer, onSettled: onSettled).start(firstHere: false)
    }

    /// The decode of `image` on the executor, not yet started.
    func pictureDecode(
        _ image: GrayImage, spentReading: Duration = .zero, onAnswer: @escaping @Sendable (DecodeReport) -> Void,
        onSettled: (@Sendable (DecodeReport) -> Void)?
    ) -> PictureDecode {
        PictureDecode(
            image, strategy: strategy, timeout: timeout, cpuBudget: cpuBudget, spentReading: spentReading,
            history: history, executor: executor, onAnswer: onAnswer, onSettled: onSettled)
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

extension Duration {
    /// The duration as a Dispatch interval, in nanoseconds.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        let nanos = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if nanos.overflow || nanos.partialValue > Int64(Int.max) { return .never }
        return .nanoseconds(Int(max(0, nanos.partialValue + attoseconds / 1_000_000_000)))
    }
}
