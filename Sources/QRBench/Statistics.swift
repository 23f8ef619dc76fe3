// QRBench — Statistics: means, percentiles and least-squares lines over timings.

/// Summary statistics of a list of values.
public enum Statistics {
    /// The arithmetic mean; nil for no values.
    public static func mean(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.reduce(0, +) / Double(values.count)
    }

    /// The `fraction` quantile (0...1) of `values`, interpolating linearly between the
    /// two nearest ranks (the definition of NumPy's default and R's type 7).
    ///
    /// With sorted values x₀ ≤ … ≤ xₙ₋₁, the rank is h = fraction × (n − 1) and the
    /// quantile x⌊h⌋ + (h − ⌊h⌋)(x⌊h⌋₊₁ − x⌊h⌋): p50 of [1, 2, 3, 4] is 2.5, p90 is 3.7.
    ///
    /// - Returns: the quantile, or nil for no values.
    public static func percentile(_ values: [Double], _ fraction: Double) -> Double? {
        percentile(sorted: values.sorted(), fraction)
    }

    /// ``percentile(_:_:)`` over values already sorted in increasing order.
    public static func percentile(sorted: [Double], _ fraction: Double) -> Double? {
        guard let first = sorted.first else { return nil }
        guard sorted.count > 1 else { return first }
        let rank = min(max(fraction, 0), 1) * Double(sorted.count - 1)
        let below = Int(rank.rounded(.down))
        let above = min(below + 1, sorted.count - 1)
        return sorted[below] + (rank - Double(below)) * (sorted[above] - sorted[below])
    }
}

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

/// The least-squares line y = slope · x + intercept through points (x, y).
///
///     let fit = LinearFit(x: [1, 2, 3], y: [2, 4, 6])!   // slope 2, intercept 0, r² 1
public struct LinearFit: Sendable, Equatable, Codable {
    /// Change of y per unit of x.
    public var slope: Double
    /// y at x = 0.
    public var intercept: Double
    /// Coefficient of determination: the share of y's variance the line explains, 0...1.
    /// Nil when y does not vary (there is nothing to explain).
    public var rSquared: Double?
    /// Number of points.
    public var count: Int

    /// Fits a line; nil with fewer than two points or when every x is the same (no
    /// slope can be told).
    public init?(x: [Double], y: [Double]) {
        precondition(x.count == y.count, "LinearFit needs as many x as y")
        let n = Double(x.count)
        guard x.count >= 2 else { return nil }
        let meanX = x.reduce(0, +) / n
        let meanY = y.reduce(0, +) / n
        var sxx = 0.0
        var sxy = 0.0
        var syy = 0.0
        for i in x.indices {
            let dx = x[i] - meanX
            let dy = y[i] - meanY
            sxx += dx * dx
            sxy += dx * dy
            syy += dy * dy
        }
        // Every x (nearly) equal: the slope is undetermined.
        guard sxx > 1e-12 * Swift.max(1, meanX * meanX) * n else { return nil }
        slope = sxy / sxx
        intercept = meanY - slope * meanX
        if syy > 0 {
            var residual = 0.0
            for i in x.indices {
                let e = y[i] - (slope * x[i] + intercept)
                residual += e * e
            }
            rSquared = Swift.max(0, 1 - residual / syy)
        } else {
            rSquared = nil
        }
        count = x.count
    }
}
