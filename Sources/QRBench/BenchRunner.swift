// QRBench — BenchRunner: times every strategy over a corpus, side by side.
import Dispatch
import FoundationEssentials
import QRCorpus
import QRKit

/// Times decode strategies over a corpus.
///
/// Each strategy gets a fresh ``QRDecoder`` (new engines, empty history). Its first decode
/// is timed alone as the cold call; then one untimed warm-up pass; then `runs` timed
/// passes. Strategies take turns within each pass, so drift on the machine (heat, other
/// processes) falls on all of them alike. Decodes run one at a time, and the next starts
/// only when every engine of the last has stopped, so each decode has the machine to
/// itself and a race loser's CPU time is charged to its strategy. Peer programs
/// (``BenchOptions/peers``) take their turn after the strategies in each pass, one process
/// a picture, and are scored the same way from what they print.
///
///     let corpus = try Corpus.load(from: "Samples")
///     let result = BenchRunner(options: BenchOptions(runs: 3)).run(corpus)
///     print(MarkdownReport.table(result))
public struct BenchRunner: Sendable {
    public var options: BenchOptions

    public init(options: BenchOptions = BenchOptions()) {
        self.options = options
    }

    /// Runs the bench.
    ///
    /// - Parameters:
    ///   - corpus: the pictures, loaded.
    ///   - progress: called after each decode, on the calling thread.
    /// - Returns: the measurements of every strategy.
    public func run(_ corpus: Corpus, progress: ((BenchProgress) -> Void)? = nil) -> BenchResult {
        let pictures = corpus.pictures
        let strategies = options.strategies
        var random = SplitMix64(seed: options.seed)
        let indices = Array(pictures.indices)
        let orders = (0..<options.runs + 1).map { _ in random.shuffled(indices) }
        let warmUpPasses = options.warmUp ? 1 : 0
        let peers = options.peers
        let total =
            pictures.isEmpty
            ? 0
            : strategies.count * (1 + (warmUpPasses + options.runs) * pictures.count)
                + peers.count * (warmUpPasses + options.runs) * pictures.count
        var done = 0
        func step(_ phase: String) {
            done += 1
            progress?(BenchProgress(done: done, total: total, phase: phase))
        }

        var samples = [[[DecodeSample]]](
            repeating: [[DecodeSample]](repeating: [], count: pictures.count), count: strategies.count)
        var peerSamples = [[[PeerSample]]](
            repeating: [[PeerSample]](repeating: [], count: pictures.count), count: peers.count)
        var cold = [Double?](repeating: nil, count: strategies.count)
        var coldInFreshProcess = options.coldProbe != nil
        if !pictures.isEmpty {
            let decoders = strategies.map { QRDecoder(strategy: $0.makeStrategy(), timeout: options.timeout) }
            let first = pictures[orders[0][0]]
            for (s, decoder) in decoders.enumerated() {
                cold[s] = Self.measure(decoder, first.image, expected: first.expected).latency
                step("cold")
            }
            if let probe = options.coldProbe {
                let path = FileSystem.join(corpus.root, first.name)
                for s in strategies.indices {
                    // The median of five fresh processes: one alone is at the mercy of the disk and the scheduler.
                    let times = (0..<5).compactMap { _ in probe(strategies[s], path) }
                    if let median = Statistics.percentile(times, 0.5) { cold[s] = median }
                    coldInFreshProcess = coldInFreshProcess && !times.isEmpty
                }
            }
            if options.warmUp {
                for (s, decoder) in decoders.enumerated() {
                    for index in orders[0] {
                        _ = Self.measure(decoder, pictures[index].image, expected: pictures[index].expected)
                        step("warm-up \(strategies[s].rawValue)")
                    }
                }
                for peer in peers {
                    for index in orders[0] {
                        _ = runPeer(peer, corpus, pictures[index])
                        step("warm-up \(peer.name)")
                    }
                }
            }
            for run in 0..<options.runs {
                for (s, decoder) in decoders.enumerated() {
                    for index in orders[run + 1] {
                        samples[s][index].append(
                            Self.measure(decoder, pictures[index].image, expected: pictures[index].expected))
                        step("run \(run + 1)/\(options.runs) \(strategies[s].rawValue)")
                    }
                }
                for (p, peer) in peers.enumerated() {
                    for index in orders[run + 1] {
                        peerSamples[p][index].append(runPeer(peer, corpus, pictures[index]))
                        step("run \(run + 1)/\(options.runs) \(peer.name)")
                    }
                }
            }
        }

        // Each strategy's usual answer on each unlabelled picture, and where they differ.
        let unlabelled = pictures.indices.filter { !pictures[$0].labelled }
        let answers = strategies.indices.map { s in
            Dictionary(uniqueKeysWithValues: unlabelled.map { ($0, Self.usualAnswer(samples[s][$0])) })
        }
        var agreement =
            unlabelled.isEmpty
            ? nil
            : Self.agreement(strategies.map(\.rawValue), answers: answers, pictures: pictures, unlabelled: unlabelled)
        var results = strategies.indices.map { s in
            summarize(
                strategies[s].rawValue, samples: samples[s], cold: cold[s], pictures: pictures, answers: answers[s])
        }
        for s in results.indices where !unlabelled.isEmpty {
            let others = answers.indices.filter { $0 != s }.map { answers[$0] }
            (results[s].missedWhereOthersRead, results[s].conflicts) = Self.disagreements(
                answers[s], others: others, unlabelled: unlabelled)
        }
        // A peer's output is read once every strategy has answered: what they read on an
        // unlabelled picture tells zbarimg's texts apart where one holds a newline.
        var peerAnswers: [[Int: [String]]] = []
        let peerResults = peers.indices.map { p in
            let decoded = pictures.indices.map { index in
                let known =
                    pictures[index].labelled
                    ? pictures[index].expected : answers.flatMap { $0[index] ?? [] }.map { Array($0.utf8) }
                return peerSamples[p][index].map {
                    $0.decoded(by: peers[p], expected: pictures[index].expected, known: known)
                }
            }
            let mine = Dictionary(uniqueKeysWithValues: unlabelled.map { ($0, Self.usualAnswer(decoded[$0])) })
            peerAnswers.append(mine)
            var result = summarize(peers[p].name, samples: decoded, cold: nil, pictures: pictures, answers: mine)
            result.command = peers[p].command
            if !unlabelled.isEmpty {
                (result.missedWhereOthersRead, result.conflicts) = Self.disagreements(
                    mine, others: answers, unlabelled: unlabelled)
            }
            return result
        }
        if let summary = agreement, !peers.isEmpty {
            agreement = Self.addingPeers(
                summary, strategies: strategies.map(\.rawValue), answers: answers,
                peers: peers.map { "\($0.name) (process)" }, peerAnswers: peerAnswers, pictures: pictures,
                unlabelled: unlabelled)
        }
        var sizes: [String: Int] = [:]
        for picture in pictures where picture.labelled { sizes[picture.category, default: 0] += 1 }
        return BenchResult(
            corpus: corpus.root, date: Self.now(), cores: ProcessInfo.processInfo.activeProcessorCount,
            runs: options.runs, seed: options.seed, warmUp: options.warmUp,
            coldCall: coldInFreshProcess ? "fresh process" : "in process", pictures: pictures.count,
            unlabelled: unlabelled.count, codes: pictures.reduce(0) { $0 + $1.expected.count },
            megapixels: pictures.reduce(0) { $0 + $1.megapixels },
            categories: sizes.keys.sorted().map { CategorySize(name: $0, pictures: sizes[$0]!) },
            skipped: corpus.skipped, strategies: results, agreement: agreement, peers: peerResults)
    }

    /// Of the `unlabelled` pictures, how many `mine` left unread where one of `others`
    /// read something, and how many it read differently from one of `others` that read.
    static func disagreements(
        _ mine: [Int: [String]], others: [[Int: [String]]], unlabelled: [Int]
    ) -> (missed: Int, conflicts: Int) {
        var missed = 0
        var conflicts = 0
        for index in unlabelled {
            let answer = mine[index] ?? []
            let read = others.map { $0[index] ?? [] }.filter { !$0.isEmpty }
            if answer.isEmpty {
                if !read.isEmpty { missed += 1 }
            } else if read.contains(where: { $0 != answer }) {
                conflicts += 1
            }
        }
        return (missed, conflicts)
    }

    /// One whole process of `peer` on `picture`, timed from start to exit.
    private func runPeer(_ peer: PeerTool, _ corpus: Corpus, _ picture: CorpusPicture) -> PeerSample {
        let clock = ContinuousClock()
        let start = clock.now
        let run = options.launcher?(peer.executable, peer.arguments + [FileSystem.join(corpus.root, picture.name)])
        let elapsed = clock.now - start
        return PeerSample(latency: elapsed.milliseconds, run: run)
    }

    /// A peer process as run; read into a ``DecodeSample`` once the texts to expect are known.
    struct PeerSample: Sendable {
        var latency: Double
        /// Nil when the program could not be started.
        var run: ProcessRun?

        /// A failure is a process that could not start or that a signal ended; a non-zero
        /// exit is how these programs say "nothing found".
        func decoded(by peer: PeerTool, expected: [[UInt8]], known: [[UInt8]]) -> DecodeSample {
            let symbols = run.map { peer.symbols(in: $0.output, known: known) } ?? []
            return DecodeSample(
                latency: latency, cpu: run?.cpuMilliseconds ?? 0,
                score: ReadScore(reads: symbols.map { (Array($0.text.utf8), $0.bytes) }, expected: expected),
                failed: run?.exitStatus == nil, texts: symbols.map(\.text).sorted())
        }
    }

    /// The texts a strategy read in most of its timed runs on one picture (sorted; empty
    /// for none); on a tie, the answer seen first.
    static func usualAnswer(_ samples: [DecodeSample]) -> [String] {
        var tally: [[String]: Int] = [:]
        var order: [[String]] = []
        for sample in samples {
            if tally[sample.texts] == nil { order.append(sample.texts) }
            tally[sample.texts, default: 0] += 1
        }
        var best: [String] = []
        var bestCount = 0
        for answer in order where tally[answer]! > bestCount {
            best = answer
            bestCount = tally[answer]!
        }
        return best
    }

    /// The peers' answers added to every picture `summary` lists, and the pictures where
    /// a peer read texts that differ from a strategy's listed too, though the strategies
    /// agree there: each is one of the conflicts a peer's row counts. The counts of
    /// `summary` stay the strategies' own.
    static func addingPeers(
        _ summary: AgreementSummary, strategies: [String], answers: [[Int: [String]]], peers: [String],
        peerAnswers: [[Int: [String]]], pictures: [CorpusPicture], unlabelled: [Int]
    ) -> AgreementSummary {
        var listed = Dictionary(uniqueKeysWithValues: summary.disagreements.map { ($0.name, $0) })
        var result = summary
        result.disagreements = []
        for index in unlabelled {
            let name = pictures[index].name
            let theirs = peerAnswers.map { $0[index] ?? [] }
            if listed[name] == nil {
                let read = answers.map { $0[index] ?? [] }.filter { !$0.isEmpty }
                guard theirs.contains(where: { answer in !answer.isEmpty && read.contains { $0 != answer } }) else {
                    continue
                }
                listed[name] = PictureAgreement(
                    name: name, kind: .processReadOtherwise,
                    answers: zip(strategies, answers).map {
                        StrategyAnswer(strategy: $0, texts: $1[index] ?? [])
                    })
            }
            var picture = listed[name]!
            picture.answers += zip(peers, theirs).map { StrategyAnswer(strategy: $0, texts: $1) }
            result.disagreements.append(picture)
        }
        return result
    }

    /// Sorts each unlabelled picture by how the strategies' answers compare.
    static func agreement(
        _ names: [String], answers: [[Int: [String]]], pictures: [CorpusPicture], unlabelled: [Int]
    ) -> AgreementSummary {
        var summary = AgreementSummary(
            pictures: unlabelled.count, readAlike: 0, readByNone: 0, readBySome: 0, differentTexts: 0, disagreements: []
        )
        for index in unlabelled {
            let given = answers.map { $0[index] ?? [] }
            let read = Set(given.filter { !$0.isEmpty })
            let kind: PictureAgreement.Kind
            if read.count > 1 {
                kind = .differentTexts
                summary.differentTexts += 1
            } else if read.isEmpty {
                summary.readByNone += 1
                continue
            } else if given.contains(where: \.isEmpty) {
                kind = .readBySome
                summary.readBySome += 1
            } else {
                summary.readAlike += 1
                continue
            }
            summary.disagreements.append(
                PictureAgreement(
                    name: pictures[index].name, kind: kind,
                    answers: zip(names, given).map { StrategyAnswer(strategy: $0, texts: $1) }))
        }
        return summary
    }

    private func summarize(
        _ name: String, samples: [[DecodeSample]], cold: Double?, pictures: [CorpusPicture],
        answers: [Int: [String]]
    ) -> StrategyResult {
        let runs = Double(options.runs)
        var latencies: [Double] = []
        var sizes: [Double] = []
        var cpu: [Double] = []
        var fully = 0
        var codes = 0
        var wrong = 0
        var missed = 0
        var errors = 0
        var unlabelledReads = 0
        var byCategory: [String: (pictures: Int, fully: Int)] = [:]
        var perPicture: [PictureResult] = []
        for (index, picture) in pictures.enumerated() {
            let list = samples[index]
            guard picture.labelled else {
                // No expected text: a read is any symbol; nothing can be wrong or missed.
                let readRuns = list.filter { !$0.texts.isEmpty }.count
                unlabelledReads += readRuns
                errors += list.filter(\.failed).count
                for sample in list {
                    latencies.append(sample.latency)
                    sizes.append(picture.megapixels)
                    cpu.append(sample.cpu)
                }
                perPicture.append(
                    PictureResult(
                        name: picture.name, category: picture.category, megapixels: picture.megapixels,
                        meanLatency: Statistics.mean(list.map(\.latency)) ?? 0, fullyReadRuns: readRuns,
                        wrongReads: 0, labelled: false, texts: answers[index] ?? []))
                continue
            }
            let fullyRuns = list.filter(\.score.fullyRead).count
            let pictureWrong = list.reduce(0) { $0 + $1.score.wrongReads }
            fully += fullyRuns
            wrong += pictureWrong
            codes += list.reduce(0) { $0 + $1.score.codesRead }
            missed += list.reduce(0) { $0 + $1.score.codesExpected - $1.score.codesRead }
            errors += list.filter(\.failed).count
            for sample in list {
                latencies.append(sample.latency)
                sizes.append(picture.megapixels)
                cpu.append(sample.cpu)
            }
            byCategory[picture.category, default: (0, 0)].pictures += 1
            byCategory[picture.category, default: (0, 0)].fully += fullyRuns
            perPicture.append(
                PictureResult(
                    name: picture.name, category: picture.category, megapixels: picture.megapixels,
                    meanLatency: Statistics.mean(list.map(\.latency)) ?? 0, fullyReadRuns: fullyRuns,
                    wrongReads: pictureWrong))
        }
        return StrategyResult(
            name: name, fullyRead: Double(fully) / runs, codesRead: Double(codes) / runs,
            wrongReads: Double(wrong) / runs, missedCodes: Double(missed) / runs, engineErrors: errors,
            latency: LatencySummary(latencies), cpuPerPicture: Statistics.mean(cpu), coldMilliseconds: cold,
            costBySize: LinearFit(x: sizes, y: latencies),
            categories: byCategory.keys.sorted().map {
                CategoryScore(
                    category: $0, pictures: byCategory[$0]!.pictures, fullyRead: Double(byCategory[$0]!.fully) / runs)
            },
            perPicture: perPicture,
            unlabelledRead: answers.isEmpty ? nil : Double(unlabelledReads) / runs)
    }

    /// Times one decode of `image` by a new decoder for `strategy`, milliseconds to the
    /// answer: in a fresh process, the strategy's cold first call.
    public static func timeFirstDecode(_ strategy: StrategyName, _ image: GrayImage) -> Double {
        measure(QRDecoder(strategy: strategy.makeStrategy()), image, expected: []).latency
    }

    /// One timed decode: time to the answer, CPU of every engine once all have stopped.
    struct DecodeSample: Sendable {
        var latency: Double
        var cpu: Double
        var score: ReadScore
        var failed: Bool
        /// The symbols' texts, sorted: what the decode answered, for comparing strategies.
        var texts: [String] = []
    }

    /// Decodes `image` as `qr decode` does (``QRDecoder/decode(_:onSettled:)``: the first
    /// engine on this thread, but for a race) and waits until every engine has stopped.
    ///
    /// The latency is the time until the decode returns, which is when a user has the
    /// answer; the CPU is every engine's, losers included, once all have stopped.
    static func measure(_ decoder: QRDecoder, _ image: GrayImage, expected: [[UInt8]]) -> DecodeSample {
        let clock = ContinuousClock()
        let settled = Locked<DecodeReport?>(nil)
        let allStopped = DispatchSemaphore(value: 0)
        let start = clock.now
        let answer: DecodeReport?
        do {
            answer = try decoder.decode(image) { report in
                settled.withLock { $0 = report }
                allStopped.signal()
            }
        } catch {
            // Every engine that ran failed: no symbols, counted as a failure.
            answer = nil
        }
        let latency = clock.now - start
        allStopped.wait()
        let engines = settled.withLock { $0 }?.engines ?? answer?.engines ?? []
        let cpu = engines.reduce(Duration.zero) { $0 + ($1.cpuTime ?? .zero) }
        return DecodeSample(
            latency: latency.milliseconds, cpu: cpu.milliseconds,
            score: ReadScore(symbols: answer?.symbols ?? [], expected: expected), failed: answer == nil,
            texts: (answer?.symbols ?? []).map(\.text).sorted())
    }

    /// Now, in ISO 8601 (`YYYY-MM-DDThh:mm:ssZ`: UTC, whole seconds).
    private static func now() -> String {
        Date().formatted(.iso8601)
    }
}
