// qr-serve — DecodeService: pictures decoded on the library's one executor, admitted up to a bound.
import QRKit
import Synchronization

/// Decodes pictures for /decode: read and decoded on the process's ``DecodeExecutor``
/// (never on the server's event loops), each under the library's CPU budget and memory
/// budget, and at most ``admissionLimit`` requests at once. A request past that bound is
/// refused at once (503 with Retry-After): no queue but the executor's own, which the
/// bound keeps short.
final class DecodeService: Sendable {
    /// The most /decode requests decoding at once.
    let admissionLimit: Int
    private let admitted = Atomic<Int>(0)
    private let reader: ImageReader
    /// Each strategy's timings, which the hedged strategy learns from, kept across requests.
    private let histories: [String: LatencyHistory]
    private let metrics: ServerMetrics

    /// The longest `timeout-ms` a request may ask for.
    static let longestTimeout = 60_000

    init(admissionLimit: Int, pixelLimit: Int, metrics: ServerMetrics) {
        self.admissionLimit = admissionLimit
        reader = ImageReader(pixelLimit: pixelLimit)
        histories = Dictionary(
            uniqueKeysWithValues: EngineRegistry.standard.strategyNames.map { ($0, LatencyHistory()) })
        self.metrics = metrics
    }

    /// Takes a place among the admitted, or returns false when all are taken.
    func admit() -> Bool {
        var current = admitted.load(ordering: .relaxed)
        while current < admissionLimit {
            let (exchanged, original) = admitted.compareExchange(
                expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged {
                metrics.decodesInFlight.increment()
                return true
            }
            current = original
        }
        return false
    }

    /// Gives back a place that ``admit()`` took.
    func release() {
        admitted.subtract(1, ordering: .acquiringAndReleasing)
        metrics.decodesInFlight.decrement()
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
