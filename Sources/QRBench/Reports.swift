// QRBench — Reports: a bench result as a Markdown table, JSON and CSV.
import FoundationEssentials
import QRCorpus
import QRKit

/// Numbers as the text reports print them.
enum NumberFormat {
    /// Milliseconds with precision that suits their size: 0.42, 3.14, 27.2, 512.
    static func milliseconds(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        switch abs(value) {
        case ..<10: return value.fixed(2)
        case ..<100: return value.fixed(1)
        default: return value.fixed(0)
        }
    }

    /// A count that is a mean over runs: whole when it is whole, else one decimal.
    static func count(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        return value.fixed(1)
    }

    /// A fixed number of decimals.
    static func fixed(_ value: Double?, _ digits: Int) -> String {
        guard let value, value.isFinite else { return "–" }
        return value.fixed(digits)
    }

    /// A number for CSV: plain decimal, empty when unknown.
    static func plain(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return value.fixed(4)
    }
}

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

/// A bench result as JSON: every number the run measured, per picture too.
public enum JSONReport {
    /// Pretty-printed JSON with snake_case keys, sorted.
    ///
    /// - Throws: an `EncodingError` (none is expected: every number is finite).
    public static func data(_ result: BenchResult) throws -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(result)
    }
}

/// A bench result as CSV: one row per strategy, the Markdown columns in plain numbers
/// (`fully_read` and `codes` count labelled pictures; `unlabelled_read`,
/// `missed_where_others_read` and `conflicts` are empty when there are no unlabelled ones),
/// `kind` (`strategy`, or `process` for a peer) and the peer's `command`, then pictures
/// fully read per category (`category:NAME`). Peers' rows follow the strategies'.
public enum CSVReport {
    public static func text(_ result: BenchResult) -> String {
        var header = [
            "strategy", "pictures", "fully_read", "codes", "codes_read", "wrong_reads", "missed_codes",
            "engine_errors", "mean_ms", "p50_ms", "p90_ms", "p99_ms", "max_ms", "cpu_ms_per_picture", "cold_ms",
            "ms_per_megapixel", "intercept_ms", "r_squared", "runs", "seed", "cores",
            "unlabelled_pictures", "unlabelled_read", "missed_where_others_read", "conflicts", "kind", "command",
        ]
        header += result.categories.map { "category:\($0.name)" }
        var lines = [header.map(field).joined(separator: ",")]
        for s in result.strategies + result.peers {
            var row = [
                s.name, String(result.pictures), NumberFormat.plain(s.fullyRead), String(result.codes),
                NumberFormat.plain(s.codesRead), NumberFormat.plain(s.wrongReads), NumberFormat.plain(s.missedCodes),
                String(s.engineErrors), NumberFormat.plain(s.latency?.mean), NumberFormat.plain(s.latency?.p50),
                NumberFormat.plain(s.latency?.p90), NumberFormat.plain(s.latency?.p99),
                NumberFormat.plain(s.latency?.max), NumberFormat.plain(s.cpuPerPicture),
                NumberFormat.plain(s.coldMilliseconds), NumberFormat.plain(s.costBySize?.slope),
                NumberFormat.plain(s.costBySize?.intercept), NumberFormat.plain(s.costBySize?.rSquared),
                String(result.runs), String(result.seed), String(result.cores),
                String(result.unlabelled), NumberFormat.plain(s.unlabelledRead),
                s.missedWhereOthersRead.map(String.init) ?? "", s.conflicts.map(String.init) ?? "",
                s.command == nil ? "strategy" : "process", s.command ?? "",
            ]
            row += result.categories.map { category in
                NumberFormat.plain(s.categories.first { $0.category == category.name }?.fullyRead ?? 0)
            }
            lines.append(row.map(field).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Quotes a field when it holds a comma, quote or line break (RFC 4180).
    static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
    }
}
