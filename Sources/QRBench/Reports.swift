// QRBench — Reports: a bench result as a Markdown table, JSON and CSV.
import FoundationEssentials
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
    /// The header line and the table of strategies.
    ///
    /// Columns: pictures fully read, codes read, wrong reads, codes missed; time to the
    /// answer (mean, p50, p90, p99, max, ms); CPU time per picture (ms, every engine);
    /// the cold first call (ms); cost against size (ms per megapixel, and R²).
    public static func table(_ result: BenchResult) -> String {
        var lines: [String] = []
        lines.append(summaryLine(result))
        lines.append("")
        lines.append(
            "| strategy | read | codes | wrong | missed | mean ms | p50 | p90 | p99 | max | CPU ms/pic | cold ms | ms/MP | R² |")
        lines.append("|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
        for s in result.strategies {
            let row = [
                s.name,
                "\(NumberFormat.count(s.fullyRead))/\(result.pictures)",
                "\(NumberFormat.count(s.codesRead))/\(result.codes)",
                NumberFormat.count(s.wrongReads),
                NumberFormat.count(s.missedCodes),
                NumberFormat.milliseconds(s.latency?.mean),
                NumberFormat.milliseconds(s.latency?.p50),
                NumberFormat.milliseconds(s.latency?.p90),
                NumberFormat.milliseconds(s.latency?.p99),
                NumberFormat.milliseconds(s.latency?.max),
                NumberFormat.milliseconds(s.cpuPerPicture),
                NumberFormat.milliseconds(s.coldMilliseconds),
                NumberFormat.milliseconds(s.costBySize?.slope),
                NumberFormat.fixed(s.costBySize?.rSquared, 2),
            ]
            lines.append("| " + row.joined(separator: " | ") + " |")
        }
        if !result.skipped.isEmpty {
            lines.append("")
            lines.append("Skipped \(result.skipped.count) unreadable picture\(result.skipped.count == 1 ? "" : "s"):")
            for skip in result.skipped { lines.append("- `\(skip.name)`: \(skip.reason)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Pictures fully read per category (rows) and strategy (columns).
    public static func categoryTable(_ result: BenchResult) -> String {
        var lines = ["| category | pictures | " + result.strategies.map(\.name).joined(separator: " | ") + " |"]
        lines.append("|:--|--:|" + String(repeating: "--:|", count: result.strategies.count))
        for category in result.categories {
            let cells = result.strategies.map { s in
                NumberFormat.count(s.categories.first { $0.category == category.name }?.fullyRead ?? 0)
            }
            lines.append("| \(category.name) | \(category.pictures) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `corpus: 97 pictures (97 codes, 31.5 MP); 5 timed runs after a warm-up, seed 1; 2 cores; 2025-…`
    static func summaryLine(_ result: BenchResult) -> String {
        let warm = result.warmUp ? " after a warm-up" : ""
        return "`\(result.corpus)`: \(result.pictures) pictures (\(result.codes) codes, "
            + "\(NumberFormat.fixed(result.megapixels, 1)) MP); \(result.runs) timed run\(result.runs == 1 ? "" : "s")\(warm), "
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

/// A bench result as CSV: one row per strategy, the Markdown columns in plain numbers,
/// then pictures fully read per category (`category:NAME`).
public enum CSVReport {
    public static func text(_ result: BenchResult) -> String {
        var header = [
            "strategy", "pictures", "fully_read", "codes", "codes_read", "wrong_reads", "missed_codes",
            "engine_errors", "mean_ms", "p50_ms", "p90_ms", "p99_ms", "max_ms", "cpu_ms_per_picture", "cold_ms",
            "ms_per_megapixel", "intercept_ms", "r_squared", "runs", "seed", "cores",
        ]
        header += result.categories.map { "category:\($0.name)" }
        var lines = [header.map(field).joined(separator: ",")]
        for s in result.strategies {
            var row = [
                s.name, String(result.pictures), NumberFormat.plain(s.fullyRead), String(result.codes),
                NumberFormat.plain(s.codesRead), NumberFormat.plain(s.wrongReads), NumberFormat.plain(s.missedCodes),
                String(s.engineErrors), NumberFormat.plain(s.latency?.mean), NumberFormat.plain(s.latency?.p50),
                NumberFormat.plain(s.latency?.p90), NumberFormat.plain(s.latency?.p99),
                NumberFormat.plain(s.latency?.max), NumberFormat.plain(s.cpuPerPicture),
                NumberFormat.plain(s.coldMilliseconds), NumberFormat.plain(s.costBySize?.slope),
                NumberFormat.plain(s.costBySize?.intercept), NumberFormat.plain(s.costBySize?.rSquared),
                String(result.runs), String(result.seed), String(result.cores),
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
