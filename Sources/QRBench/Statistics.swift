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
