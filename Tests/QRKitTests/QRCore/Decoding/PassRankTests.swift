// QRKit tests — how the executor ranks passes: by what a read costs from each, as measured.
import Synchronization
import Testing
@testable import QRCore

@Suite struct PassRankTests {
    /// An engine of named passes with typical costs, which no test here runs.
    struct Passes: DecodeEngine {
        let name: String
        let passNames: [String]
        let typicalPassCosts: [Duration]
        func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] { [] }
    }

    /// Books `runs` runs of `pass` of `engine` at `cost`, `reads` of them finding a code.
    static func book(
        _ executor: DecodeExecutor, _ engine: String, _ pass: String, cost: Duration, runs: Int, reads: Int
    ) {
        for run in 0..<runs {
            executor.recordCost(engine: engine, pass: pass, cpu: cost, pixels: 1, found: run < reads)
        }
    }

    @Test func beforeAnyRunTheCheaperPassComesFirst() {
        let executor = DecodeExecutor(workers: 1)
        let cheap = Passes(name: "a", passNames: ["p"], typicalPassCosts: [.milliseconds(1)])
        let dear = Passes(name: "b", passNames: ["p"], typicalPassCosts: [.milliseconds(5)])
        #expect(executor.ranks(of: cheap.decodePasses).ranks[0] < executor.ranks(of: dear.decodePasses).ranks[0])
    }

    /// A cheap pass that never reads goes behind a dear one that reads half the time.
    @Test func aCheapPassThatNeverReadsWaitsBehindADearOneThatOftenDoes() {
        let executor = DecodeExecutor(workers: 1)
        let cheap = Passes(name: "a", passNames: ["p"], typicalPassCosts: [.milliseconds(1)])
        let dear = Passes(name: "b", passNames: ["p"], typicalPassCosts: [.milliseconds(5)])
        Self.book(executor, "a", "p", cost: .milliseconds(1), runs: 20, reads: 0)
        Self.book(executor, "b", "p", cost: .milliseconds(5), runs: 20, reads: 10)
        #expect(executor.ranks(of: cheap.decodePasses).ranks[0] > executor.ranks(of: dear.decodePasses).ranks[0])
    }

    /// A pass that seldom reads is ranked by the pass it leads to as well: its engine's
    /// passes run in turn.
    @Test func aPassIsRankedByThePassesItLeadsTo() {
        let executor = DecodeExecutor(workers: 1)
        let chain = Passes(
            name: "a", passNames: ["gate", "read"], typicalPassCosts: [.microseconds(100), .milliseconds(1)])
        let lone = Passes(name: "b", passNames: ["p"], typicalPassCosts: [.milliseconds(5)])
        Self.book(executor, "a", "gate", cost: .microseconds(100), runs: 20, reads: 0)
        Self.book(executor, "a", "read", cost: .milliseconds(1), runs: 20, reads: 18)
        Self.book(executor, "b", "p", cost: .milliseconds(5), runs: 20, reads: 10)
        let (ranks, total) = executor.ranks(of: chain.decodePasses)
        // The gate alone costs about 100 µs for a read in 23 runs; with the read after it, about
        // 1.1 ms for a read most of the time.
        #expect(ranks[0] < 2000)
        #expect(ranks[0] < executor.ranks(of: lone.decodePasses).ranks[0])
        #expect(total == 1100)
    }

    /// Spins until this thread has spent `cpu`, so that the executor measures a pass at what
    /// it is meant to cost.
    static func spin(_ cpu: Duration) {
        let start = threadCPUTime()
        while threadCPUTime() - start < cpu {}
    }

    /// Misses in a cheap pass, then reads in a dear one.
    struct Reader: DecodeEngine {
        let name = "reader"
        var passNames: [String] { ["miss", "read"] }
        var typicalPassCosts: [Duration] { [.microseconds(100), .milliseconds(2)] }
        func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] { [] }
        func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
            spin(index == 0 ? .microseconds(100) : .milliseconds(2))
            guard index == 1 else { return [] }
            let (w, h) = (picture.original.width, picture.original.height)
            let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
            return [Symbol(text: "read", bytes: Array("read".utf8), corners: corners, engine: name)]
        }
    }

    /// One pass, cheaper than the reader's read, that never reads; counts its runs.
    struct Looker: DecodeEngine {
        let name = "looker"
        let runs: Locked<Int>
        var passNames: [String] { ["look"] }
        var typicalPassCosts: [Duration] { [.microseconds(500)] }
        func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] { [] }
        func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
            runs.withLock { $0 += 1 }
            spin(.microseconds(500))
            return []
        }
    }

    /// Ranked by cost alone, the looker's pass would run on every picture of the batch,
    /// between the reader's two; once the executor has seen it never read, it waits behind
    /// the reader's read, and the pictures are answered before it runs.
    @Test func aBatchStopsRunningAPassThatNeverReads() {
        let runs = Locked(0)
        let looker = Looker(runs: runs)
        let count = 24
        let next = Atomic<Int>(0)
        let answered = Locked(0)
        let loaders: @Sendable () -> QRDecoder.PictureLoader? = {
            let shade = next.add(1, ordering: .relaxed).oldValue
            guard shade < count else { return nil }
            return { GrayImage(width: 4, height: 4, filledWith: UInt8(shade)) }
        }
        QRDecoder(strategy: .race([Reader(), looker]), executor: DecodeExecutor(workers: 1))
            .decodeBatch(next: loaders) { _, result in
                if case .success(let report) = result, report.symbols.map(\.text) == ["read"] {
                    answered.withLock { $0 += 1 }
                }
            }
        #expect(answered.withLock { $0 } == count)
        // The first pictures, ranked from typical costs and before much is seen, run it.
        #expect(runs.withLock { $0 } <= count / 3)
    }
}
