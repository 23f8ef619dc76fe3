// qr-serve — ServerMetrics: what /metrics shows, in Prometheus's text format.
import Prometheus
import QRKit
import Synchronization

/// The server's counters, gauges and histograms, in one registry that /metrics emits.
/// Label values come from fixed sets (routes, statuses, engines, reasons), so that no
/// request can make the registry grow.
public final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    /// Decodes admitted to the executor and not yet answered.
    let decodesInFlight: Gauge
    /// Requests being answered.
    let requestsInFlight: Gauge
    /// Each metric by its labels, once made: the registry checks a metric's name, help text
    /// and labels every time it is asked for one, which every request did.
    private let counters = MetricCache<Counter>()
    private let histograms = MetricCache<DurationHistogram>()

    static let latencyBuckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
        .seconds(2.5), .seconds(5), .seconds(10),
    ]

    public init() {
        decodesInFlight = registry.makeGauge(
            descriptor: .init(
                metricName: "qrserve_decodes_in_flight", unitName: "", helpText: "Decodes admitted and not yet answered"
            ))
        requestsInFlight = registry.makeGauge(
            descriptor: .init(
                metricName: "qrserve_requests_in_flight", unitName: "", helpText: "Requests being answered"))
    }

    /// A request answered: counted by route and status, timed by route.
    func requestAnswered(route: String, status: Int, elapsed: Duration) {
        counters.metric(["requests", route, String(status)]) {
            registry.makeCounter(
                descriptor: .init(
                    metricName: "qrserve_requests", unitName: "total",
                    helpText: "Requests answered, by route and status"
                ),
                labels: [("route", route), ("status", String(status))])
        }.increment()
        histograms.metric(["request_duration", route]) {
            registry.makeDurationHistogram(
                descriptor: .init(
                    metricName: "qrserve_request_duration", unitName: "seconds",
                    helpText: "Time to answer a request, by route"),
                labels: [("route", route)], buckets: Self.latencyBuckets)
        }.record(elapsed)
    }

    /// Finer than ``latencyBuckets`` where decodes are: the mark for admitted requests
    /// under load is a few milliseconds.
    static let admittedBuckets: [Duration] =
        [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 12.5, 15, 20, 25, 30, 40, 50, 75, 100, 250, 500]
        .map { .microseconds(Int($0 * 1000)) } + [.seconds(1), .seconds(2.5), .seconds(5), .seconds(10)]

    /// A /decode request admitted and answered: its time from its arrival, body read
    /// included, to its answer. Refusals are left out, so that this is what a caller that
    /// got a place waited, however many were refused beside it.
    func admittedDecodeAnswered(elapsed: Duration) {
        recordAdmitted(
            elapsed, name: "qrserve_admitted_decode_duration",
            help: "Time to answer an admitted /decode request, from its arrival")
    }

    /// A /decode request given a place: how long it waited in the line for it (zero when
    /// a place was free), to set against ``admittedDecodeAnswered(elapsed:)``.
    func admittedAfterWaiting(_ elapsed: Duration) {
        recordAdmitted(
            elapsed, name: "qrserve_admitted_line_wait",
            help: "Time an admitted /decode request waited in the line for its place")
    }

    /// Records `elapsed` in the histogram `name`, in ``admittedBuckets``.
    private func recordAdmitted(_ elapsed: Duration, name: String, help: String) {
        histograms.metric([name]) {
            registry.makeDurationHistogram(
                descriptor: .init(metricName: name, unitName: "seconds", helpText: help), buckets: Self.admittedBuckets)
        }.record(elapsed)
    }

    /// A picture decoded: the engine that won (or `none`), and the passes each engine ran.
    func pictureDecoded(_ report: DecodeReport) {
        let winner = report.winner ?? "none"
        counters.metric(["engine_wins", winner]) {
            registry.makeCounter(
                descriptor: .init(
                    metricName: "qrserve_engine_wins", unitName: "total",
                    helpText: "Pictures answered, by winning engine"
                ),
                labels: [("engine", winner)])
        }.increment()
        for engine in report.engines where engine.outcome != .notStarted {
            let outcome = engine.outcome.label
            counters.metric(["engine_runs", engine.name, outcome]) {
                registry.makeCounter(
                    descriptor: .init(
                        metricName: "qrserve_engine_runs", unitName: "total",
                        helpText: "Engines started on a picture, by outcome"),
                    labels: [("engine", engine.name), ("outcome", outcome)])
            }.increment()
        }
    }

    /// A picture or request refused, by why: `body-too-large`, `busy`, `unreadable`, ...
    func refused(_ reason: String) {
        count("qrserve_refused", help: "Pictures or requests refused, by reason", label: ("reason", reason))
    }

    /// A free place kept for a newcomer under overload (see `DecodeService`), by how the
    /// hold ended: `newcomer` (given to a request that came in meanwhile) or `expired`
    /// (given to the newest waiter when the hold was over).
    func placeHeld(_ outcome: String) {
        count(
            "qrserve_places_held", help: "Free decode places kept for a newcomer under overload, by how the hold ended",
            label: ("outcome", outcome))
    }

    /// Adds one to the counter `name` with one label.
    private func count(_ name: String, help: String, label: (name: String, value: String)) {
        counters.metric([name, label.value]) {
            registry.makeCounter(
                descriptor: .init(metricName: name, unitName: "total", helpText: help), labels: [label])
        }.increment()
    }

    /// The text /metrics answers with.
    func exposition() -> [UInt8] { registry.emitToBuffer() }
}

/// Metrics of one kind by their name and label values, each made by the registry once.
private final class MetricCache<Metric: Sendable>: Sendable {
    private let made = Mutex<[[String]: Metric]>([:])

    /// The metric `key` names, made by `make` the first time it is asked for.
    func metric(_ key: [String], make: () -> Metric) -> Metric {
        made.withLock { made in
            if let metric = made[key] { return metric }
            let metric = make()
            made[key] = metric
            return metric
        }
    }
}
