// QRBench — BatchTable: each strategy over the whole corpus as one batch, as `qr decode DIR` runs it.
import QRCorpus
import QRKit

#if canImport(Glibc)
import Glibc
#endif

/// Decodes the corpus as one batch per strategy, on a ``DecodeExecutor`` of `workers`
/// workers, the way `qr decode DIR` does (pictures already in memory: reading the files
/// is left out). The per-picture table of ``BenchRunner`` times each picture alone; this
/// one answers what a folder costs, where the executor interleaves pictures' passes and
/// a race's losers are charged through the CPU they take.
public struct BatchTable: Sendable {
    /// Timed batches per strategy, after one untimed one.
    public var runs: Int
    /// The executor's workers.
    public var workers: Int

    public init(runs: Int, workers: Int) {
        self.runs = max(1, runs)
        self.workers = max(1, workers)
    }

    /// The rows, in the order of `strategies`.
    public func run(_ corpus: Corpus, strategies: [StrategyName], progress: (String) -> Void = { _ in }) -> [BatchRow] {
        strategies.map { strategy in
            progress(strategy.rawValue)
            var walls: [Double] = []
            var cpus: [Double] = []
            var read = 0
            for round in 0...runs {
                let (wall, cpu, answers) = Self.batch(corpus, strategy: strategy, workers: workers)
                if round == 0 {
                    read =
                        zip(corpus.pictures, answers).filter { picture, symbols in
                            picture.labelled
                                ? ReadScore(symbols: symbols, expected: picture.expected).fullyRead : !symbols.isEmpty
                        }.count
                    continue  // the untimed warm-up
                }
                walls.append(wall / Double(corpus.pictures.count))
                cpus.append(cpu / Double(corpus.pictures.count))
            }
            return BatchRow(
                strategy: strategy, read: read, wallPerPicture: Statistics.percentile(walls, 0.5) ?? 0,
                cpuPerPicture: Statistics.percentile(cpus, 0.5) ?? 0)
        }
    }

    /// One batch: wall and process CPU milliseconds, and each picture's symbols.
    static func batch(_ corpus: Corpus, strategy: StrategyName, workers: Int) -> (Double, Double, [[Symbol]]) {
        let decoder = QRDecoder(strategy: strategy.makeStrategy(), executor: DecodeExecutor(workers: workers))
        let answers = Locked([[Symbol]](repeating: [], count: corpus.pictures.count))
        let pictures = corpus.pictures
        let next = Locked(0)
        let clock = ContinuousClock()
        let cpuStart = processCPUTime()
        let start = clock.now
        decoder.decodeBatch(
            next: {
                let index = next.withLock { i in
                    defer { i += 1 }
                    return i
                }
                guard index < pictures.count else { return nil }
                return { pictures[index].image }
            },
            deliver: { index, result in
                let symbols = (try? result.get())?.symbols ?? []
                answers.withLock { $0[index] = symbols }
            })
        let wall = (clock.now - start).milliseconds
        let cpu = (processCPUTime() - cpuStart).milliseconds
        return (wall, cpu, answers.withLock { $0 })
    }

    /// The table, as Markdown, with CPU also as a multiple of sequential's when it ran.
    public static func markdown(_ rows: [BatchRow], pictures: Int, workers: Int) -> String {
        let sequential = rows.first { $0.strategy == .sequential }?.cpuPerPicture
        var text =
            "Each strategy over the \(pictures) pictures as one batch, \(workers) workers (as `qr decode DIR`):\n\n"
        text += "| strategy | read | wall ms/picture | CPU ms/picture | CPU vs sequential |\n"
        text += "|:--|--:|--:|--:|--:|\n"
        for row in rows {
            let ratio = sequential.map { $0 > 0 ? (row.cpuPerPicture / $0).fixed(2) + "×" : "–" } ?? "–"
            text += "| \(row.strategy.rawValue) | \(row.read)/\(pictures) | \(row.wallPerPicture.fixed(2)) "
            text += "| \(row.cpuPerPicture.fixed(2)) | \(ratio) |\n"
        }
        return text
    }
}
