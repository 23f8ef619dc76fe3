// QRBench — LatencySummary: the mean and percentiles of a list of timings.
/// Mean, percentiles and maximum of a list of latencies, in milliseconds.
public struct LatencySummary: Sendable, Equatable, Codable {
    /// How many values.
    public var count: Int
    public var mean: Double
    public var p50: Double
    public var p90: Double
    public var p99: Double
    public var max: Double

    /// Summarises `values`; nil when there are none.
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        count = sorted.count
        mean = Statistics.mean(sorted)!
        p50 = Statistics.percentile(sorted: sorted, 0.50)!
        p90 = Statistics.percentile(sorted: sorted, 0.90)!
        p99 = Statistics.percentile(sorted: sorted, 0.99)!
        max = sorted.last!
    }
}
