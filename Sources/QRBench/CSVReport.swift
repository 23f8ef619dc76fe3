// QRBench — CSVReport: a bench result as CSV, one line per strategy.
import FoundationEssentials
import QRCorpus
import QRKit

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
