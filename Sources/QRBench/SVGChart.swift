// QRBench — SVGChart: a bench result as one hand-written SVG picture that answers
// "which strategy?".
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import QRCorpus
import QRKit

/// A bench result as an SVG chart a person can read at a glance.
///
/// Four panels:
/// - **read against time**: each strategy a point, pictures read (y) against its p50 time
///   to the answer (x), a whisker out to its p90; the best trade-off stands at the top left;
/// - **CPU per picture**: one bar per strategy, every engine's CPU, race losers included;
/// - **time to the answer**: p50, p90 and p99 bars per strategy, each labelled, on a scale
///   where every bar shows (linear from 0, or logarithmic from below the smallest value);
/// - **cost against picture size**: one line per strategy through the median time of
///   the pictures in each size bin (a doubling of pixels).
///
/// Each strategy keeps one colour of the Okabe–Ito palette (told apart with
/// colour-blindness) and one marker shape throughout; names are written in the colour of
/// their marks. Peers (``BenchResult/peers``) appear as hollow grey marks and grey bars.
///
/// Every mark carries `class="mark"`, `data-panel`, `data-strategy` and `data-kind`
/// (`strategy` or `process`), latency bars and their labels `data-percentile`, and each
/// panel is a `<g class="panel" data-panel="…">`: read-vs-latency, cpu, latency, size.
///
///     try FileSystem.write(Array(SVGChart.document(result).utf8), to: "chart.svg")
public enum SVGChart {
    static let width = 960.0
    /// Okabe & Ito's colour-blind-safe palette, yellow last (too pale for text on white).
    static let palette = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000", "#F0E442"]
    /// The peers' colour: they are told apart by shape and name.
    static let peerColour = "#666666"

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

    /// One row of the chart: a strategy or a peer, with its colour and marker.
    struct Series {
        var result: StrategyResult
        var isPeer: Bool
        var colour: String
        var shape: MarkerShape
        /// Share of pictures read, 0...1 (see ``readMeasure(_:)``).
        var read: Double

        var name: String { result.name }
        var label: String { isPeer ? "\(result.name) (process)" : result.name }
        var kind: String { isPeer ? "process" : "strategy" }
        var data: [(String, String)] { [("data-strategy", name), ("data-kind", kind)] }
    }

    /// What the read axis counts, by the kind of pictures in the corpus: correct reads of
    /// labelled pictures, symbols found on unlabelled ones (agreement), or both.
    static func readMeasure(_ result: BenchResult) -> (title: String, share: (StrategyResult) -> Double) {
        let pictures = Double(max(1, result.pictures))
        if result.unlabelled == 0 {
            return (
                "pictures fully read, % of \(result.labelled)",
                { $0.fullyRead / Double(max(1, result.labelled)) }
            )
        }
        if result.labelled == 0 {
            return (
                "read (agreement): pictures where a symbol was found, % of \(result.unlabelled) "
                    + "(no expected texts: found, not checked)",
                { ($0.unlabelledRead ?? 0) / pictures }
            )
        }
        return (
            "read, % of \(result.pictures): \(result.labelled) labelled read correctly + "
                + "\(result.unlabelled) unlabelled with a symbol found (agreement)",
            { ($0.fullyRead + ($0.unlabelledRead ?? 0)) / pictures }
        )
    }

    /// The strategies in their order, each with its palette colour and shape, then the
    /// peers in grey with hollow shapes.
    static func series(_ result: BenchResult) -> [Series] {
        let share = readMeasure(result).share
        let strategies = result.strategies.enumerated().map { index, s in
            Series(
                result: s, isPeer: false, colour: colour(index),
                shape: MarkerShape.allCases[index % MarkerShape.allCases.count],
                read: share(s))
        }
        let peers = result.peers.enumerated().map { index, s in
            Series(
                result: s, isPeer: true, colour: peerColour,
                shape: MarkerShape.peerShapes[index % MarkerShape.peerShapes.count], read: share(s))
        }
        return strategies + peers
    }

    /// The whole SVG document.
    public static func document(_ result: BenchResult) -> String {
        var svg = SVGWriter()
        let title = "Which decode strategy? \(result.corpus)"
        let contents =
            result.unlabelled == 0
            ? "\(result.pictures) pictures, \(result.codes) codes"
            : "\(result.pictures) pictures (\(result.labelled) labelled, \(result.unlabelled) unlabelled)"
        let subtitle =
            "\(contents), \(NumberFormat.fixed(result.megapixels, 1)) MP; \(result.runs) timed run"
            + "\(result.runs == 1 ? "" : "s"); seed \(result.seed); \(result.cores) cores; \(result.date)"
        svg.text(title, x: 20, y: 30, size: 18, weight: "bold")
        svg.text(subtitle, x: 20, y: 50, size: 12, fill: "#444")
        let all = series(result)
        var y = tradeOffPanel(&svg, result, all, top: 70)
        y = rowsPanels(&svg, all, top: y + 24)
        y = sizePanel(&svg, all.filter { !$0.isPeer }, top: y + 24)
        return svg.document(width: width, height: y + 16, title: title)
    }

    // MARK: - Read against time

    /// Each strategy a point: read share (y) against p50 (x), a whisker to p90, its name
    /// beside it where there is room.
    private static func tradeOffPanel(_ svg: inout SVGWriter, _ result: BenchResult, _ all: [Series], top: Double)
        -> Double
    {
        let panel = "read-vs-latency"
        svg.open("g", [("class", "panel"), ("data-panel", panel)])
        defer { svg.close("g") }
        svg.text(
            "Read against time to the answer: the best trade-off stands at the top left", x: 20, y: top + 18, size: 15,
            weight: "bold")
        // 100% sits `headroom` below the plot's top, so that names fit above the marks there.
        let left = 80.0
        let right = width - 30
        let plotTop = top + 52
        let plotBottom = top + 398
        let headroom = 22.0
        let plotted = all.filter { $0.result.latency != nil }
        let times = plotted.flatMap { [$0.result.latency!.p50, $0.result.latency!.p90] }
        let x = AxisScale(values: times, low: left, high: right)
        let lowest = plotted.map(\.read).min() ?? 1
        let step = AxisScale.niceStep(max(0.10, 1 - lowest) * 100 / 4)
        let floor = max(0, min(100 - step, ((lowest * 100) / step).rounded(.down) * step - (lowest == 1 ? 0 : step)))
        let y = AxisScale(linearFrom: floor, to: 100, low: plotBottom, high: plotTop + headroom)
        svg.text(
            readMeasure(result).title, x: left - 50, y: plotTop - 8, size: 12, fill: "#222",
            data: [("data-axis", "read")])
        drawHorizontalGrid(&svg, y, left: left, right: right, unit: "%")
        drawVerticalGrid(&svg, x, top: plotTop, bottom: plotBottom)
        svg.text(
            "time to the answer, ms\(x.isLog ? " (log scale)" : ""): the mark at p50, the whisker to p90",
            x: (left + right) / 2, y: plotBottom + 34, size: 12, anchor: "middle", data: [("data-axis", "latency")])

        var placer = LabelPlacer(bounds: (left + 2, plotTop, right, plotBottom - 2))
        var points: [(Series, Double, Double, Double)] = []
        let dodge = dodged(plotted.map(\.read), at: plotted.map { x.position($0.result.latency!.p50) }, gap: 14)
        for (s, offset) in zip(plotted, dodge) {
            let latency = s.result.latency!
            let px = x.position(latency.p50) + offset
            let py = y.position(s.read * 100)
            let whiskerEnd = x.position(latency.p90)
            points.append((s, px, py, whiskerEnd))
            placer.block(x: px - 7, y: py - 7, width: 14, height: 14)
            placer.block(x: px, y: py - 3, width: whiskerEnd - px + 1, height: 6)
        }
        for (s, px, py, whiskerEnd) in points {
            let latency = s.result.latency!
            svg.line(
                x1: px, y1: py, x2: whiskerEnd, y2: py, stroke: s.colour, width: 2,
                data: [("class", "whisker")] + s.data)
            svg.line(x1: whiskerEnd, y1: py - 5, x2: whiskerEnd, y2: py + 5, stroke: s.colour, width: 2)
            svg.marker(
                s.shape, x: px, y: py, size: 7, colour: s.colour, hollow: s.isPeer,
                data: [("class", "mark point"), ("data-panel", panel)] + s.data + [
                    ("data-read", NumberFormat.fixed(s.read, 4)), ("data-p50-ms", NumberFormat.plain(latency.p50)),
                    ("data-p90-ms", NumberFormat.plain(latency.p90)),
                ],
                tooltip: "\(s.label): \(NumberFormat.fixed(s.read * 100, 1))% read, p50 "
                    + "\(NumberFormat.milliseconds(latency.p50)) ms, p90 \(NumberFormat.milliseconds(latency.p90)) ms")
        }
        for (s, px, py, _) in points {
            let width = LabelPlacer.width(s.label, size: 12)
            let spot = placer.place(width: width, height: 13, nearX: px, y: py)
            if spot.leader {
                svg.line(x1: px, y1: py, x2: spot.anchorX, y2: spot.y - 4, stroke: tint(s.colour, 0.6), width: 1)
            }
            svg.text(
                s.label, x: spot.x, y: spot.y, size: 12, weight: "bold", fill: s.colour,
                data: [("class", "name")] + s.data)
        }
        var bottom = plotBottom + 40
        var notes =
            dodge.contains { $0 != 0 }
            ? ["Marks of equal read rates and near times are set apart sideways, at the height of their read rate."]
            : []
        if all.contains(where: \.isPeer) {
            notes.insert(
                "Filled marks: strategies, decoding pictures already in memory. Hollow grey marks: whole processes, "
                    + "one per picture (start-up and PNG reading included).", at: 0)
        }
        for note in notes {
            svg.text(note, x: left - 50, y: bottom + 10, size: 11, fill: "#444")
            bottom += 16
        }
        return bottom
    }

    /// Sideways offsets that set apart marks of equal `values` whose places `xs` lie
    /// closer than `gap`: each such run spread `gap` apart about its middle, in its order;
    /// every other mark stays at 0. Not up or down: a mark's height is its read rate, and
    /// equal rates set at different heights read as a ranking that is not there.
    static func dodged(_ values: [Double], at xs: [Double], gap: Double) -> [Double] {
        var groups: [Double: [Int]] = [:]
        for (index, value) in values.enumerated() { groups[(value * 1e6).rounded(), default: []].append(index) }
        var offsets = [Double](repeating: 0, count: values.count)
        func spread(_ run: [Int]) {
            guard run.count > 1 else { return }
            let middle = run.reduce(0) { $0 + xs[$1] } / Double(run.count)
            for (rank, index) in run.enumerated() {
                offsets[index] = middle + (Double(rank) - Double(run.count - 1) / 2) * gap - xs[index]
            }
        }
        for members in groups.values where members.count > 1 {
            var run: [Int] = []
            for index in members.sorted(by: { (xs[$0], $0) < (xs[$1], $1) }) {
                if let last = run.last, xs[index] - xs[last] >= gap {
                    spread(run)
                    run = []
                }
                run.append(index)
            }
            spread(run)
        }
        return offsets
    }

    // MARK: - CPU and time, one row per strategy

    /// One row per strategy, its name at the left: the CPU bar, then the p50, p90 and p99 bars.
    private static func rowsPanels(_ svg: inout SVGWriter, _ all: [Series], top: Double) -> Double {
        let nameRight = 170.0
        let cpuLeft = 184.0
        let cpuRight = 390.0
        let latencyLeft = 450.0
        let latencyRight = width - 80
        let row = 40.0
        let bar = 9.0
        let headerHeight = 58.0
        let cpuValues = all.compactMap(\.result.cpuPerPicture)
        let cpu = AxisScale(linearFrom: 0, to: max(cpuValues.max() ?? 1, 0.001), low: cpuLeft, high: cpuRight)
        let latencyValues = all.compactMap(\.result.latency).flatMap { [$0.p50, $0.p90, $0.p99] }
        let latency = AxisScale(values: latencyValues, low: latencyLeft, high: latencyRight)
        let peerGap = all.contains(where: \.isPeer) ? 22.0 : 0
        let plotTop = top + headerHeight
        let plotBottom = plotTop + row * Double(all.count) + peerGap
        func rowTop(_ index: Int) -> Double { plotTop + row * Double(index) + (all[index].isPeer ? peerGap : 0) }

        // The names, in their colours, with their markers: the legend of every panel.
        for (index, s) in all.enumerated() {
            let middle = rowTop(index) + row / 2
            svg.text(s.label, x: nameRight - 16, y: middle + 4, size: 12, weight: "bold", fill: s.colour, anchor: "end")
            svg.marker(s.shape, x: nameRight - 6, y: middle, size: 5, colour: s.colour, hollow: s.isPeer, data: [])
        }
        if let firstPeer = all.firstIndex(where: \.isPeer) {
            let y = rowTop(firstPeer) - peerGap / 2
            svg.line(x1: 20, y1: y, x2: width - 20, y2: y, stroke: "#bbb", width: 1)
            svg.text("whole processes, one per picture (--peers)", x: 20, y: y + 13, size: 10, fill: "#666")
        }

        svg.open("g", [("class", "panel"), ("data-panel", "cpu")])
        svg.text("CPU per picture, ms", x: cpuLeft, y: top + 18, size: 15, weight: "bold")
        svg.text("every engine's threads, race losers included", x: cpuLeft, y: top + 34, size: 11, fill: "#444")
        drawVerticalGrid(&svg, cpu, top: plotTop - 4, bottom: plotBottom, labelsAbove: true)
        for (index, s) in all.enumerated() {
            guard let value = s.result.cpuPerPicture else { continue }
            let y = rowTop(index) + row / 2 - 7
            let end = cpu.position(value)
            svg.rect(
                x: cpuLeft, y: y, width: max(1, end - cpuLeft), height: 14, fill: s.colour,
                data: [("class", "mark bar"), ("data-panel", "cpu")] + s.data + [
                    ("data-ms", NumberFormat.plain(value))
                ],
                tooltip: "\(s.label): \(NumberFormat.milliseconds(value)) ms CPU per picture")
            svg.text(
                NumberFormat.milliseconds(value), x: max(end, cpuLeft + 1) + 4, y: y + 11, size: 11,
                data: [("class", "value")] + s.data)
        }
        svg.close("g")

        svg.open("g", [("class", "panel"), ("data-panel", "latency")])
        svg.text(
            "Time to the answer, ms\(latency.isLog ? " (log scale)" : "")", x: latencyLeft, y: top + 18, size: 15,
            weight: "bold")
        svg.text(
            "p50, p90 and p99 of every timed decode\(latency.isLog ? "; the axis starts below the smallest value" : "")",
            x: latencyLeft, y: top + 34, size: 11, fill: "#444")
        drawVerticalGrid(&svg, latency, top: plotTop - 4, bottom: plotBottom, labelsAbove: true)
        let percentiles: [(String, KeyPath<LatencySummary, Double>, Double)] = [
            ("p50", \.p50, 1.0), ("p90", \.p90, 0.6), ("p99", \.p99, 0.35),
        ]
        for (index, s) in all.enumerated() {
            guard let summary = s.result.latency else { continue }
            for (k, (label, path, strength)) in percentiles.enumerated() {
                let value = summary[keyPath: path]
                let y = rowTop(index) + (row - 3 * bar - 4) / 2 + Double(k) * (bar + 2)
                let end = latency.position(value)
                let data = s.data + [("data-percentile", label)]
                svg.rect(
                    x: latencyLeft, y: y, width: max(1, end - latencyLeft), height: bar, fill: tint(s.colour, strength),
                    data: [("class", "mark bar"), ("data-panel", "latency")] + data + [
                        ("data-ms", NumberFormat.plain(value))
                    ],
                    tooltip: "\(s.label) \(label): \(NumberFormat.milliseconds(value)) ms")
                svg.text(
                    "\(label) \(NumberFormat.milliseconds(value))", x: max(end, latencyLeft + 1) + 4, y: y + bar - 1,
                    size: 9.5,
                    fill: "#222", data: [("class", "percentile-label")] + data)
            }
        }
        svg.close("g")
        return plotBottom + 6
    }

    // MARK: - Cost against picture size

    /// The pictures binned by size: bins that double in pixel count, a bin of fewer than
    /// `minimum` pictures merged into its smaller neighbour (a median of one or two
    /// pictures is noise); each bin at its pictures' median size.
    static func sizeBins(_ pictures: [PictureResult], minimum: Int = 3) -> [(megapixels: Double, names: Set<String>)] {
        var byPower: [Int: [PictureResult]] = [:]
        for picture in pictures where picture.megapixels > 0 {
            byPower[Int(log2(picture.megapixels * 1_000_000).rounded(.down)), default: []].append(picture)
        }
        var bins = byPower.keys.sorted().map { byPower[$0]! }
        while bins.count > 1,
            let small = bins.indices.filter({ bins[$0].count < minimum }).min(by: { bins[$0].count < bins[$1].count })
        {
            let neighbour: Int
            if small == 0 {
                neighbour = 1
            } else if small == bins.count - 1 {
                neighbour = small - 1
            } else {
                neighbour = bins[small - 1].count <= bins[small + 1].count ? small - 1 : small + 1
            }
            bins[min(small, neighbour)] += bins[max(small, neighbour)]
            bins.remove(at: max(small, neighbour))
        }
        return bins.map { members in
            (Statistics.percentile(members.map(\.megapixels), 0.5)!, Set(members.map(\.name)))
        }
    }

    /// One line per strategy: the median of its pictures' mean times in each size bin.
    private static func sizePanel(_ svg: inout SVGWriter, _ strategies: [Series], top: Double) -> Double {
        svg.open("g", [("class", "panel"), ("data-panel", "size")])
        defer { svg.close("g") }
        svg.text("Cost against picture size", x: 20, y: top + 18, size: 15, weight: "bold")
        svg.text(
            "each point: the median time of the pictures in a size bin (bins double in pixels, at least 3 pictures "
                + "each); n = pictures in the bin",
            x: 20, y: top + 34, size: 11, fill: "#444")
        let left = 80.0
        let right = width - 190
        let plotTop = top + 62
        let plotBottom = top + 352
        let bins = sizeBins(strategies.first?.result.perPicture ?? [])
        let lines: [(Series, [(Double, Double)])] = strategies.map { s in
            let byName = Dictionary(
                s.result.perPicture.map { ($0.name, $0.meanLatency) }, uniquingKeysWith: { a, _ in a })
            let points = bins.compactMap { bin -> (Double, Double)? in
                let times = bin.names.compactMap { byName[$0] }
                return Statistics.percentile(times, 0.5).map { (bin.megapixels, $0) }
            }
            return (s, points)
        }
        // Lines, not bars: the axes may start at the power of ten just below the data.
        let y = AxisScale(values: lines.flatMap { $0.1.map(\.1) }, low: plotBottom, high: plotTop, margin: 1)
        let x = AxisScale(values: bins.map(\.megapixels), low: left, high: right, logAbove: 8, margin: 1)
        svg.text(
            "ms per picture\(y.isLog ? " (log scale)" : "")", x: left - 50, y: plotTop - 12, size: 12, fill: "#222")
        drawHorizontalGrid(&svg, y, left: left, right: right, unit: "")
        drawVerticalGrid(&svg, x, top: plotTop, bottom: plotBottom)
        for bin in bins {
            svg.text(
                "n=\(bin.names.count)", x: x.position(bin.megapixels), y: plotBottom + 30, size: 9, fill: "#666",
                anchor: "middle")
        }
        svg.text(
            "picture size, megapixels\(x.isLog ? " (log scale)" : "")", x: (left + right) / 2, y: plotBottom + 46,
            size: 12,
            anchor: "middle")
        var ends: [(Series, Double, Double)] = []
        for (s, points) in lines where !points.isEmpty {
            let placed = points.map { (x.position($0.0), y.position($0.1)) }
            svg.polyline(
                placed, stroke: s.colour, width: 2,
                data: [("class", "mark line"), ("data-panel", "size")] + s.data + [("data-bins", String(points.count))])
            for (px, py) in placed {
                svg.marker(s.shape, x: px, y: py, size: 4, colour: s.colour, hollow: false, data: [])
            }
            ends.append((s, placed.last!.0, placed.last!.1))
        }
        // Names at the lines' right ends, pushed apart where they would overlap.
        let spread = LabelPlacer.spread(ends.map(\.2), gap: 14, low: plotTop, high: plotBottom)
        for ((s, endX, endY), labelY) in zip(ends, spread) {
            svg.line(x1: endX + 5, y1: endY, x2: right + 14, y2: labelY, stroke: tint(s.colour, 0.6), width: 1)
            svg.text(
                s.label, x: right + 18, y: labelY + 4, size: 12, weight: "bold", fill: s.colour,
                data: [("class", "name")] + s.data)
        }
        return plotBottom + 56
    }

    // MARK: - Axes

    /// Horizontal grid lines at `scale`'s ticks, labelled at the left.
    private static func drawHorizontalGrid(
        _ svg: inout SVGWriter, _ scale: AxisScale, left: Double, right: Double, unit: String
    ) {
        for tick in scale.ticks {
            let y = scale.position(tick)
            svg.line(x1: left, y1: y, x2: right, y2: y, stroke: "#e4e4e4", width: 1)
            svg.text(AxisScale.label(tick) + unit, x: left - 6, y: y + 4, size: 10, fill: "#444", anchor: "end")
        }
        svg.line(x1: left, y1: scale.low, x2: right, y2: scale.low, stroke: "#888", width: 1)
        svg.line(x1: left, y1: scale.low, x2: left, y2: scale.high, stroke: "#888", width: 1)
    }

    /// Vertical grid lines at `scale`'s ticks, labelled below the plot (or above it).
    private static func drawVerticalGrid(
        _ svg: inout SVGWriter, _ scale: AxisScale, top: Double, bottom: Double, labelsAbove: Bool = false
    ) {
        // Where labels would crowd, a log scale names its powers of ten only.
        let crowded = zip(scale.ticks, scale.ticks.dropFirst()).contains {
            scale.position($1) - scale.position($0) < 26
        }
        for tick in scale.ticks {
            let x = scale.position(tick)
            svg.line(x1: x, y1: top, x2: x, y2: bottom, stroke: "#e4e4e4", width: 1)
            let decade = abs(log10(tick) - log10(tick).rounded()) < 1e-9
            guard !(crowded && scale.isLog && !decade) else { continue }
            svg.text(
                AxisScale.label(tick), x: x, y: labelsAbove ? top - 4 : bottom + 16, size: 10, fill: "#444",
                anchor: "middle")
        }
        svg.line(x1: scale.low, y1: top, x2: scale.low, y2: bottom, stroke: "#888", width: 1)
        if !labelsAbove { svg.line(x1: scale.low, y1: bottom, x2: scale.high, y2: bottom, stroke: "#888", width: 1) }
    }
}
