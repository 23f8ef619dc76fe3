// QRBench — AxisScale: values to one axis of the bench chart, linear or logarithmic.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import QRKit

/// Maps values to one axis of the picture, linearly or on a log scale.
struct AxisScale {
    let isLog: Bool
    let minimum: Double
    let maximum: Double
    /// Picture coordinates of `minimum` and `maximum`.
    let low: Double
    let high: Double
    let ticks: [Double]

    /// A scale for `values`: linear from 0 to a round number above the largest, or, when
    /// they span more than a factor of `logAbove`, logarithmic from a power of ten at
    /// least `margin` times below the smallest (2 by default, so that a bar of the
    /// smallest value shows) to one above the largest.
    init(values: [Double], low: Double, high: Double, logAbove: Double = 30, margin: Double = 2) {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        let largest = positive.max() ?? 1
        let smallest = positive.min() ?? 1
        if largest / smallest > logAbove {
            self.low = low
            self.high = high
            isLog = true
            var minimum = pow(10, log10(smallest).rounded(.down))
            if smallest / minimum < margin { minimum /= 10 }
            self.minimum = minimum
            maximum = pow(10, log10(largest).rounded(.up))
            var ticks: [Double] = []
            var decade = minimum
            while decade <= maximum * 1.0001 {
                for step in [1.0, 2, 5] where decade * step <= maximum * 1.0001 { ticks.append(decade * step) }
                decade *= 10
            }
            self.ticks = ticks
        } else {
            self = AxisScale(linearFrom: 0, to: largest, low: low, high: high)
        }
    }

    /// A linear scale from `from` to a round number at or above `to`.
    init(linearFrom from: Double, to: Double, low: Double, high: Double) {
        isLog = false
        let step = Self.niceStep((to - from) / 5)
        minimum = from
        maximum = max(from + step, (to / step).rounded(.up) * step)
        self.low = low
        self.high = high
        ticks = stride(from: from, through: maximum + step / 1000, by: step).map { $0 }
    }

    /// Where `value` falls, in picture coordinates.
    func position(_ value: Double) -> Double {
        let fraction: Double
        if isLog {
            let v = max(value, minimum)
            fraction = (log10(v) - log10(minimum)) / (log10(maximum) - log10(minimum))
        } else {
            fraction = (value - minimum) / (maximum - minimum)
        }
        return low + (high - low) * min(max(fraction, 0), 1)
    }

    /// 1, 2 or 5 times a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let power = pow(10, log10(raw).rounded(.down))
        for m in [1.0, 2, 5, 10] where m * power >= raw { return m * power }
        return 10 * power
    }

    /// A tick label: 0.05, 2, 150, 2k.
    static func label(_ value: Double) -> String {
        if value >= 10_000 { return "\(NumberFormat.fixed(value / 1000, 0))k" }
        if value == value.rounded() { return String(Int(value)) }
        var text = value.fixed(3)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
