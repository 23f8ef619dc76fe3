// qr — ProgressBar: a long run's progress on stderr when it is a terminal.
import ArgumentParser
import FoundationEssentials
import QRBench
import QRCorpus
import QRKit

/// A one-line progress bar on stderr, redrawn at most every 100 ms; safe from any thread.
final class ProgressBar: Sendable {
    private struct State {
        var lastDraw: ContinuousClock.Instant?
        var drawn = false
    }

    private let state = Locked(State())
    private let clock = ContinuousClock()

    func update(_ progress: BenchProgress) {
        let now = clock.now
        state.withLock { state in
            if let last = state.lastDraw, now - last < .milliseconds(100), progress.done < progress.total { return }
            state.lastDraw = now
            state.drawn = true
            let width = 30
            let fraction = progress.total == 0 ? 1 : Double(progress.done) / Double(progress.total)
            let filled = min(width, Int(fraction * Double(width)))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            StandardError.status("\(bar) \(progress.done)/\(progress.total) \(progress.phase)")
        }
    }

    /// Clears the bar's line.
    func finish() {
        state.withLock { state in
            if state.drawn { StandardError.clearStatus() }
        }
    }
}
