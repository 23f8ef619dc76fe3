// QRBench — MarkdownReport: a bench result as Markdown tables.
import FoundationEssentials
import QRCorpus
import QRKit

/// A bench result as Markdown: one row per strategy, and pass counts per category.
///
///     print(MarkdownReport.table(result))
public enum MarkdownReport {
    /// Timed decodes a row needs for its p99: with fewer, the 99th percentile is the
    /// slowest one or two decodes, and says nothing the max does not.
    static let minimumSamplesForP99 = 100
    /// A cost-by-size fit whose R² is below this explains too little to read ms/MP from.
    static let poorFit = 0.5

    /// The header line and the table of strategies.
    ///
    /// Columns: pictures fully read, codes read, wrong reads, codes missed; time to the
    /// answer (mean, p50, p90, p99, max, ms); CPU time per picture (ms, every engine);
    /// the cold first call (ms); cost against size (ms per megapixel, and R²). A row of
    /// fewer than ``minimumSamplesForP99`` timed decodes shows no p99, and an R² under
    /// ``poorFit`` is flagged: a footnote under the table says why.
    ///
    /// With unlabelled pictures (no `NAME.txt`) the table gains `read (unlabelled)`
    /// (pictures where the strategy found some symbol), `missed (others read)` (it found
    /// nothing where another strategy found a symbol) and `conflicts` (it read texts that
    /// differ from another strategy's), and the labelled columns count
    /// the labelled pictures only (they are left out when there are none); an agreement
    /// section follows (``agreement(_:limit:)``).
    ///
    /// Peers (``BenchResult/peers``) follow the strategies as rows named `NAME (process)`,
    /// with a line under the table that says how they ran and what their times include.
    public static func table(_ result: BenchResult) -> String {
        var lines: [String] = []
        lines.append(summaryLine(result))
        lines.append("")
        let labelledColumns = result.unlabelled == 0 || result.labelled > 0
        let unlabelledColumns = result.unlabelled > 0
        var header = ["strategy"]
        if labelledColumns { header += ["read", "codes", "wrong", "missed"] }
        if unlabelledColumns { header += ["read (unlabelled)", "missed (others read)", "conflicts"] }
        header += ["mean ms", "p50", "p90", "p99", "max", "CPU ms/pic", "cold ms", "ms/MP", "R²"]
        lines.append("| " + header.joined(separator: " | ") + " |")
        lines.append("|:--|" + String(repeating: "--:|", count: header.count - 1))
        var fewSamples: [Int] = []
        var poorFits = false
        for s in result.strategies + result.peers {
            var row = [s.command == nil ? s.name : "\(s.name) (process)"]
            if labelledColumns {
                row += [
                    "\(NumberFormat.count(s.fullyRead))/\(result.labelled)",
                    "\(NumberFormat.count(s.codesRead))/\(result.codes)",
                    NumberFormat.count(s.wrongReads),
                    NumberFormat.count(s.missedCodes),
                ]
            }
            if unlabelledColumns {
                row += [
                    "\(NumberFormat.count(s.unlabelledRead ?? 0))/\(result.unlabelled)",
                    String(s.missedWhereOthersRead ?? 0),
                    String(s.conflicts ?? 0),
                ]
            }
            var p99 = NumberFormat.milliseconds(s.latency?.p99)
            if let latency = s.latency, latency.count < minimumSamplesForP99 {
                p99 = "–¹"
                fewSamples.append(latency.count)
            }
            var rSquared = NumberFormat.fixed(s.costBySize?.rSquared, 2)
            if let fit = s.costBySize?.rSquared, fit < poorFit {
                rSquared += "²"
                poorFits = true
            }
            row += [
                NumberFormat.milliseconds(s.latency?.mean),
                NumberFormat.milliseconds(s.latency?.p50),
                NumberFormat.milliseconds(s.latency?.p90),
                p99,
                NumberFormat.milliseconds(s.latency?.max),
                NumberFormat.milliseconds(s.cpuPerPicture),
                NumberFormat.milliseconds(s.coldMilliseconds),
                NumberFormat.milliseconds(s.costBySize?.slope),
                rSquared,
            ]
            lines.append("| " + row.joined(separator: " | ") + " |")
        }
        if !fewSamples.isEmpty || poorFits {
            lines.append("")
        }
        if let most = fewSamples.max() {
            lines.append(
                "¹ No p99 from \(most == fewSamples.min()! ? "" : "at most ")\(counted(most, "timed decode")): "
                    + "it takes \(minimumSamplesForP99) or more (more pictures or --runs); max is the slowest.")
        }
        if poorFits {
            lines.append(
                "² R² under \(NumberFormat.fixed(poorFit, 1)): time hardly follows picture size here, "
                    + "so ms/MP is no guide to larger pictures.")
        }
        if !result.peers.isEmpty {
            lines.append("")
            lines.append(peerNote(result))
        }
        if result.agreement != nil {
            lines.append("")
            lines.append(String(agreement(result).dropLast()))
        }
        if !result.skipped.isEmpty {
            lines.append("")
            lines.append("Skipped \(result.skipped.count) unreadable picture\(result.skipped.count == 1 ? "" : "s"):")
            for skip in result.skipped { lines.append("- `\(skip.name)`: \(skip.reason)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the `(process)` rows are: the commands, and what their times hold.
    static func peerNote(_ result: BenchResult) -> String {
        let commands = result.peers.compactMap(\.command).map { "`\($0)`" }.joined(separator: ", ")
        let scored =
            result.unlabelled == 0
            ? "scored against the expected texts"
            : "scored as the strategies are (labelled pictures against their texts, unlabelled ones by agreement with the strategies)"
        return "(process) rows: \(commands); one whole process per picture, \(scored). Their times run from start "
            + "to exit (start-up and reading the PNG included) and their CPU is the process's user + system time; "
            + "the strategies' times are decodes of pictures already in memory."
    }

    /// Pictures fully read per category (rows) and strategy (columns); unlabelled
    /// pictures, whatever their folder, are one more row, counting those where a symbol
    /// was found.
    public static func categoryTable(_ result: BenchResult) -> String {
        var lines = ["| category | pictures | " + result.strategies.map(\.name).joined(separator: " | ") + " |"]
        lines.append("|:--|--:|" + String(repeating: "--:|", count: result.strategies.count))
        for category in result.categories {
            let cells = result.strategies.map { s in
                NumberFormat.count(s.categories.first { $0.category == category.name }?.fullyRead ?? 0)
            }
            lines.append("| \(category.name) | \(category.pictures) | " + cells.joined(separator: " | ") + " |")
        }
        if result.unlabelled > 0 {
            let cells = result.strategies.map { NumberFormat.count($0.unlabelledRead ?? 0) }
            lines.append(
                "| (unlabelled: a symbol found) | \(result.unlabelled) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How the strategies agree on the unlabelled pictures: one line of counts, then
    /// the pictures they disagree on (at most `limit`) with each strategy's answer.
    ///
    ///     12 unlabelled pictures (no NAME.txt; read = some symbol found): 9 read alike by
    ///     every strategy, 1 by none, 1 by some and not others, 1 as different texts.
    public static func agreement(_ result: BenchResult, limit: Int = 20) -> String {
        guard let a = result.agreement else { return "" }
        var lines = [
            "\(a.pictures) unlabelled picture\(a.pictures == 1 ? "" : "s") (no NAME.txt; read = some symbol found): "
                + "\(a.readAlike) read alike by every strategy, \(a.readByNone) by none, "
                + "\(a.readBySome) by some and not others, \(a.differentTexts) as different texts."
        ]
        if !a.disagreements.isEmpty {
            lines.append("")
            // The answers name their columns: the strategies, then any peers.
            let columns = a.disagreements[0].answers.map(\.strategy)
            lines.append("| unlabelled picture | disagreement | " + columns.joined(separator: " | ") + " |")
            lines.append("|:--|:--|" + String(repeating: ":--|", count: columns.count))
            for picture in a.disagreements.prefix(limit) {
                let cells = picture.answers.map {
                    $0.texts.isEmpty ? "–" : $0.texts.map { cell($0) }.joined(separator: " + ")
                }
                lines.append(
                    "| \(cell(picture.name, limit: .max)) | \(picture.kind.rawValue) | "
                        + cells.joined(separator: " | ") + " |")
            }
            if a.disagreements.count > limit {
                lines.append("")
                lines.append("… and \(a.disagreements.count - limit) more (every one is in --json).")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A text for a table cell: control characters, `|` and backquotes escaped, at most
    /// `limit` characters.
    static func cell(_ text: String, limit: Int = 24) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                out += "…"
                break
            }
            switch scalar {
            case "|": out += "\\|"
            case "`": out += "\\`"
            case _ where scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }

    /// `1 picture`, `2 pictures`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `corpus: 97 pictures (97 codes, 31.5 MP); 5 timed runs after a warm-up, seed 1; 2 cores; 2025-…`
    ///
    /// With unlabelled pictures: `corpus: 20 pictures: 15 labelled (15 codes), 5 unlabelled, 3.2 MP; …`
    static func summaryLine(_ result: BenchResult) -> String {
        let warm = result.warmUp ? " after a warm-up" : ""
        let contents =
            result.unlabelled == 0
            ? "\(counted(result.pictures, "picture")) (\(counted(result.codes, "code")), "
                + "\(NumberFormat.fixed(result.megapixels, 1)) MP)"
            : "\(result.pictures) pictures: \(result.labelled) labelled (\(counted(result.codes, "code"))), "
                + "\(result.unlabelled) unlabelled, \(NumberFormat.fixed(result.megapixels, 1)) MP"
        return "`\(result.corpus)`: \(contents); \(result.runs) timed run\(result.runs == 1 ? "" : "s")\(warm), "
            + "seed \(result.seed); \(result.cores) cores; \(result.date)"
    }
}
