// QRBench tests — a bench run over a tiny corpus, and every report it makes.
import Foundation
import FoundationXML
import QRKit
import Testing
@testable import QRCorpus
@testable import QRBench

@Suite struct RunnerAndReportTests {
    /// Three generated pictures (two clean, one with several codes), in a category whose
    /// name needs escaping in XML and quoting in CSV.
    static func tinyCorpus() throws -> Corpus {
        let generator = CorpusGenerator(
            options: GeneratorOptions(count: 3, seed: 99, categories: [.clean, .multi, .clean]))
        let pictures = try (0..<3).map { index in
            let picture = try generator.picture(at: index)
            return CorpusPicture(
                name: picture.name + ".png", category: index == 1 ? "several <codes>, & more" : "clean",
                expected: picture.payloads, image: picture.image)
        }
        return Corpus(root: "tiny", pictures: pictures, skipped: [SkippedPicture(name: "bad.png", reason: "truncated")])
    }

    static let result: BenchResult = {
        let options = BenchOptions(strategies: [.race, .zbar, .hedged], runs: 2, seed: 4)
        return BenchRunner(options: options).run(try! tinyCorpus())
    }()

    @Test func runnerMeasuresEveryStrategy() throws {
        let result = Self.result
        #expect(result.pictures == 3)
        #expect(result.codes >= 4)
        #expect(result.strategies.map(\.name) == ["race", "zbar", "hedged"])
        #expect(result.coldCall == "in process")
        #expect(result.skipped.count == 1)
        for strategy in result.strategies {
            let latency = try #require(strategy.latency)
            #expect(latency.count == 6)  // 2 runs × 3 pictures
            #expect(latency.p50 <= latency.p90 && latency.p90 <= latency.p99 && latency.p99 <= latency.max)
            #expect(strategy.fullyRead == 3, "\(strategy.name)")
            #expect(strategy.codesRead == Double(result.codes))
            #expect(strategy.wrongReads == 0 && strategy.missedCodes == 0)
            #expect((strategy.cpuPerPicture ?? 0) > 0)
            #expect(strategy.coldMilliseconds != nil)
            #expect(strategy.categories.map(\.pictures).reduce(0, +) == 3)
            #expect(strategy.perPicture.count == 3)
            #expect(strategy.perPicture.allSatisfy { $0.fullyReadRuns == 2 })
        }
    }

    @Test func markdownTableHasOneRowPerStrategy() {
        let table = MarkdownReport.table(Self.result)
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| ") }
        #expect(rows.count == 4)  // header + 3 strategies
        #expect(rows[0].contains("p99") && rows[0].contains("cold ms") && rows[0].contains("ms/MP"))
        #expect(rows[1].hasPrefix("| race | 3/3 |"))
        #expect(table.contains("`bad.png`: truncated"))
        let categories = MarkdownReport.categoryTable(Self.result)
        #expect(categories.contains("| several <codes>, & more | 1 | 1 | 1 | 1 |"))
        #expect(categories.contains("| clean | 2 | 2 | 2 | 2 |"))
    }

    @Test func p99NeedsAHundredDecodesAndAPoorFitIsFlagged() throws {
        // Six timed decodes a row: no p99, and a footnote says why.
        let table = MarkdownReport.table(Self.result)
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| ") }.map { $0.split(separator: "|") }
        let p99 = try #require(rows[0].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "p99" })
        #expect(rows.dropFirst().allSatisfy { $0[p99].trimmingCharacters(in: .whitespaces) == "–¹" }, "\(table)")
        #expect(table.contains("¹ No p99 from 6 timed decodes: it takes 100 or more"), "\(table)")

        var result = ChartTests.tied(reads: [10, 10])
        result.strategies[0].latency = LatencySummary((1...100).map(Double.init))
        result.strategies[0].costBySize = LinearFit(x: [1, 2, 3, 4], y: [2, 4, 6, 8.5])
        result.strategies[1].costBySize = LinearFit(x: [1, 2, 3, 4], y: [5, 1, 1, 5])
        let flagged = MarkdownReport.table(result)
        let cells = flagged.split(separator: "\n").filter { $0.hasPrefix("| ") }.map {
            $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let rSquared = try #require(cells[0].firstIndex(of: "R²"))
        // A hundred decodes give a p99; eleven do not. A good fit stands as it is.
        #expect(cells[1][p99] == NumberFormat.milliseconds(result.strategies[0].latency!.p99), "\(flagged)")
        #expect(cells[2][p99] == "–¹")
        #expect(cells[1][rSquared] == NumberFormat.fixed(result.strategies[0].costBySize!.rSquared, 2))
        #expect(cells[2][rSquared] == "0.00²", "\(flagged)")
        #expect(flagged.contains("¹ No p99 from 11 timed decodes"), "\(flagged)")
        #expect(flagged.contains("² R² under 0.5: time hardly follows picture size"), "\(flagged)")
        // Neither footnote where nothing calls for it.
        result.strategies.removeLast()
        let clean = MarkdownReport.table(result)
        #expect(!clean.contains("¹") && !clean.contains("² R²") && !clean.contains("0²"), "\(clean)")
    }

    @Test func jsonParsesBack() throws {
        let data = try JSONReport.data(Self.result)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["pictures"] as? Int == 3)
        #expect(object["cold_call"] as? String == "in process")
        let strategies = try #require(object["strategies"] as? [[String: Any]])
        #expect(strategies.count == 3)
        let latency = try #require(strategies[0]["latency"] as? [String: Any])
        #expect(latency["p99"] is Double)
        #expect(strategies[0]["cost_by_size"] != nil)
        #expect((strategies[0]["per_picture"] as? [Any])?.count == 3)
    }

    @Test func csvHasAHeaderAndOneRowPerStrategy() {
        let lines = CSVReport.text(Self.result).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("strategy,pictures,fully_read,"))
        #expect(lines[0].contains("\"category:several <codes>, & more\""))
        #expect(lines[1].hasPrefix("race,3,3.0000,"))
        // Every row has as many fields as the header (no field here holds a quote).
        func fields(_ line: String) -> Int {
            var count = 1
            var quoted = false
            for c in line {
                if c == "\"" { quoted.toggle() } else if c == ",", !quoted { count += 1 }
            }
            return count
        }
        #expect(lines.allSatisfy { fields($0) == fields(lines[0]) })
    }

    @Test func svgIsWellFormedXML() throws {
        let svg = SVGChart.document(Self.result)
        let document = try XMLDocument(data: Data(svg.utf8), options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "svg")
        #expect(svg.contains(">race<") && svg.contains(">zbar<") && svg.contains(">hedged<"))
        #expect(svg.contains("Read against time to the answer") && svg.contains("CPU per picture"))
        #expect(svg.contains("Time to the answer") && svg.contains("Cost against picture size"))
    }

    @Test func svgEscapesWhatXMLCannotHold() throws {
        #expect(SVGWriter.escape("a<b & \"c\" 'd'>\u{1}") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
        var result = Self.result
        result.corpus = "weird & <name>\u{7}"
        let svg = SVGChart.document(result)
        _ = try XMLDocument(data: Data(svg.utf8), options: [])
        #expect(svg.contains("weird &amp; &lt;name&gt;"))
    }
}
