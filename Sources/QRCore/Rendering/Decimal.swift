// QRKit — Decimal: decimal text for vector formats, which take numbers as text.

/// Decimal text for vector formats, which take numbers as text.
enum Decimal {
    /// `numerator / denominator` rounded to `digits` decimals, trailing zeros dropped:
    /// `text(1, 3)` is `"0.3333"`, `text(72, 72)` is `"1"`.
    static func text(_ numerator: Int, _ denominator: Int, digits: Int = 4) -> String {
        var unit = 1
        for _ in 0..<digits { unit *= 10 }
        let scaled = (numerator * unit * 2 + denominator) / (denominator * 2)
        let whole = scaled / unit
        var fraction = String(scaled % unit)
        guard fraction != "0" else { return String(whole) }
        fraction = String(repeating: "0", count: digits - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }

    /// `value` to four decimals, as ``text(_:_:digits:)``.
    static func text(points value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return value < 0 ? "-1e12" : "1e12" }
        let scaled = Int((abs(value) * 10_000).rounded())
        return (value < 0 && scaled > 0 ? "-" : "") + text(scaled, 10_000)
    }

    /// The three channels of `colour` as `r g b` fractions of 255.
    static func rgb(_ colour: RGBAColor) -> String {
        [colour.red, colour.green, colour.blue].map { text(Int($0), 255, digits: 3) }.joined(separator: " ")
    }
}
