// QRKit tests — the semantics of each decode strategy, with engines of controlled delay and outcome.
import Foundation
import QRCorpus
import QRTestSupport
import Testing
@testable import QRCore
@testable import QRKit

@Suite(.tags(.sanitized)) struct StrategyTests {
    @Test(arguments: Pool.both) func raceReturnsFirstSuccessEvenWhenAFailureFinishesFirst(pool: Pool) throws {
        let failsFast = TestEngine("fails-fast", passDelay: .milliseconds(5), .findsNothing)
        let findsLater = TestEngine("finds-later", passDelay: .milliseconds(60), .finds("late"))
        let report = try QRDecoder(strategy: .race([failsFast, findsLater]), executor: pool.executor).decode(
            blankImage)
        #expect(report.winner == "finds-later")
        #expect(report.symbols.map(\.text) == ["late"])
        #expect(report.engines.map(\.outcome) == [.none, .found(1)])
    }

    @Test(arguments: Pool.both) func raceAnswersWithoutWaitingForTheSlowerEngine(pool: Pool) throws {
        let fast = TestEngine("fast", passDelay: .milliseconds(5), .finds("fast"))
        let slow = TestEngine("slow", passes: 40, passDelay: .milliseconds(50), .finds("slow"))
        let (answer, settled) = decodeAndSettle(QRDecoder(strategy: .race([slow, fast]), executor: pool.executor))
        #expect(answer.winner == "fast")
        #expect(answer.symbols.map(\.text) == ["fast"])
        #expect(answer.engines[0].outcome == .running)
        #expect(answer.engines[0].elapsed == nil)
        // The loser was told to cancel and stopped at a pass boundary.
        #expect(settled.engines[0].outcome == .cancelled)
        #expect(slow.passCount < 40)
    }

    /// A race runs its first engine's first pass on the caller's thread (no hop when it
    /// wins), the rest of that engine on a queue: the caller is held by one pass at most,
    /// never by a whole engine.
    @Test func raceHoldsTheCallerForOnePassAtMost() throws {
        // A single-pass first engine, held at a gate: were it run on the caller's thread,
        // the decode could not return before the gate opens (after 20 s, at the latest,
        // so that a wrong implementation fails rather than hangs).
        let gate = Gate()
        DispatchQueue.global().asyncAfter(deadline: .now() + 20) { gate.open() }
        let held = HeldEngine(inner: TestEngine("held", passDelay: .zero, .finds("held")), gate: gate)
        let fast = TestEngine("fast", passDelay: .milliseconds(1), .finds("fast"))
        // An executor of its own: a pass held at the gate must not hold a worker that other
        // tests, running side by side, wait for.
        let report = try QRDecoder(strategy: .race([held, fast]), executor: DecodeExecutor(workers: 2)).decode(
            blankImage)
        let openedBefore = gate.isOpen
        gate.open()
        #expect(report.winner == "fast")
        #expect(!openedBefore, "the decode waited for the held engine")
        // A multi-pass first engine whose first pass finds nothing: its later passes run
        // on a queue, and the second engine's win returns while they are under way.
        let slow = TestEngine("slow", passes: 1000, passDelay: .milliseconds(20), .finds("slow"))
        let winner = TestEngine("winner", passDelay: .milliseconds(100), .finds("winner"))
        let raced = try QRDecoder(strategy: .race([slow, winner]), executor: DecodeExecutor(workers: 2)).decode(
            blankImage)
        #expect(raced.winner == "winner")
        #expect(slow.passCount < 1000)
    }

    @Test(arguments: Pool.both) func raceWhereAllFailWaitsForAll(pool: Pool) throws {
        let a = TestEngine("a", passDelay: .milliseconds(5), .findsNothing)
        let b = TestEngine("b", passes: 3, passDelay: .milliseconds(20), .findsNothing)
        let report = try QRDecoder(strategy: .race([a, b]), executor: pool.executor).decode(blankImage)
        #expect(report.winner == nil)
        #expect(report.symbols.isEmpty)
        #expect(report.engines.map(\.outcome) == [.none, .none])
        #expect(b.passCount == 3)
    }

    @Test(arguments: Pool.both) func sequentialStopsAtTheFirstSuccess(pool: Pool) throws {
        let first = TestEngine("first", passDelay: .milliseconds(1), .finds("one"))
        let second = TestEngine("second", passDelay: .milliseconds(1), .finds("two"))
        let report = try QRDecoder(strategy: .sequential([first, second]), executor: pool.executor).decode(blankImage)
        #expect(report.winner == "first")
        #expect(report.engines.map(\.outcome) == [.found(1), .notStarted])
        #expect(second.callCount == 0)
    }

    @Test(arguments: Pool.both) func sequentialFallsBackWhenTheFirstFindsNothing(pool: Pool) throws {
        let first = TestEngine("first", passDelay: .milliseconds(1), .findsNothing)
        let second = TestEngine("second", passDelay: .milliseconds(1), .finds("two"))
        let report = try QRDecoder(strategy: .sequential([first, second]), executor: pool.executor).decode(blankImage)
        #expect(report.winner == "second")
        #expect(report.engines.map(\.outcome) == [.none, .found(1)])
        let firstDone = try #require(report.engines[0].elapsed)
        let secondStart = try #require(report.engines[1].startOffset)
        #expect(secondStart >= firstDone)
    }

    @Test(arguments: Pool.both) func allMergesAndDropsRepeatedReads(pool: Pool) throws {
        let a = TestEngine("a", passDelay: .milliseconds(1), .finds("same"))
        let b = TestEngine("b", passDelay: .milliseconds(10), .finds("same"))
        let c = TestEngine("c", passDelay: .milliseconds(5), .finds("other"))
        let report = try QRDecoder(strategy: .all([a, b, c]), executor: pool.executor).decode(blankImage)
        #expect(report.engines.map(\.outcome) == [.found(1), .found(1), .found(1)])
        #expect(Set(report.symbols.map(\.text)) == ["same", "other"])
        #expect(report.symbols.count == 2)
    }

    @Test(arguments: Pool.both) func hedgedStartsTheSecondEngineOnlyAfterTheDelay(pool: Pool) throws {
        let slow = TestEngine("slow", passes: 10, passDelay: .milliseconds(30), .finds("slow"))
        let quick = TestEngine("quick", passDelay: .milliseconds(1), .finds("quick"))
        let delay = Duration.milliseconds(60)
        let report = try QRDecoder(strategy: .hedged([slow, quick], delay: .fixed(delay)), executor: pool.executor)
            .decode(blankImage)
        #expect(report.winner == "quick")
        let start = try #require(report.engines[1].startOffset)
        #expect(start >= delay)
    }

    @Test(arguments: Pool.both) func hedgedNeverStartsTheSecondWhenTheFirstAnswersInTime(pool: Pool) throws {
        let first = TestEngine("first", passDelay: .milliseconds(1), .finds("first"))
        let second = TestEngine("second", passDelay: .milliseconds(1), .finds("second"))
        let (answer, settled) = decodeAndSettle(
            QRDecoder(strategy: .hedged([first, second], delay: .fixed(.seconds(1))), executor: pool.executor))
        #expect(answer.winner == "first")
        #expect(settled.engines[1].outcome == .notStarted)
        #expect(second.callCount == 0)
    }

    @Test(arguments: Pool.both) func hedgedStartsTheNextAtOnceWhenTheFirstFindsNothing(pool: Pool) throws {
        let first = TestEngine("first", passDelay: .milliseconds(1), .findsNothing)
        let second = TestEngine("second", passDelay: .milliseconds(1), .finds("second"))
        let report = try QRDecoder(
            strategy: .hedged([first, second], delay: .fixed(.seconds(30))), executor: pool.executor
        ).decode(blankImage)
        #expect(report.winner == "second")
    }

    @Test(arguments: Pool.both) func hedgedPutsTheUsuallyFasterEngineFirst(pool: Pool) throws {
        let history = LatencyHistory()
        for _ in 0..<5 {
            history.recordSuccess(engine: "slow", elapsed: .milliseconds(40))
            history.recordSuccess(engine: "quick", elapsed: .milliseconds(2))
        }
        let slow = TestEngine("slow", passDelay: .milliseconds(1), .finds("slow"))
        let quick = TestEngine("quick", passDelay: .milliseconds(1), .finds("quick"))
        let decoder = QRDecoder(
            strategy: .hedged([slow, quick], delay: .fixed(.seconds(1))), history: history, executor: pool.executor)
        let (answer, _) = decodeAndSettle(decoder)
        #expect(answer.engines.map(\.name) == ["quick", "slow"])
        #expect(answer.winner == "quick")
        #expect(slow.callCount == 0)
    }

    @Test func hedgeDelayDefaultsToTheRecentP90() {
        let history = LatencyHistory()
        for ms in 1...10 { history.recordSuccess(engine: "e", elapsed: .milliseconds(ms)) }
        #expect(history.quantile(0.9, engine: "e") == .milliseconds(10))
        #expect(history.quantile(0.5, engine: "e") == .milliseconds(6))
        #expect(history.quantile(0.9, engine: "unknown") == nil)
    }

    @Test(arguments: Pool.both) func timeoutReturnsWhatItHas(pool: Pool) throws {
        let quick = TestEngine("quick", passDelay: .milliseconds(1), .findsNothing)
        let stuck = TestEngine("stuck", passes: 100, passDelay: .milliseconds(20), .finds("late"))
        let decoder = QRDecoder(strategy: .race([quick, stuck]), timeout: .milliseconds(50), executor: pool.executor)
        let (answer, settled) = decodeAndSettle(decoder)
        #expect(answer.timedOut)
        #expect(answer.stoppedBy == .timeout(.milliseconds(50)))
        #expect(answer.symbols.isEmpty)
        // The stuck engine is in a pass, or between two (its next one queued, then dropped).
        #expect(answer.engines[0].outcome == .none)
        #expect([.running, .cancelled].contains(answer.engines[1].outcome))
        #expect(settled.engines[1].outcome == .cancelled)
        #expect(stuck.passCount < 100)
    }

    @Test(arguments: Pool.both) func theCPUBudgetStopsADecodeBetweenPasses(pool: Pool) throws {
        let spinner = TestEngine("spinner", passes: 50, passDelay: .milliseconds(10), spins: true, .finds("late"))
        let decoder = QRDecoder(
            strategy: .single(spinner), cpuBudget: .milliseconds(40), executor: pool.executor)
        let (answer, settled) = decodeAndSettle(decoder)
        #expect(answer.stoppedBy == .cpuBudget(.milliseconds(40)))
        #expect(answer.timedOut)
        #expect(answer.symbols.isEmpty)
        // Stopped at the first pass boundary past the budget: four passes, or a fifth
        // when a pass's CPU time reads a little short of its 10 ms.
        #expect((4...6).contains(spinner.passCount))
        let cpu = try #require(settled.engines[0].cpuTime)
        #expect(cpu >= .milliseconds(40) && cpu < .milliseconds(70))
    }

    @Test(arguments: Pool.both) func readingCountsAgainstTheCPUBudget(pool: Pool) throws {
        let engine = TestEngine("engine", passDelay: .milliseconds(1), .finds("never asked"))
        let decoder = QRDecoder(strategy: .single(engine), cpuBudget: .milliseconds(5), executor: pool.executor)
        let report = try decoder.decode(blankImage, spentReading: .milliseconds(6))
        #expect(report.stoppedBy == .cpuBudget(.milliseconds(5)))
        #expect(report.engines.map(\.outcome) == [.notStarted])
        #expect(engine.passCount == 0)
    }

    /// Two parts of one message as an engine that reads headers sees them, and as zbar
    /// does (same bytes and places, positions unknown).
    private static let placedParts = ["ab", "cd"].enumerated().map { index, text in
        Symbol(
            text: text, bytes: Array(text.utf8),
            corners: [Point(x: index * 100, y: 0), Point(x: index * 100 + 50, y: 50)],
            structuredAppend: StructuredAppendInfo(
                index: index, count: 2, parity: StructuredAppend.parity(of: "abcd".utf8)),
            engine: "placer")
    }
    private static var unplacedParts: [Symbol] {
        placedParts.map {
            var part = $0
            part.structuredAppend = nil
            part.isUnplacedSequencePart = true
            part.engine = "unplacer"
            return part
        }
    }

    @Test(arguments: Pool.both) func aRaceWonWithUnplacedPartsWaitsForAnEngineThatPlacesThem(pool: Pool) throws {
        let unplacer = TestEngine("unplacer", passDelay: .milliseconds(1), .findsSymbols(Self.unplacedParts))
        let placer = TestEngine("placer", passes: 3, passDelay: .milliseconds(30), .findsSymbols(Self.placedParts))
        let report = try QRDecoder(strategy: .race([unplacer, placer]), executor: pool.executor).decode(blankImage)
        #expect(report.winner == "placer")
        #expect(report.symbols == Self.placedParts)
        #expect(report.engines.map(\.outcome) == [.found(2), .found(2)])
        #expect(StructuredAppend.join(report.symbols).messages.map(\.text) == ["abcd"])
    }

    @Test(arguments: Pool.both) func unplacedPartsAreTheAnswerWhenNoEngineCanPlaceThem(pool: Pool) throws {
        let unplacer = TestEngine("unplacer", passDelay: .milliseconds(1), .findsSymbols(Self.unplacedParts))
        let other = TestEngine("other", passDelay: .milliseconds(20), .findsNothing)
        for strategy in [
            DecodeStrategy.race([unplacer, other]), .sequential([unplacer, other]), .hedged([unplacer, other]),
        ] {
            let report = try QRDecoder(strategy: strategy, executor: pool.executor).decode(blankImage)
            #expect(report.winner == "unplacer", "\(strategy.name)")
            #expect(report.symbols == Self.unplacedParts, "\(strategy.name)")
            #expect(report.engines[1].outcome == .none, "\(strategy.name)")
        }
    }

    @Test(arguments: Pool.both) func sequentialAndHedgedGoOnAfterUnplacedParts(pool: Pool) throws {
        let unplacer = TestEngine("unplacer", passDelay: .milliseconds(1), .findsSymbols(Self.unplacedParts))
        // The placer read only the first part: the second stays, unplaced, from zbar.
        let placer = TestEngine("placer", passDelay: .milliseconds(1), .findsSymbols([Self.placedParts[0]]))
        let strategies = [
            DecodeStrategy.sequential([unplacer, placer]), .hedged([unplacer, placer], delay: .fixed(.seconds(30))),
        ]
        for strategy in strategies {
            let report = try QRDecoder(strategy: strategy, executor: pool.executor).decode(blankImage)
            #expect(report.winner == "placer", "\(strategy.name)")
            #expect(report.symbols == [Self.placedParts[0], Self.unplacedParts[1]], "\(strategy.name)")
        }
    }

    @Test(arguments: Pool.both) func allKeepsThePlacedReadOfEachPart(pool: Pool) throws {
        let unplacer = TestEngine("unplacer", passDelay: .milliseconds(1), .findsSymbols(Self.unplacedParts))
        let placer = TestEngine("placer", passDelay: .milliseconds(10), .findsSymbols(Self.placedParts))
        let report = try QRDecoder(strategy: .all([unplacer, placer]), executor: pool.executor).decode(blankImage)
        #expect(report.symbols == Self.placedParts)
    }

    @Test(arguments: Pool.both) func allEnginesFailingThrows(pool: Pool) {
        let a = TestEngine("a", passDelay: .milliseconds(1), .fails("broken"))
        let b = TestEngine("b", passDelay: .milliseconds(1), .fails("also broken"))
        #expect(throws: DecodeError.allEnginesFailed(["a: a failed: broken", "b: b failed: also broken"])) {
            try QRDecoder(strategy: .race([a, b]), executor: pool.executor).decode(blankImage)
        }
    }

    @Test(arguments: Pool.both) func oneEngineFailingIsReportedNotThrown(pool: Pool) throws {
        let broken = TestEngine("broken", passDelay: .milliseconds(1), .fails("boom"))
        let fine = TestEngine("fine", passDelay: .milliseconds(5), .findsNothing)
        let report = try QRDecoder(strategy: .all([broken, fine]), executor: pool.executor).decode(blankImage)
        #expect(report.engines[0].outcome == .error("broken failed: boom"))
        #expect(report.engines[1].outcome == .none)
    }

    @Test(arguments: Pool.both) func asyncEntryPointGivesTheSameAnswer(pool: Pool) async throws {
        let a = TestEngine("a", passDelay: .milliseconds(5), .findsNothing)
        let b = TestEngine("b", passDelay: .milliseconds(10), .finds("async"))
        let report = try await QRDecoder(strategy: .race([a, b]), executor: pool.executor).decode(blankImage)
        #expect(report.winner == "b")
        #expect(report.symbols.map(\.text) == ["async"])
    }

    @Test(arguments: Pool.both) func singleRunsItsOneEngine(pool: Pool) throws {
        let only = TestEngine("only", passes: 2, passDelay: .milliseconds(1), .finds("x"))
        let report = try QRDecoder(strategy: .single(only), executor: pool.executor).decode(blankImage)
        #expect(report.strategy == "single")
        #expect(report.winner == "only")
        #expect(only.passCount == 2)
    }
}

@Suite(.tags(.sanitized)) struct ConcurrencyTests {
    @Test func thousandConcurrentDecodesFinish() {
        let a = TestEngine("a", passDelay: .microseconds(50), .findsNothing)
        let b = TestEngine("b", passDelay: .microseconds(100), .finds("ok"))
        let decoder = QRDecoder(strategy: .race([a, b]))
        let results = ResultsBox(count: 1000)
        DispatchQueue.concurrentPerform(iterations: 1000) { i in
            results.set(i, (try? decoder.decode(blankImage))?.winner)
        }
        #expect(results.values.allSatisfy { $0 == "b" })
    }

    @Test func thousandConcurrentAsyncDecodesFinish() async throws {
        let a = TestEngine("a", passDelay: .microseconds(50), .finds("a"))
        let b = TestEngine("b", passDelay: .microseconds(50), .finds("b"))
        let decoder = QRDecoder(strategy: .hedged([a, b], delay: .fixed(.microseconds(10))))
        let winners = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<1000 { group.addTask { try await decoder.decode(blankImage).winner } }
            var all: [String?] = []
            for try await w in group { all.append(w) }
            return all
        }
        #expect(winners.count == 1000)
        #expect(winners.allSatisfy { $0 != nil })
    }
}

/// Where a test's decodes run: an executor with a worker for every pass the test runs at
/// once, or one of two workers. Every strategy must mean the same on both.
enum Pool: String, CustomTestStringConvertible, Sendable {
    case ownThreads = "an executor of its own, a worker for every pass"
    case twoWorkers = "an executor of its own, 2 workers"

    static let both: [Pool] = [.ownThreads, .twoWorkers]

    /// Never the shared executor: the tests run side by side, and their engines' passes
    /// sleep, so on two shared workers one test's passes would wait for another's.
    var executor: DecodeExecutor { DecodeExecutor(workers: self == .ownThreads ? 8 : 2) }
    var testDescription: String { rawValue }
}

/// Results written from many threads, one slot each, behind a lock.
final class ResultsBox: Sendable {
    private let slots: Locked<[String?]>
    init(count: Int) { slots = Locked(Array(repeating: nil, count: count)) }
    func set(_ i: Int, _ value: String?) { slots.withLock { $0[i] = value } }
    var values: [String?] { slots.withLock { $0 } }
}

@Suite(.timeLimit(.minutes(10)), .tags(.sanitized)) struct CancellationTests {
    /// Runs `decode` in a task, cancels it once `delay` has passed and `started` says
    /// the engines are under way (a busy machine may take a while to start them), calls
    /// `afterCancel`, and returns what the task threw and the settled report.
    static func cancelled(
        _ decoder: QRDecoder, _ image: GrayImage, after delay: Duration,
        once started: @Sendable () -> Bool = { true }, then afterCancel: @Sendable () -> Void = {}
    ) async -> (error: (any Error)?, settled: DecodeReport) {
        let settled = Locked<DecodeReport?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            try await decoder.decode(image) { report in
                settled.withLock { $0 = report }
                done.signal()
            }
        }
        try? await Task.sleep(for: delay)
        // In the full run, the decode task and this loop wait their turn for the two
        // threads every suite shares, for a minute or more: the wait must outlast that (the
        // suite's time limit guards against a hang), or the cancellation lands before any
        // engine has begun and the test checks nothing.
        let deadline = ContinuousClock.now + .seconds(540)
        while !started(), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(started(), "the decode had not begun after nine minutes")
        task.cancel()
        afterCancel()
        let error: (any Error)?
        do {
            _ = try await task.value
            error = nil
        } catch let thrown {
            error = thrown
        }
        await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
            DispatchQueue(label: "settled-wait").async {
                done.wait()
                resume.resume()
            }
        }
        return (error, settled.withLock { $0 }!)
    }

    @Test(arguments: Pool.both)
    func aCancelledTaskStopsItsEnginesAtThePassBoundary(pool: Pool) async throws {
        // Passes enough for half an hour: the cancellation comes long before either ends,
        // however long a loaded machine (or a test run whose other tests hold the
        // cooperative threads this test's polling needs) takes to get round to it.
        let slow = TestEngine("slow", passes: 100_000, passDelay: .milliseconds(20), .finds("late"))
        let slower = TestEngine("slower", passes: 100_000, passDelay: .milliseconds(30), .finds("later"))
        let decoder = QRDecoder(strategy: .race([slow, slower]), executor: pool.executor)
        let atCancel = Locked((slow: 0, slower: 0))
        let (error, settled) = await Self.cancelled(decoder, blankImage, after: .milliseconds(50)) {
            let counts = (slow: slow.passCount, slower: slower.passCount)
            atCancel.withLock { $0 = counts }
            return counts.slow > 0 && counts.slower > 0
        }
        #expect(error is CancellationError, "threw \(String(describing: error))")
        #expect(settled.engines.map(\.outcome) == [.cancelled, .cancelled])
        // Each stopped at the end of the pass it was in (one or two more, at most, on a
        // machine slow enough to start another before the flag was raised).
        let before = atCancel.withLock { $0 }
        #expect(slow.passCount <= before.slow + 3, "\(before.slow) passes, then \(slow.passCount)")
        #expect(slower.passCount <= before.slower + 3, "\(before.slower) passes, then \(slower.passCount)")
    }

    /// A task cancelled before its decode begins: the cancellation handler runs before
    /// there is a run to stop, and the run must still stop at its first pass boundary
    /// rather than go on for the 20 s its passes would take.
    @Test(arguments: Pool.both)
    func aDecodeInATaskCancelledBeforeItBeginsStops(pool: Pool) async throws {
        let slow = TestEngine("slow", passes: 1000, passDelay: .milliseconds(20), .finds("late"))
        let slower = TestEngine("slower", passes: 1000, passDelay: .milliseconds(30), .finds("later"))
        let decoder = QRDecoder(strategy: .race([slow, slower]), executor: pool.executor)
        let settled = Locked<DecodeReport?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await decoder.decode(blankImage) { report in
                settled.withLock { $0 = report }
                done.signal()
            }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
            DispatchQueue(label: "settled-wait").async {
                done.wait()
                resume.resume()
            }
        }
        let report = try #require(settled.withLock { $0 })
        for engine in report.engines {
            #expect([.cancelled, .notStarted].contains(engine.outcome), "\(engine.name): \(engine.outcome)")
        }
        #expect(slow.passCount <= 3 && slower.passCount <= 3, "\(slow.passCount) and \(slower.passCount) passes")
    }

    @Test(arguments: Pool.both)
    func aCancelledDecodeOfALargePictureStops(pool: Pool) async throws {
        // 16 megapixels of noise with no code: every pass of both engines runs, and each
        // takes a long time (all of them, uncancelled: about 2.7 s on this machine). The
        // engines are held at their first pass until the task has been cancelled, so the
        // cancellation lands mid-run however loaded the machine is. (Waiting for a pass to
        // be under way by polling was not enough: under the full test run the poll's sleep
        // outlasted the whole decode.)
        var random = SplitMix64(seed: 3)
        let image = GrayImage(
            width: 4000, height: 4000, pixels: (0..<16_000_000).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        let gate = Gate()
        let engines: [any DecodeEngine] = [
            HeldEngine(inner: ZXingEngine(), gate: gate), HeldEngine(inner: ZBarEngine(), gate: gate),
        ]
        let decoder = QRDecoder(strategy: .race(engines), executor: pool.executor)
        let (error, settled) = await Self.cancelled(
            decoder, image, after: .zero, once: { gate.entered > 0 }, then: { gate.open() })
        #expect(error is CancellationError, "threw \(String(describing: error))")
        // An engine was in a pass when the task was cancelled: it stopped after that pass.
        #expect(settled.engines.contains { $0.outcome == .cancelled })
        for engine in settled.engines where engine.outcome != .notStarted {
            #expect(engine.outcome == .cancelled, "\(engine.name): \(engine.outcome)")
        }
    }
}

/// A barrier that holds every caller of ``pass()`` until ``open()``.
final class Gate: Sendable {
    private let state = Locked((entered: 0, open: false))
    private let opened = DispatchSemaphore(value: 0)

    /// Callers that have reached the gate, held or let through.
    var entered: Int { state.withLock { $0.entered } }
    /// True once ``open()`` has been called.
    var isOpen: Bool { state.withLock { $0.open } }

    func pass() {
        let wait = state.withLock { s in
            s.entered += 1
            return !s.open
        }
        guard wait else { return }
        opened.wait()
        opened.signal()  // the next one held
    }

    func open() {
        state.withLock { $0.open = true }
        opened.signal()
    }
}

/// A real engine whose first pass waits at a ``Gate``: a test can act while a decode is
/// certainly under way.
struct HeldEngine: DecodeEngine {
    let inner: any DecodeEngine
    let gate: Gate

    var name: String { inner.name }
    var passNames: [String] { inner.passNames }
    var typicalPassCosts: [Duration] { inner.typicalPassCosts }

    func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] {
        gate.pass()
        return try inner.decode(image, cancel: cancel)
    }

    func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
        if index == 0 { gate.pass() }
        return try inner.decode(picture, pass: index)
    }
}
