// qr decode — TimingTable: each engine's timings and outcome, as --timing prints them.
import ArgumentParser
import FoundationEssentials
import QRBench
import QRKit

/// The `--timing` table: one row per engine.
enum TimingTable {
    static func render(file: PathName, report: DecodeReport) -> String {
        var lines = [
            "\(file.terminal): \(report.strategy), winner \(report.winner ?? "none"), \(format(report.elapsed)) ms\(report.timedOut ? " (timed out)" : "")"
                + (report.heldForCompleteness.map { ", held \(format($0)) ms for the codes of other engines" } ?? "")
        ]
        lines.append("  engine    start ms   elapsed ms   cpu ms   outcome")
        for e in report.engines {
            let start = e.startOffset.map(format) ?? "-"
            let elapsed = e.elapsed.map(format) ?? "-"
            let cpu = e.cpuTime.map(format) ?? "-"
            lines.append(
                "  " + e.name + String(repeating: " ", count: max(0, 8 - e.name.count))
                    + pad(start, 10) + pad(elapsed, 13) + pad(cpu, 9) + "   " + describe(e.outcome))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ outcome: EngineOutcome) -> String {
        switch outcome {
        case .found(let n): return "found \(n)"
        case .error(let reason): return "error: \(reason)"
        default: return outcome.label
        }
    }

    private static func format(_ d: Duration) -> String { d.milliseconds.fixed(2) }
    private static func pad(_ s: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - s.count)) + s
    }
}
