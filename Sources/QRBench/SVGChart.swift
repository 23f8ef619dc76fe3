// QRBench — SVGChart: a bench result as one hand-written SVG picture.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import QRKit

/// A bench result as an SVG chart a person can read at a glance.
///
/// Three panels: time to the answer per strategy (p50, p90 and p99 bars, the mean as a
/// tick), pictures fully read per strategy, and cost against picture size (each picture's
/// mean time, and each strategy's least-squares line). Strategies keep one colour
/// throughout (Okabe–Ito, readable with colour-blindness). Times use a log scale when
/// they span more than a factor of 30.
///
///     try SVGChart.document(result).write(toFile: "chart.svg", atomically: true, encoding: .utf8)
public enum SVGChart {
    static let width = 960.0
    static let palette = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#8C7A00", "#555555"]

    /// The colour of strategy number `index`.
    static func colour(_ index: Int) -> String { palette[index % palette.count] }

    /// `hex` (`#RRGGBB`) mixed with white: `strength` 1 is the colour, 0 is white. Bars
    /// use tints rather than opacity, which some SVG renderers ignore.
    static func tint(_ hex: String, _ strength: Double) -> String {
        guard hex.count == 7, let value = Int(hex.dropFirst(), radix: 16) else { return hex }
        let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { channel in
            Int((Double(channel) * strength + 255 * (1 - strength)).rounded())
        }
        return "#" + channels.map(hexByte).joined()
    }

    /// `value` (0...255) as two upper-case hex digits, as C's `%02X` writes it.
    static func hexByte(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }

    /// The whole SVG document.
    public static func document(_ result: BenchResult) -> String {
        var svg = SVGWriter()
        var y = 0.0
        let title = "QR decode strategies on \(result.corpus)"
        let subtitle =
            "\(result.pictures) pictures, \(result.codes) codes, \(NumberFormat.fixed(result.megapixels, 1)) MP; "
            + "\(result.runs) timed run\(result.runs == 1 ? "" : "s"); seed \(result.seed); \(result.cores) cores; \(result.date)"
        svg.text(title, x: 20, y: 30, size: 18, weight: "bold")
        svg.text(subtitle, x: 20, y: 50, size: 12, fill: "#444")
        y = 70
        y = latencyPanel(&svg, result, top: y)
        y = passPanel(&svg, result, top: y + 20)
        y = sizePanel(&svg, result, top: y + 20)
        return svg.document(width: width, height: y + 20, title: title)
    }

    // MARK: - Panels

    /// Bars of p50, p90 and p99 per strategy, with the mean as a black tick.
    private static func latencyPanel(_ svg: inout SVGWriter, _ result: BenchResult, top: Double) -> Double {
        let left = 70.0, right = width - 20, plotTop = top + 40, plotBottom = top + 300
        let summaries = result.strategies.map(\.latency)
        let values = summaries.compactMap { $0 }.flatMap { [$0.p50, $0.p90, $0.p99, $0.mean] }
        let scale = AxisScale(values: values, low: plotBottom, high: plotTop)
        svg.text("Time to the answer, ms\(scale.isLog ? " (log scale)" : "")", x: 20, y: top + 18, size: 15, weight: "bold")
        drawAxis(&svg, scale, left: left, right: right)
        // Legend: percentile shades and the mean tick.
        var lx = right - 330
        for (label, strength) in [("p50", 1.0), ("p90", 0.55), ("p99", 0.3)] {
            svg.rect(x: lx, y: top + 8, width: 14, height: 14, fill: tint("#333333", strength))
            svg.text(label, x: lx + 18, y: top + 20, size: 12)
            lx += 60
        }
        svg.line(x1: lx, y1: top + 15, x2: lx + 16, y2: top + 15, stroke: "#000", width: 3)
        svg.text("mean", x: lx + 20, y: top + 20, size: 12)
        svg.text("(ms)", x: lx + 60, y: top + 20, size: 12, fill: "#666")

        let count = max(1, result.strategies.count)
        let group = (right - left) / Double(count)
        let bar = min(26, group * 0.8 / 3)
        for (index, strategy) in result.strategies.enumerated() {
            let centre = left + group * (Double(index) + 0.5)
            if let s = strategy.latency {
                for (k, (value, strength)) in [(s.p50, 1.0), (s.p90, 0.55), (s.p99, 0.3)].enumerated() {
                    let x = centre - 1.5 * bar + Double(k) * bar
                    let yv = scale.position(value)
                    svg.rect(
                        x: x, y: yv, width: bar - 2, height: max(0.5, plotBottom - yv),
                        fill: tint(colour(index), strength), tooltip: "\(strategy.name) p\([50, 90, 99][k]): \(NumberFormat.milliseconds(value)) ms")
                }
                let ym = scale.position(s.mean)
                svg.line(x1: centre - 1.5 * bar - 3, y1: ym, x2: centre + 1.5 * bar + 1, y2: ym, stroke: "#000", width: 2.5)
                svg.text(
                    NumberFormat.milliseconds(s.p50), x: centre - bar + 1, y: scale.position(s.p50) - 4, size: 10,
                    anchor: "middle")
            }
            strategyLabel(&svg, strategy.name, x: centre, y: plotBottom + 16, colour: colour(index))
        }
        return plotBottom + 40
    }

    /// One horizontal bar per strategy: the share of pictures fully read.
    private static func passPanel(_ svg: inout SVGWriter, _ result: BenchResult, top: Double) -> Double {
        svg.text("Pictures fully read", x: 20, y: top + 18, size: 15, weight: "bold")
        let left = 190.0, right = width - 150, row = 24.0
        var y = top + 34
        let total = Double(max(1, result.labelled))
        for fraction in stride(from: 0.0, through: 1.0, by: 0.25) {
            let x = left + fraction * (right - left)
            svg.line(
                x1: x, y1: y - 4, x2: x, y2: y + row * Double(result.strategies.count), stroke: "#ddd", width: 1)
            svg.text("\(Int(fraction * 100))%", x: x, y: y - 8, size: 10, fill: "#666", anchor: "middle")
        }
        for (index, strategy) in result.strategies.enumerated() {
            let share = strategy.fullyRead / total
            svg.text(strategy.name, x: left - 8, y: y + 15, size: 12, anchor: "end")
            svg.rect(x: left, y: y + 2, width: max(0.5, share * (right - left)), height: row - 6, fill: colour(index))
            let wrong = strategy.wrongReads > 0 ? ", \(NumberFormat.count(strategy.wrongReads)) wrong" : ""
            svg.text(
                "\(NumberFormat.count(strategy.fullyRead))/\(result.labelled) (\(NumberFormat.fixed(share * 100, 1))%)\(wrong)",
                x: left + share * (right - left) + 6, y: y + 15, size: 11)
            y += row
        }
        return y + 10
    }

    /// Each picture's mean time against its size, one colour per strategy, with the
    /// least-squares line of each.
    private static func sizePanel(_ svg: inout SVGWriter, _ result: BenchResult, top: Double) -> Double {
        svg.text("Cost against picture size", x: 20, y: top + 18, size: 15, weight: "bold")
        let left = 70.0, right = width - 230, plotTop = top + 40, plotBottom = top + 340
        let points = result.strategies.flatMap { $0.perPicture.map { ($0.megapixels, $0.meanLatency) } }
        let scale = AxisScale(values: points.map(\.1), low: plotBottom, high: plotTop)
        let maxSize = points.map(\.0).max() ?? 1
        let xScale = AxisScale(linearFrom: 0, to: max(maxSize, 0.01), low: left, high: right)
        svg.text("ms per picture\(scale.isLog ? " (log scale)" : "")", x: left, y: plotTop - 8, size: 11, fill: "#444")
        drawAxis(&svg, scale, left: left, right: right)
        for tick in xScale.ticks {
            let x = xScale.position(tick)
            svg.line(x1: x, y1: plotBottom, x2: x, y2: plotBottom + 5, stroke: "#888", width: 1)
            svg.text(AxisScale.label(tick), x: x, y: plotBottom + 18, size: 10, fill: "#444", anchor: "middle")
        }
        svg.text("picture size, megapixels", x: (left + right) / 2, y: plotBottom + 36, size: 12, anchor: "middle")
        for (index, strategy) in result.strategies.enumerated() {
            for picture in strategy.perPicture {
                svg.circle(
                    cx: xScale.position(picture.megapixels), cy: scale.position(picture.meanLatency), r: 2.5,
                    fill: colour(index), opacity: 0.55)
            }
        }
        var legendY = plotTop + 4
        for (index, strategy) in result.strategies.enumerated() {
            if let fit = strategy.costBySize {
                let samples = (0...40).map { Double($0) / 40 * max(maxSize, 0.01) }
                let line = samples.compactMap { x -> (Double, Double)? in
                    let y = fit.intercept + fit.slope * x
                    return y > 0 || !scale.isLog ? (xScale.position(x), scale.position(y)) : nil
                }
                svg.polyline(line, stroke: colour(index), width: 2)
            }
            svg.line(x1: right + 20, y1: legendY, x2: right + 40, y2: legendY, stroke: colour(index), width: 3)
            svg.circle(cx: right + 30, cy: legendY, r: 3, fill: colour(index), opacity: 1)
            let slope = strategy.costBySize.map { "\(NumberFormat.milliseconds($0.slope)) ms/MP" } ?? "no fit"
            svg.text("\(strategy.name): \(slope)", x: right + 46, y: legendY + 4, size: 11)
            legendY += 20
        }
        return plotBottom + 44
    }

    // MARK: - Pieces

    private static func drawAxis(_ svg: inout SVGWriter, _ scale: AxisScale, left: Double, right: Double) {
        for tick in scale.ticks {
            let y = scale.position(tick)
            svg.line(x1: left, y1: y, x2: right, y2: y, stroke: "#e4e4e4", width: 1)
            svg.text(AxisScale.label(tick), x: left - 6, y: y + 4, size: 10, fill: "#444", anchor: "end")
        }
        svg.line(x1: left, y1: scale.low, x2: right, y2: scale.low, stroke: "#888", width: 1)
        svg.line(x1: left, y1: scale.low, x2: left, y2: scale.high, stroke: "#888", width: 1)
    }

    /// A strategy's name under its bars, split at the last hyphen when long.
    private static func strategyLabel(_ svg: inout SVGWriter, _ name: String, x: Double, y: Double, colour: String) {
        if name.count > 12, let cut = name.lastIndex(of: "-") {
            svg.text(String(name[...cut]), x: x, y: y, size: 11, weight: "bold", fill: colour, anchor: "middle")
            svg.text(String(name[name.index(after: cut)...]), x: x, y: y + 13, size: 11, weight: "bold", fill: colour, anchor: "middle")
        } else {
            svg.text(name, x: x, y: y, size: 11, weight: "bold", fill: colour, anchor: "middle")
        }
    }
}

/// Maps values to one axis of the picture, linearly or on a log scale.
struct AxisScale {
    let isLog: Bool
    let minimum: Double
    let maximum: Double
    /// Picture coordinates of `minimum` and `maximum`.
    let low: Double
    let high: Double
    let ticks: [Double]

    /// A scale for `values`: from 0 (linear) or a power of ten below the smallest (log)
    /// to a round number above the largest; log when they span more than a factor of 30.
    init(values: [Double], low: Double, high: Double) {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        let largest = positive.max() ?? 1
        let smallest = positive.min() ?? 1
        if largest / smallest > 30 {
            self.low = low
            self.high = high
            isLog = true
            minimum = pow(10, (log10(smallest)).rounded(.down))
            maximum = pow(10, (log10(largest)).rounded(.up))
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

/// Builds SVG markup, escaping text and attributes.
struct SVGWriter {
    private var body: [String] = []

    mutating func text(
        _ content: String, x: Double, y: Double, size: Double, weight: String? = nil, fill: String = "#000",
        anchor: String = "start"
    ) {
        let weightAttribute = weight.map { " font-weight=\"\($0)\"" } ?? ""
        body.append(
            "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\"\(weightAttribute) fill=\"\(fill)\" "
                + "text-anchor=\"\(anchor)\">\(Self.escape(content))</text>")
    }

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double = 1, tooltip: String? = nil
    ) {
        let open =
            "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(fill)\" "
            + "fill-opacity=\"\(n(opacity))\" stroke=\"none\""
        if let tooltip {
            body.append(open + "><title>\(Self.escape(tooltip))</title></rect>")
        } else {
            body.append(open + "/>")
        }
    }

    mutating func circle(cx: Double, cy: Double, r: Double, fill: String, opacity: Double, tooltip: String? = nil) {
        let open =
            "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\" fill=\"\(fill)\" fill-opacity=\"\(n(opacity))\" stroke=\"none\""
        if let tooltip {
            body.append(open + "><title>\(Self.escape(tooltip))</title></circle>")
        } else {
            body.append(open + "/>")
        }
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double) {
        body.append(
            "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"/>")
    }

    mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double) {
        guard points.count > 1 else { return }
        let list = points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
        body.append("<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"/>")
    }

    func document(width: Double, height: Double, title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
        viewBox="0 0 \(n(width)) \(n(height))" font-family="Helvetica, Arial, sans-serif">
        <title>\(Self.escape(title))</title>
        <rect width="100%" height="100%" fill="#fff"/>
        \(body.joined(separator: "\n"))
        </svg>

        """
    }

    /// A coordinate with at most one decimal.
    private func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Text safe inside an element or a double-quoted attribute; drops characters XML
    /// 1.0 cannot hold (control characters other than tab and line breaks).
    static func escape(_ text: String) -> String { XMLText.escaped(text) }
}
