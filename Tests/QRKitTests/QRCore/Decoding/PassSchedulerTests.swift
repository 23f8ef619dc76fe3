// QRKit tests — the pass scheduler: the order of passes, the bound on threads, batches.
import Foundation
import QRBench
import QRTestSupport
import Synchronization
import Testing
@testable import QRCore
@testable import QRKit

/// Wraps an engine, pass by pass, and records how many of its passes (of any engine
/// wrapped with the same gauge) run at once.
struct GaugedEngine: DecodeEngine {
    let inner: any DecodeEngine
    let gauge: ConcurrencyGauge

    var name: String { inner.name }
    var passNames: [String] { inner.passNames }

    func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] {
        try gauge.measure { try inner.decode(image, cancel: cancel) }
    }

    func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
        try gauge.measure { try inner.decode(picture, pass: index) }
    }
}

/// The number of calls inside ``measure(_:)`` now, and the most there ever were.
final class ConcurrencyGauge: Sendable {
    private let counts = Locked((now: 0, most: 0))

    var most: Int { counts.withLock { $0.most } }
    /// Calls inside ``measure(_:)`` at this moment.
    var current: Int { counts.withLock { $0.now } }

    func measure<T>(_ body: () throws -> T) rethrows -> T {
        counts.withLock { c in
            c.now += 1
            c.most = max(c.most, c.now)
        }
        defer { counts.withLock { $0.now -= 1 } }
        return try body()
    }
}

@Suite(.tags(.sanitized)) struct PassSchedulerTests {
    /// Loaders for shades 0..<count, in order.
    static func shades(_ count: Int) -> @Sendable () -> QRDecoder.PictureLoader? {
        let next = Atomic<Int>(0)
        return {
            let shade = next.add(1, ordering: .relaxed).oldValue
            guard shade < count else { return nil }
            return { GrayImage(width: 4, height: 4, filledWith: UInt8(shade)) }
        }
    }

    @Test func aBatchRunsEveryPicturesCheapPassesBeforeAnyExpensiveOne() {
        let log = RecordingLog()
        let a = LoggedEngine("a", passes: 2, log: log)
        let b = LoggedEngine("b", passes: 2, log: log)
        // One worker: the order is the scheduler's alone. Four pictures fit its window.
        let answered = Locked(0)
        QRDecoder(strategy: .race([a, b]), executor: DecodeExecutor(workers: 1))
            .decodeBatch(next: Self.shades(4)) { _, _ in answered.withLock { $0 += 1 } }
        #expect(answered.withLock { $0 } == 4)
        let all = 0..<4
        let expected =
            all.map { "a0@\($0)" } + all.map { "b0@\($0)" } + all.map { "a1@\($0)" } + all.map { "b1@\($0)" }
        #expect(log.entries == expected)
    }

    /// When one engine answers, a pass of the other still running is told so through the
    /// picture's stop flag, and may end early (a pass is not interrupted otherwise).
    @Test func aRunningPassSeesThePicturesStopWhenAnotherEngineAnswers() {
        /// Waits in its one pass for the picture's stop flag, for ten seconds at most, and
        /// records whether it saw the flag.
        final class Waiter: DecodeEngine, Sendable {
            let name = "waiter"
            let started = DispatchSemaphore(value: 0)
            let sawStop = Atomic<Bool>(false)
            var passNames: [String] { ["wait"] }
            func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] { [] }
            func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
                started.signal()
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(10)
                while clock.now < deadline {
                    if picture.stop.isCancelled {
                        sawStop.store(true, ordering: .relaxed)
                        throw DecodeError.cancelled
                    }
                    Thread.sleep(forTimeInterval: 0.001)
                }
                return []
            }
        }
        /// Answers once the waiter has begun.
        struct Answerer: DecodeEngine {
            let name = "answerer"
            let waiter: Waiter
            var passNames: [String] { ["answer"] }
            func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] { [] }
            func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
                _ = waiter.started.wait(timeout: .now() + 10)
                return [Symbol(text: "here", bytes: Array("here".utf8), corners: TestEngine.box, engine: name)]
            }
        }
        let waiter = Waiter()
        let decoder = QRDecoder(
            strategy: .race([waiter, Answerer(waiter: waiter)]), executor: DecodeExecutor(workers: 2))
        let (report, settled) = decodeAndSettle(decoder)
        #expect(report.symbols.map(\.text) == ["here"])
        #expect(settled.engines.first { $0.name == "waiter" }?.outcome == .cancelled)
        let sawStop = waiter.sawStop.load(ordering: .relaxed)
        #expect(sawStop)
    }

    @Test func sequentialRunsTheSecondEngineOnlyAfterTheFirstMissedInEveryPass() {
        let log = RecordingLog()
        let first = LoggedEngine("a", passes: 2, log: log)
        let second = LoggedEngine("b", passes: 1, log: log)
        QRDecoder(strategy: .sequential([first, second]), executor: DecodeExecutor(workers: 1))
            .decodeBatch(next: Self.shades(2)) { _, _ in }
        #expect(log.entries == ["a0@0", "a0@1", "a1@0", "a1@1", "b0@0", "b0@1"])
    }

    @Test func anAnsweredPicturesQueuedPassesNeverRun() throws {
        let finds = TestEngine("finds", passDelay: .milliseconds(1), .finds("x"))
        let slow = TestEngine("slow", passes: 5, passDelay: .milliseconds(1), .findsNothing)
        let decoder = QRDecoder(strategy: .race([finds, slow]), executor: DecodeExecutor(workers: 1))
        let (answer, settled) = decodeAndSettle(decoder)
        #expect(answer.winner == "finds")
        #expect(settled.engines.map(\.outcome) == [.found(1), .notStarted])
        #expect(slow.callCount == 0)
    }

    @Test func concurrentCallersNeverRunMorePassesThanTheWorkers() throws {
        let images = try PackagePaths.photos.map { try PNGReader().read(contentsOf: $0) }
        try #require(images.count >= 5)
        let gauge = ConcurrencyGauge()
        let engines: [any DecodeEngine] = [
            GaugedEngine(inner: ZXingEngine(), gauge: gauge), GaugedEngine(inner: ZBarEngine(), gauge: gauge),
        ]
        // Without the gauge, on the shared executor.
        let plain = QRDecoder(strategy: .race([ZXingEngine(), ZBarEngine()]))
        let expected = try images.map { try plain.decode($0).symbols.map(\.bytes) }
        let shared = QRDecoder(strategy: .race(engines), executor: DecodeExecutor(workers: 2))
        let decodes = 320
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 16) { thread in
            for index in stride(from: thread, to: decodes, by: 16) {
                let got = decodeOnTheExecutor(shared, images[index % images.count])?.symbols.map(\.bytes)
                if got != expected[index % images.count] { mismatches.withLock { $0 += 1 } }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
        #expect(gauge.most <= 2, "\(gauge.most) passes ran at once on a 2-worker executor")
    }

    @Test(arguments: StrategyName.allCases)
    func aBatchAnswersAsSinglePictureDecodesDo(strategy: StrategyName) throws {
        let paths = PackagePaths.photos
        let images = try paths.map { try PNGReader().read(contentsOf: $0) }
        let plain = QRDecoder(strategy: strategy.makeStrategy())
        let expected = try images.map { try plain.decode($0).symbols.map(\.bytes) }
        let batch = QRDecoder(strategy: strategy.makeStrategy(), executor: DecodeExecutor(workers: 2))
        let got = Locked<[Int: [[UInt8]]]>([:])
        let next = Atomic<Int>(0)
        batch.decodeBatch(
            next: {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index <= images.count else { return nil }
                // One picture past the end cannot be read: its error comes back by index.
                guard index < images.count else {
                    return { throw ImageError.truncated(file: "missing.png", format: .png) }
                }
                return { images[index] }
            },
            deliver: { index, result in
                got.withLock { $0[index] = (try? result.get())?.symbols.map(\.bytes) ?? [[0xEE]] }
            })
        let answers = got.withLock { $0 }
        #expect(answers.count == images.count + 1)
        for index in images.indices { #expect(answers[index] == expected[index], "\(paths[index])") }
        #expect(answers[images.count] == [[0xEE]])
    }
}

/// One log for several engines, so that the order of their passes shows.
final class RecordingLog: Sendable {
    private let lines = Locked<[String]>([])
    var entries: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
}

/// An engine that finds nothing and writes each pass it runs to a shared log.
struct LoggedEngine: DecodeEngine {
    let name: String
    let passes: Int
    let log: RecordingLog

    init(_ name: String, passes: Int, log: RecordingLog) {
        self.name = name
        self.passes = passes
        self.log = log
    }

    var passNames: [String] { (0..<passes).map { "p\($0)" } }

    func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] { [] }

    func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
        log.append("\(name)\(index)@\(picture.original.pixels[0])")
        return []
    }
}
