// QRBench tests — the SVG chart: valid XML by xmllint, its four panels, one mark per
// strategy in each, marks that follow the numbers, and colours that match their names.
import Foundation
import FoundationXML
import QRKit
import QRTestSupport
import Testing
@testable import QRCorpus
@testable import QRBench

@Suite struct ChartTests {
    /// Every fifth picture of Samples/ (photos, generated and the large photo among them).
    static let corpus: Corpus = {
        let all = try! Corpus.load(from: PackagePaths.root.appendingPathComponent("Samples").path)
        return Corpus(root: all.root, pictures: all.pictures.enumerated().filter { $0.offset % 5 == 0 }.map(\.element))
    }()

    static func bench(_ strategies: [StrategyName], _ corpus: Corpus = corpus) -> BenchResult {
        BenchRunner(options: BenchOptions(strategies: strategies, runs: 1, seed: 3, warmUp: false)).run(corpus)
    }

    static let two = bench([.race, .zxing])
    static let seven = bench(StrategyName.allCases)

    /// The SVG of `result` as a document, after `xmllint --noout` has passed it.
    static func checkedDocument(_ result: BenchResult) throws -> XMLDocument {
        let svg = SVGChart.document(result)
        let folder = try ScratchDirectory().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/chart.svg"
        try Data(svg.utf8).write(to: URL(fileURLWithPath: path))
        let xmllint = try #require(
            ProgramRunner.tool("xmllint"), "xmllint is not installed (libxml2-utils; make test-deps)")
        let lint = try ProgramRunner.run(xmllint, ["--noout", path])
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint.stderr)")
        return try XMLDocument(data: Data(svg.utf8), options: [])
    }

    static func elements(_ document: XMLDocument, _ xpath: String) throws -> [XMLElement] {
        try document.nodes(forXPath: xpath).compactMap { $0 as? XMLElement }
    }

    /// An attribute's value. (swift-corelibs-foundation's `attribute(forName:)` finds
    /// nothing on an element in a default namespace, as every SVG element is.)
    static func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { $0.name == name }?.stringValue
    }

    /// The marks of one panel: `[strategy: [mark]]`.
    static func marks(_ document: XMLDocument, panel: String) throws -> [String: [XMLElement]] {
        let found = try elements(document, "//*[@data-panel='\(panel)' and contains(@class, 'mark')]")
        return Dictionary(grouping: found) { attribute($0, "data-strategy") ?? "" }
    }

    /// The centre of a point mark: a circle's, or the mean of a polygon's corners.
    static func centre(_ mark: XMLElement) -> (Double, Double) {
        if let cx = attribute(mark, "cx").flatMap(Double.init), let cy = attribute(mark, "cy").flatMap(Double.init) {
            return (cx, cy)
        }
        let corners = (attribute(mark, "points") ?? "").split(separator: " ").map { pair in
            pair.split(separator: ",").compactMap { Double($0) }
        }
        let count = Double(max(1, corners.count))
        return (corners.reduce(0) { $0 + $1[0] } / count, corners.reduce(0) { $0 + $1[1] } / count)
    }

    @Test(arguments: [2, 7]) func everyPanelHasOneMarkPerStrategy(count: Int) throws {
        let result = count == 2 ? Self.two : Self.seven
        let names = result.strategies.map(\.name)
        #expect(names.count == count)
        let document = try Self.checkedDocument(result)
        for panel in ["read-vs-latency", "cpu", "latency", "size"] {
            #expect(
                try Self.elements(document, "//*[@class='panel' and @data-panel='\(panel)']").count == 1, "\(panel)")
            let marks = try Self.marks(document, panel: panel)
            #expect(Set(marks.keys) == Set(names), "\(panel)")
            for name in names {
                #expect(marks[name]?.count == (panel == "latency" ? 3 : 1), "\(panel) \(name)")
                #expect(marks[name]?.allSatisfy { Self.attribute($0, "data-kind") == "strategy" } == true)
            }
        }
        // Each latency bar is labelled with its percentile and value.
        for strategy in result.strategies {
            let latency = try #require(strategy.latency)
            for (percentile, value) in [("p50", latency.p50), ("p90", latency.p90), ("p99", latency.p99)] {
                let labels = try Self.elements(
                    document,
                    "//*[@class='percentile-label' and @data-strategy='\(strategy.name)' and @data-percentile='\(percentile)']"
                )
                #expect(labels.map(\.stringValue) == ["\(percentile) \(NumberFormat.milliseconds(value))"])
            }
        }
    }

    @Test func marksFollowTheNumbers() throws {
        let result = Self.seven
        let document = try Self.checkedDocument(result)
        // CPU bars: linear from 0, so width over value is the same for every strategy.
        let cpu = try Self.marks(document, panel: "cpu")
        let ratios = try result.strategies.map { s in
            let width = try #require(Double(Self.attribute(cpu[s.name]![0], "width") ?? ""))
            return width / s.cpuPerPicture!
        }
        #expect(ratios.allSatisfy { abs($0 - ratios[0]) <= 0.2 / result.strategies.map { $0.cpuPerPicture! }.min()! })
        // Latency bars: longer for the longer time, and every one shows.
        let latency = try Self.marks(document, panel: "latency")
        let bars = try latency.values.flatMap { $0 }.map { bar in
            let value = try #require(Self.attribute(bar, "data-ms").flatMap(Double.init), "\(bar)")
            return (value, try #require(Self.attribute(bar, "width").flatMap(Double.init), "\(bar)"))
        }
        #expect(bars.allSatisfy { $0.1 >= 2 }, "\(bars)")
        for a in bars {
            for b in bars where a.0 < b.0 { #expect(a.1 <= b.1, "\(a) \(b)") }
        }
        // Points: the higher read rate stands higher, the shorter p50 further left.
        let points = try Self.marks(document, panel: "read-vs-latency")
        let placed = result.strategies.map { s in (s, Self.centre(points[s.name]![0])) }
        for (a, pa) in placed {
            #expect(Self.attribute(points[a.name]![0], "data-p50-ms") == NumberFormat.plain(a.latency!.p50))
            for (b, pb) in placed where a.fullyRead > b.fullyRead {
                #expect(pa.1 < pb.1, "\(a.name) above \(b.name)")
            }
            // Coordinates are written to a tenth of a pixel, so two medians a hair apart
            // can share a place; a shorter one is never to the right, but for marks of
            // equal read rates set apart sideways (14 px between neighbours).
            let dodge = 7 * Double(result.strategies.count)
            for (b, pb) in placed where a.latency!.p50 < b.latency!.p50 {
                #expect(pa.0 <= pb.0 + (a.fullyRead == b.fullyRead ? 0 : dodge), "\(a.name) left of \(b.name)")
            }
        }
        // Size lines: one point per size bin.
        let bins = SVGChart.sizeBins(result.strategies[0].perPicture)
        for line in try Self.marks(document, panel: "size").values.flatMap({ $0 }) {
            let points = (Self.attribute(line, "points") ?? "").split(separator: " ")
            #expect(points.count == bins.count && Self.attribute(line, "data-bins") == String(bins.count))
        }
    }

    @Test func namesAreDrawnInTheColoursOfTheirMarks() throws {
        let document = try Self.checkedDocument(Self.seven)
        let points = try Self.marks(document, panel: "read-vs-latency")
        var colours: [String] = []
        for strategy in Self.seven.strategies {
            let fill = try #require(Self.attribute(points[strategy.name]![0], "fill"))
            colours.append(fill)
            let names = try Self.elements(document, "//*[@class='name' and @data-strategy='\(strategy.name)']")
            #expect(!names.isEmpty && names.allSatisfy { Self.attribute($0, "fill") == fill }, "\(strategy.name)")
            let line = try #require(try Self.marks(document, panel: "size")[strategy.name]?.first)
            #expect(Self.attribute(line, "stroke") == fill)
            #expect(Self.attribute(try Self.marks(document, panel: "cpu")[strategy.name]![0], "fill") == fill)
        }
        // Seven colours, all different, all from the Okabe–Ito palette.
        #expect(Set(colours).count == 7 && colours.allSatisfy(SVGChart.palette.contains))
    }

    @Test func theReadAxisSaysWhatItCounts() throws {
        let labelled = try Self.elements(try Self.checkedDocument(Self.two), "//*[@data-axis='read']")
        #expect(labelled.count == 1 && labelled[0].stringValue!.hasPrefix("pictures fully read"))

        let folder = try UnlabelledTests.mixedFolder(photos: 3, labelled: 0)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let unlabelled = Self.bench([.race, .zbar], try Corpus.load(from: folder))
        #expect(unlabelled.labelled == 0)
        let axis = try Self.elements(try Self.checkedDocument(unlabelled), "//*[@data-axis='read']")
        #expect(axis.count == 1 && axis[0].stringValue!.hasPrefix("read (agreement)"), "\(axis.map(\.stringValue))")
        // The mark stands at the share of pictures where a symbol was found.
        let document = try Self.checkedDocument(unlabelled)
        let race = try #require(try Self.marks(document, panel: "read-vs-latency")["race"]?.first)
        #expect(
            Self.attribute(race, "data-read") == NumberFormat.fixed(unlabelled.strategies[0].unlabelledRead! / 4, 4))
    }

    /// Three strategies that read 10 of 11 pictures in about the same time.
    static func tied(reads: [Double]) -> BenchResult {
        let strategies = reads.enumerated().map { index, read in
            StrategyResult(
                name: StrategyName.allCases[index].rawValue, fullyRead: read, codesRead: read, wrongReads: 0,
                missedCodes: 11 - read, engineErrors: 0,
                latency: LatencySummary([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 40].map { $0 + Double(index) * 0.01 }),
                cpuPerPicture: 9, coldMilliseconds: 30, costBySize: nil, categories: [], perPicture: [])
        }
        return BenchResult(
            corpus: "tied", date: "now", cores: 2, runs: 1, seed: 1, warmUp: false, coldCall: "in process",
            pictures: 11, codes: 11, megapixels: 1, categories: [], skipped: [], strategies: strategies)
    }

    @Test func equalReadRatesStandAtOneHeight() throws {
        let document = try Self.checkedDocument(Self.tied(reads: [10, 10, 10]))
        let points = try Self.marks(document, panel: "read-vs-latency")
        let centres = StrategyName.allCases.prefix(3).map(\.rawValue).compactMap { points[$0]?.first }.map(Self.centre)
        try #require(centres.count == 3, "\(points.keys)")
        // One height for the one rate; set apart sideways, by whole marks.
        #expect(centres.allSatisfy { abs($0.1 - centres[0].1) < 0.05 }, "\(centres)")
        let xs = centres.map(\.0).sorted()
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $1 - $0 >= 13.9 }, "\(xs)")
        #expect(try !Self.elements(document, "//*[contains(text(), 'set apart sideways')]").isEmpty)
        // A different rate still stands at its own height.
        let apart = try Self.checkedDocument(Self.tied(reads: [10, 9, 10]))
        let marks = try Self.marks(apart, panel: "read-vs-latency")
        let race = Self.centre(try #require(marks[StrategyName.allCases[0].rawValue]?.first))
        let second = Self.centre(try #require(marks[StrategyName.allCases[1].rawValue]?.first))
        #expect(race.1 < second.1 - 5)
    }

    @Test func sizeBinsHoldThreePicturesOrMore() {
        let sizes = [0.004, 0.009, 0.02, 0.05, 0.05, 0.05, 0.05, 0.1, 0.12, 0.13, 0.3, 2.2]
        let pictures = sizes.enumerated().map { index, size in
            PictureResult(
                name: "p\(index)", category: "c", megapixels: size, meanLatency: 1, fullyReadRuns: 1, wrongReads: 0)
        }
        let bins = SVGChart.sizeBins(pictures)
        #expect(bins.allSatisfy { $0.names.count >= 3 }, "\(bins)")
        #expect(bins.reduce(0) { $0 + $1.names.count } == sizes.count)
        #expect(zip(bins, bins.dropFirst()).allSatisfy { $0.megapixels < $1.megapixels })
        // Each picture lands in one bin, and bins do not interleave in size.
        let order = bins.flatMap { bin in pictures.filter { bin.names.contains($0.name) }.map(\.megapixels) }
        #expect(order == sizes)
    }

    @Test func logScalesStartWellBelowTheSmallestValue() {
        for smallest in [0.11, 0.19, 0.2, 0.95, 1.0, 1.5, 3.0] {
            let scale = AxisScale(values: [smallest, smallest * 100], low: 0, high: 100)
            #expect(scale.isLog && smallest / scale.minimum >= 2, "\(smallest)")
            #expect(scale.position(smallest) >= 100 * log10(2) / log10(scale.maximum / scale.minimum) - 0.001)
        }
    }
}
