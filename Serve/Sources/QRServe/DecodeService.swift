// qr-serve — DecodeService: pictures decoded on the library's one executor, admitted up to a bound.
import QRKit
import Synchronization

/// Decodes pictures for /decode: read and decoded on the process's ``DecodeExecutor``
/// (never on the server's event loops), each under the library's CPU budget and memory
/// budget, and at most ``admissionLimit`` requests at once.
///
/// A request that finds every place taken waits in a line of at most ``lineLimit``, for at
/// most ``waitLimit``. While the line is no longer than the places, the next place goes to
/// the waiter that came first; once it is longer (overload), to the newest (the adaptive
/// LIFO of Maurer's "Fail at Scale"): those given a place have waited least, and those that
/// have waited longest are the ones refused (503 with Retry-After). A request that finds
/// the line full is refused at once. Waiting costs no CPU, where an immediate refusal to
/// a client that asks again at once (as a load generator does) takes from the decodes the
/// CPU of answering it again and again.
///
/// The places shrink under overload. While the line is short, all ``admissionLimit``
/// places are given: pictures queue on the executor, so no worker waits for the hand-over
/// of the next one, and a waiter's time is the same in the line or on the executor. Once
/// the line is longer than the places, only ``overloadAdmissionLimit`` are (one per
/// worker): a picture queued behind others on the executor would wait there in arrival
/// order, where in the line the newest goes first, so a deep executor queue would only
/// add to the wait of every request admitted.
///
/// Under overload a place freed when every waiter has already waited longer than
/// ``freshLimit`` is kept for at most ``holdLimit`` for a request that comes in meanwhile,
/// then given to the newest waiter. A client that keeps its connections queued asks again
/// as soon as it is answered, so the place's own last request is usually back within the
/// hold; the newest waiter, when nothing else was answered while both places held slow
/// pictures, has waited as long as those took, and would start its own decode that late.
/// The place idles at most ``holdLimit``, and only while every waiter is stale.
final class DecodeService: Sendable {
    /// The most /decode requests decoding at once.
    let admissionLimit: Int
    /// The most decoding at once while the line is longer than ``admissionLimit``.
    let overloadAdmissionLimit: Int
    /// The most requests waiting for a place.
    let lineLimit: Int
    /// The longest a request waits for a place.
    let waitLimit: Duration
    /// Under overload, a waiter that has waited longer than this is given a free place
    /// only once the place has been kept ``holdLimit`` for a newcomer.
    let freshLimit: Duration
    /// The longest a free place is kept for a newcomer under overload; zero: never kept.
    let holdLimit: Duration
    /// The most bytes of /decode bodies held at once, read or being read: a place is taken
    /// only once a body is whole, so this, not the places, bounds what uploads hold.
    let bodyMemoryLimit: Int
    private let bodyBytes = Atomic<Int>(0)
    private let line = Mutex(Line())
    private let reader: ImageReader
    /// Each strategy's timings, which the hedged strategy learns from, kept across requests.
    private let histories: [String: LatencyHistory]
    private let metrics: ServerMetrics

    /// The longest `timeout-ms` a request may ask for.
    static let longestTimeout = 60_000

    private struct Waiter {
        var id: Int
        var arrived: ContinuousClock.Instant
        var continuation: CheckedContinuation<Bool, Never>
        var timer: Task<Void, Never>?
    }

    private struct Line {
        var admitted = 0
        var waiting: [Waiter] = []
        var lastID = 0
        /// A free place kept for a newcomer, while one is.
        var hold: Hold?
    }

    /// Since when a free place has been kept, and the last waiter's id then: a waiter with
    /// a later id came in meanwhile.
    private struct Hold {
        var since: ContinuousClock.Instant
        var lastID: Int
    }

    /// Waiters taken off the line, each given a place, and whether a hold began.
    private struct Filled {
        var given: [Waiter] = []
        var holdBegan = false
    }

    init(
        admissionLimit: Int, overloadAdmissionLimit: Int? = nil, lineLimit: Int = 0, waitLimit: Duration = .zero,
        freshLimit: Duration = .zero, holdLimit: Duration = .zero, bodyMemoryLimit: Int = .max, pixelLimit: Int,
        metrics: ServerMetrics
    ) {
        self.bodyMemoryLimit = bodyMemoryLimit
        self.admissionLimit = admissionLimit
        self.overloadAdmissionLimit = min(admissionLimit, max(1, overloadAdmissionLimit ?? admissionLimit))
        self.lineLimit = lineLimit
        self.waitLimit = waitLimit
        self.freshLimit = freshLimit
        self.holdLimit = holdLimit
        reader = ImageReader(pixelLimit: pixelLimit)
        histories = Dictionary(
            uniqueKeysWithValues: EngineRegistry.standard.strategyNames.map { ($0, LatencyHistory()) })
        self.metrics = metrics
    }

    /// Whether a request would be given a place or a spot in the line now (another
    /// request may take it first).
    var hasRoom: Bool {
        line.withLock { $0.admitted < admissionLimit || $0.waiting.count < lineLimit }
    }

    /// Counts `bytes` of a body against ``bodyMemoryLimit``, or returns false when they do
    /// not fit.
    func reserveBody(_ bytes: Int) -> Bool {
        var current = bodyBytes.load(ordering: .relaxed)
        while current <= bodyMemoryLimit - bytes {
            let (exchanged, original) = bodyBytes.compareExchange(
                expected: current, desired: current + bytes, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Gives back what ``reserveBody(_:)`` counted.
    func releaseBody(_ bytes: Int) {
        bodyBytes.subtract(bytes, ordering: .acquiringAndReleasing)
    }

    /// Requests waiting for a place now.
    var waitingCount: Int { line.withLock { $0.waiting.count } }

    /// Takes a place, waiting for one in the line if there is room in it; false when
    /// refused: the line full, or no place came within ``waitLimit``.
    func admit() async -> Bool {
        enum Outcome {
            case admitted, refused
            case wait(Int)
        }
        let outcome = line.withLock { line -> Outcome in
            if line.waiting.isEmpty, line.admitted < placeLimit(line) {
                line.admitted += 1
                return .admitted
            }
            guard line.waiting.count < lineLimit else { return .refused }
            line.lastID += 1
            return .wait(line.lastID)
        }
        let admitted: Bool
        switch outcome {
        case .admitted:
            admitted = true
            metrics.admittedAfterWaiting(.zero)
        case .refused: admitted = false
        case .wait(let id):
            let limit = waitLimit
            let arrived = ContinuousClock.now
            admitted = await withCheckedContinuation { continuation in
                let filled = line.withLock { line in
                    line.waiting.append(Waiter(id: id, arrived: arrived, continuation: continuation))
                    return fillPlaces(&line)
                }
                resumeAdmitted(filled)
                let timer = Task {
                    try? await Task.sleep(for: limit)
                    if !Task.isCancelled { self.giveUp(id) }
                }
                // Given a place already, the waiter is gone and the timer is not needed.
                let kept = line.withLock { line in
                    guard let index = line.waiting.firstIndex(where: { $0.id == id }) else { return false }
                    line.waiting[index].timer = timer
                    return true
                }
                if !kept { timer.cancel() }
            }
            if admitted { metrics.admittedAfterWaiting(arrived.duration(to: .now)) }
        }
        if admitted { metrics.decodesInFlight.increment() }
        return admitted
    }

    /// Refuses the waiter `id` if it is still waiting. A shorter line may end an overload,
    /// and so free places for the others.
    private func giveUp(_ id: Int) {
        let (waiter, filled) = line.withLock { line -> (Waiter?, Filled) in
            guard let index = line.waiting.firstIndex(where: { $0.id == id }) else { return (nil, Filled()) }
            let waiter = line.waiting.remove(at: index)
            return (waiter, fillPlaces(&line))
        }
        waiter?.continuation.resume(returning: false)
        resumeAdmitted(filled)
    }

    /// Gives back a place that ``admit()`` took, and gives the places now free to waiters.
    func release() {
        metrics.decodesInFlight.decrement()
        resumeAdmitted(
            line.withLock { line in
                line.admitted -= 1
                return fillPlaces(&line)
            })
    }

    /// Tells waiters taken off the line that they have a place, and ends a hold that began
    /// when its time is over.
    private func resumeAdmitted(_ filled: Filled) {
        for waiter in filled.given {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
        if filled.holdBegan {
            let limit = holdLimit
            Task {
                try? await Task.sleep(for: limit)
                self.resumeAdmitted(self.line.withLock { self.fillPlaces(&$0) })
            }
        }
    }

    /// The places that may be taken now: fewer under overload (see the type's discussion).
    private func placeLimit(_ line: Line) -> Int {
        line.waiting.count > admissionLimit ? overloadAdmissionLimit : admissionLimit
    }

    /// Takes waiters off the line, each given a place, while places are free: in order
    /// while the line is no longer than the places, newest first once it is longer, a place
    /// kept for a newcomer while every waiter is stale (see the type's discussion).
    private func fillPlaces(_ line: inout Line) -> Filled {
        var filled = Filled()
        while line.admitted < placeLimit(line), !line.waiting.isEmpty {
            // In order while the line is short: every waiter is then a few decodes from its
            // turn, and none is passed over until it is refused.
            guard line.waiting.count > admissionLimit else {
                filled.given.append(line.waiting.removeFirst())
                line.admitted += 1
                continue
            }
            if holdLimit > .zero {
                let now = ContinuousClock.now
                let newest = line.waiting[line.waiting.count - 1]
                if let hold = line.hold, newest.id > hold.lastID {
                    metrics.placeHeld("newcomer")
                } else if newest.arrived.duration(to: now) > freshLimit {
                    guard let hold = line.hold else {
                        line.hold = Hold(since: now, lastID: line.lastID)
                        filled.holdBegan = true
                        break
                    }
                    if hold.since.duration(to: now) < holdLimit { break }
                    metrics.placeHeld("expired")
                }
            }
            filled.given.append(line.waiting.removeLast())
            line.admitted += 1
        }
        // A place is still kept only while one is free for a waiter who has not come yet.
        if line.admitted >= placeLimit(line) || line.waiting.isEmpty { line.hold = nil }
        return filled
    }

    /// The decoder a request's `strategy` and `timeout-ms` ask for.
    func decoder(_ parameters: [String: String]) throws(BadRequest) -> QRDecoder {
        let registry = EngineRegistry.standard
        let name = parameters["strategy"] ?? "race"
        guard let strategy = registry.strategy(named: name), let history = histories[name] else {
            throw BadRequest("unknown strategy '\(name)'; use \(registry.strategyNames.joined(separator: ", "))")
        }
        var timeout: Duration?
        if let text = parameters["timeout-ms"] {
            guard let milliseconds = Int(text), (1...Self.longestTimeout).contains(milliseconds) else {
                throw BadRequest("'timeout-ms' must be a whole number of milliseconds from 1 to \(Self.longestTimeout)")
            }
            timeout = .milliseconds(milliseconds)
        }
        return QRDecoder(strategy: strategy, timeout: timeout, history: history)
    }

    /// One picture's JSON object, as `qr decode --json` prints it, and whether it could be read.
    func decode(_ picture: UploadedPicture, with decoder: QRDecoder) async -> (json: String, readable: Bool) {
        let reader = self.reader
        let bytes = picture.bytes
        let name = picture.name
        let file = DecodeJSON.FileName(text: name)
        do {
            let report = try await decoder.decode(loading: { try reader.read(data: bytes, name: name) })
            metrics.pictureDecoded(report)
            let join = StructuredAppend.join(report.symbols)
            return (
                DecodeJSON.line(
                    file: file, report: report, sequences: join.sequences.isEmpty ? nil : join.sequences,
                    error: report.stoppedBy.map { "\($0)" }),
                true
            )
        } catch {
            metrics.refused(Self.reason(error))
            return (DecodeJSON.line(file: file, report: nil, error: "\(error)"), false)
        }
    }

    /// A refusal's reason, from a fixed set (a metrics label).
    static func reason(_ error: any Error) -> String {
        switch error {
        case ImageError.tooLarge: "too-many-pixels"
        case ImageError.overMemoryBudget: "over-memory-budget"
        case ImageError.overCPUBudget: "over-cpu-budget"
        case ImageError.unsupportedFormat: "unsupported-format"
        case is ImageError: "unreadable"
        case is DecodeError: "engines-failed"
        default: "other"
        }
    }
}
