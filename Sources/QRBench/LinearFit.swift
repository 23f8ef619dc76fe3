// QRBench — LinearFit: a least-squares line, and how well it fits.
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
