// QRBench — PassLadder: what each decode pass of an engine costs, and what it buys.
import QRCorpus
import QRKit

/// Measures an engine's passes one by one: the engine with its first pass only, then its
/// first two, and so on, over one corpus; likewise the race of all the engines.
///
///     let rungs = PassLadder(runs: 3).run(try Corpus.load(from: "Samples"))
///     print(PassLadder.markdown(rungs))
public struct PassLadder: Sendable {
    /// Timed passes over the corpus per rung (after one warm-up pass).
    public var runs: Int
    /// The engines whose passes are measured.
    public var registry: EngineRegistry

    public init(runs: Int = 3, registry: EngineRegistry = .standard) {
        self.runs = max(1, runs)
        self.registry = registry
    }

    /// The rungs of each engine, by name, and of the race, each engine's ladder from its
    /// cheapest pass to all of them (the race climbs every ladder at once, as far as each
    /// goes).
    public func run(_ corpus: Corpus, progress: ((String) -> Void)? = nil) -> [PassRung] {
        let engines = registry.engines()
        var rungs: [PassRung] = []
        for engine in engines.sorted(by: { $0.name < $1.name }) {
            rungs += climb(engine.name, corpus, steps: engine.passNames.count, progress: progress) { k in
                let first = FirstPasses(k, of: engine)
                return (.single(first), first.passNames)
            }
        }
        let steps = engines.map(\.passNames.count).max() ?? 0
        rungs += climb("race", corpus, steps: steps, progress: progress) { k in
            let first = engines.map { FirstPasses(k, of: $0) }
            return (.race(first), first.flatMap { engine in engine.passNames.map { "\(engine.name):\($0)" } })
        }
        return rungs
    }

    private func climb(
        _ engine: String, _ corpus: Corpus, steps: Int, progress: ((String) -> Void)?,
        _ make: (Int) -> (DecodeStrategy, [String])
    ) -> [PassRung] {
        let pictures = corpus.labelled  // a pass ladder counts full reads: it needs expected texts
        var firstRungReads: Set<Int>?
        var rungs: [PassRung] = []
        for k in 1...steps {
            let (strategy, passes) = make(k)
            progress?("\(engine) \(k)/\(steps)")
            let decoder = QRDecoder(strategy: strategy)
            for picture in pictures {
                _ = BenchRunner.measure(decoder, picture.image, expected: picture.expected)
            }
            var latency = [[Double]](repeating: [], count: pictures.count)
            var fully = 0
            var wrong = 0
            var readEveryRun = Set(pictures.indices)
            for _ in 0..<runs {
                for (index, picture) in pictures.enumerated() {
                    let sample = BenchRunner.measure(decoder, picture.image, expected: picture.expected)
                    latency[index].append(sample.latency)
                    wrong += sample.score.wrongReads
                    if sample.score.fullyRead { fully += 1 } else { readEveryRun.remove(index) }
                }
            }
            let first = firstRungReads ?? readEveryRun
            firstRungReads = first
            let onFirst = first.flatMap { latency[$0] }
            let onRest = pictures.indices.filter { !first.contains($0) }.flatMap { latency[$0] }
            rungs.append(
                PassRung(
                    engine: engine, passes: passes, fullyRead: Double(fully) / Double(runs),
                    wrongReads: Double(wrong) / Double(runs),
                    medianOnFirstRungReads: Statistics.percentile(onFirst, 0.5),
                    meanOnTheRest: Statistics.mean(onRest)))
        }
        return rungs
    }

    /// The rungs as a Markdown table.
    public static func markdown(_ rungs: [PassRung], pictures: Int) -> String {
        var lines = [
            "| engine | passes | read | wrong | p50 ms on first-pass reads | mean ms on the rest |",
            "|:--|:--|--:|--:|--:|--:|",
        ]
        for r in rungs {
            let read = r.fullyRead.rounded() == r.fullyRead ? "\(Int(r.fullyRead))" : r.fullyRead.fixed(1)
            lines.append(
                "| \(r.engine) | \(r.passes.joined(separator: ", ")) | \(read)/\(pictures) | \(format(r.wrongReads)) | "
                    + "\(r.medianOnFirstRungReads.map { $0.fixed(3) } ?? "-") | "
                    + "\(r.meanOnTheRest.map { $0.fixed(2) } ?? "-") |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func format(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value))" : value.fixed(1)
    }
}
