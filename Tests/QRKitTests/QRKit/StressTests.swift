// QRKit tests — stress: thousands of race decodes from many threads at once, and a large
// picture, watching for deadlocks, wrong answers and memory that grows. Run by
// `make stress` (QRKIT_STRESS=1); skipped in the ordinary test run, where other suites
// running at the same time would make the memory figures meaningless.
import Foundation
import QRTestSupport
import Testing
@testable import QRCore
@testable import QRKit

/// The stress run's settings, from the environment.
enum StressSettings {
    static let environment = ProcessInfo.processInfo.environment
    static let enabled = environment["QRKIT_STRESS"] != nil
    /// Decodes in the big run (QRKIT_STRESS_DECODES), 10 000 unless told.
    static let decodes = Int(environment["QRKIT_STRESS_DECODES"] ?? "") ?? 10_000
    static let threads = 16
    /// Real decodes before memory is first measured.
    static let warmUp = Int(environment["QRKIT_STRESS_WARMUP"] ?? "") ?? 2_000
    /// Decodes by engines that cost nothing, to bring the machinery's caches (the threads'
    /// allocator caches and more) to their steady state before memory is measured.
    static let machineryWarmUp = Int(environment["QRKIT_STRESS_MACHINERY_WARMUP"] ?? "") ?? 20_000
}

@Suite(.enabled(if: StressSettings.enabled, "set QRKIT_STRESS=1 (make stress)"), .serialized)
struct StressTests {
    static let environment = StressSettings.environment
    static let decodes = StressSettings.decodes
    static let threads = StressSettings.threads
    static let warmUp = StressSettings.warmUp
    static let machineryWarmUp = StressSettings.machineryWarmUp

    /// What a decode read, engine aside: the payloads, sorted.
    static func payloads(_ report: DecodeReport) -> [[UInt8]] {
        report.symbols.map(\.bytes).sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test func raceDecodesFromSixteenThreadsMatchASequentialRunInFlatMemory() throws {
        let paths = PackagePaths.photos
        try #require(paths.count >= 10)
        let images = try paths.map { try PNGReader().read(contentsOf: $0) }
        let decoder = QRDecoder()
        let expected = try images.map { Self.payloads(try decoder.decode($0)) }
        #expect(expected.allSatisfy { !$0.isEmpty })

        let running = Locked(0)
        let mismatches = Locked<[String]>([])
        let failures = Locked<[String]>([])
        let pool = WorkerPool(threads: Self.threads)
        defer { pool.stop() }
        /// Runs `count` decodes on the pool's threads; false if they are not all done
        /// within `limit` (a deadlock).
        func run(_ count: Int, within limit: DispatchTime) -> Bool {
            pool.run(count, within: limit) { index in
                let picture = index % images.count
                // decode(_:) is start + a semaphore; started here so that the losers still
                // running after the answer are counted until they stop.
                let answered = DispatchSemaphore(value: 0)
                let answer = Locked<DecodeReport?>(nil)
                running.withLock { $0 += 1 }
                decoder.start(
                    images[picture],
                    onAnswer: { report in
                        answer.withLock { $0 = report }
                        answered.signal()
                    },
                    onSettled: { _ in running.withLock { $0 -= 1 } })
                answered.wait()
                guard let report = answer.withLock({ $0 }) else { return }
                let errors = report.engines.compactMap { engine -> String? in
                    if case .error(let reason) = engine.outcome { return reason } else { return nil }
                }
                if !errors.isEmpty { failures.withLock { $0.append("\(paths[picture]): \(errors)") } }
                let got = Self.payloads(report)
                if got != expected[picture] {
                    mismatches.withLock { $0.append("\(paths[picture]): \(got.count) symbols") }
                }
            }
        }

        /// Memory once every engine has stopped: resident as it is, resident
        /// with the allocator's reserve given back, and the heap in use.
        func memory() -> (resident: Int, trimmed: Int, heap: Int) {
            while running.withLock({ $0 }) > 0 { usleep(10_000) }
            let resident = ResourceUsage.residentKilobytes
            ResourceUsage.trim()
            return (resident, ResourceUsage.residentKilobytes, ResourceUsage.heapInUseKilobytes)
        }

        // Warm-up, in two parts. First the machinery alone, with engines that cost nothing
        // but whose loser is slow (losers still running when their callers have moved on),
        // so that the threads' caches fill before memory is measured. Then real decodes:
        // the engines' own first-use costs, the latency history, the allocator's arenas.
        let machinery = QRDecoder(
            strategy: .race([
                TestEngine("instant", passDelay: .zero, .finds("x")),
                TestEngine("slow loser", passDelay: .milliseconds(30), .findsNothing),
            ]))
        let blank = GrayImage(width: 8, height: 8, filledWith: 255)
        let machineryWarmed = pool.run(Self.machineryWarmUp, within: .now() + .seconds(300)) { _ in
            let answered = DispatchSemaphore(value: 0)
            running.withLock { $0 += 1 }
            machinery.start(
                blank, onAnswer: { _ in answered.signal() }, onSettled: { _ in running.withLock { $0 -= 1 } })
            answered.wait()
        }
        #expect(machineryWarmed, "the machinery warm-up deadlocked")
        #expect(run(Self.warmUp, within: .now() + .seconds(300)), "warm-up deadlocked")
        let warm = memory()
        var halfway = warm
        let clock = ContinuousClock()
        let start = clock.now
        var finished = true
        if let step = Int(Self.environment["QRKIT_STRESS_PROBE"] ?? "") {
            for round in 0..<(Self.decodes / step) {
                finished = finished && run(step, within: .now() + .seconds(600))
                print(
                    "probe: \((round + 1) * step) decodes: \(memory()), threads \(ResourceUsage.status("Threads") ?? 0)"
                )
            }
        } else {
            finished = run(Self.decodes / 2, within: .now() + .seconds(600))
            halfway = memory()
            finished = finished && run(Self.decodes - Self.decodes / 2, within: .now() + .seconds(600))
        }
        let elapsed = clock.now - start
        let after = memory()
        #expect(finished, "\(Self.decodes) decodes from \(Self.threads) threads did not finish in 10 minutes: deadlock")

        func change(_ kilobytes: Int) -> String { (kilobytes >= 0 ? "+" : "") + "\(kilobytes) KB" }
        print(
            """
            stress: \(Self.decodes) race decodes of \(images.count) photos from \(Self.threads) threads in \(elapsed), \
            after \(Self.machineryWarmUp) decodes by engines that cost nothing and \(Self.warmUp) real ones to warm up; \
            \(ResourceUsage.status("Threads") ?? 0) threads in the process at the end.
            stress: VmRSS after warm-up \(warm.resident) KB, after the run \(after.resident) KB \
            (\(change(after.resident - warm.resident))); with the allocator's free reserve given back \(warm.trimmed) KB, \
            halfway \(halfway.trimmed) KB, after \(after.trimmed) KB (\(change(after.trimmed - warm.trimmed))); \
            heap in use \(warm.heap) KB, halfway \(halfway.heap) KB, after \(after.heap) KB (\(change(after.heap - warm.heap)))
            """)
        #expect(mismatches.withLock { $0 }.isEmpty, "\(mismatches.withLock { $0.prefix(10) })")
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0.prefix(10) })")
        // glibc keeps freed blocks in per-thread caches (tcache) that it counts as in use;
        // with many threads they fill for a long time. `make stress` turns them off.
        let tcacheOff = Self.environment["GLIBC_TUNABLES"]?.contains("glibc.malloc.tcache_count=0") == true
        try #require(tcacheOff, "run with GLIBC_TUNABLES=glibc.malloc.tcache_count=0 (make stress) to measure the heap")
        // Flat: nothing accumulates per decode. The heap in use is what a leak would grow:
        // 10 000 decodes leaking 100 bytes each would add 1 MB. Resident memory, once the
        // allocator's free reserve is given back, follows the heap.
        #expect(after.heap - warm.heap < 1_024, "heap in use grew by \(after.heap - warm.heap) KB")
        #expect(after.trimmed - warm.trimmed < 16_384, "resident memory grew by \(after.trimmed - warm.trimmed) KB")
    }

    /// 64 threads calling the blocking race at once, with a slow loser beside the real
    /// engines: the process holds at most cores + 64 callers + 8 threads throughout (the
    /// executor's workers, its timer, the test's own), every answer is a sequential run's,
    /// and memory stays flat.
    @Test func sixtyFourCallersHoldAtMostCoresPlusCallersPlusEightThreads() throws {
        let paths = PackagePaths.photos
        let images = try paths.map { try PNGReader().read(contentsOf: $0) }
        let expected = try images.map { Self.payloads(try QRDecoder().decode($0)) }
        let callers = 64
        let cores = onlineCoreCount()
        let slowLoser = TestEngine("slow loser", passes: 2, passDelay: .milliseconds(15), .findsNothing)
        let decoder = QRDecoder(strategy: .race(DecodeStrategy.standardEngines + [slowLoser]))
        let before = ResourceUsage.status("Threads") ?? 0
        let pool = WorkerPool(threads: callers)
        defer { pool.stop() }
        // The test's own threads: the runner's, before the callers came, and the sampler.
        let bound = cores + callers + 8
        let most = Locked(0)
        let sampling = Locked(true)
        let sampled = DispatchSemaphore(value: 0)
        Thread {
            while sampling.withLock({ $0 }) {
                let threads = ResourceUsage.status("Threads") ?? 0
                most.withLock { $0 = max($0, threads) }
                usleep(2_000)
            }
            sampled.signal()
        }.start()
        let mismatches = Locked<[String]>([])
        func run(_ count: Int) -> Bool {
            pool.run(count, within: .now() + .seconds(600)) { index in
                let picture = index % images.count
                let got = (try? decoder.decode(images[picture])).map(Self.payloads)
                if got != expected[picture] { mismatches.withLock { $0.append(paths[picture]) } }
            }
        }
        let decodes = max(callers * 8, Self.decodes / 10)
        #expect(run(decodes / 4), "warm-up deadlocked")
        ResourceUsage.trim()
        let warm = ResourceUsage.heapInUseKilobytes
        #expect(run(decodes), "\(decodes) decodes from \(callers) threads did not finish in 10 minutes")
        ResourceUsage.trim()
        let after = ResourceUsage.heapInUseKilobytes
        sampling.withLock { $0 = false }
        sampled.wait()
        let peak = most.withLock { $0 }
        print(
            """
            stress: \(decodes) race decodes from \(callers) threads (zxing-cpp, zbar and a slow loser): \
            at most \(peak) threads in the process (\(before) before the callers; bound \(bound) = \(cores) cores + \
            \(callers) callers + 8), \(ResourceUsage.status("Threads") ?? 0) at the end; heap in use \(warm) KB after \
            warm-up, \(after) KB after
            """)
        #expect(peak <= bound, "\(peak) threads in the process, over \(bound)")
        #expect(mismatches.withLock { $0 }.isEmpty, "\(mismatches.withLock { $0.prefix(10) })")
        #expect(after - warm < 1_024, "heap in use grew by \(after - warm) KB")
    }

    /// A picture that inflates past the pixel limit is refused from its header: the
    /// process's peak memory does not move.
    @Test func scheduledDecodesFromSixteenThreadsNeverRunMorePassesThanTheWorkers() throws {
        let paths = PackagePaths.photos
        let images = try paths.map { try PNGReader().read(contentsOf: $0) }
        let expected = try images.map { Self.payloads(try QRDecoder().decode($0)) }
        let gauge = ConcurrencyGauge()
        let engines: [any DecodeEngine] = [
            GaugedEngine(inner: ZXingEngine(), gauge: gauge), GaugedEngine(inner: ZBarEngine(), gauge: gauge),
        ]
        let workers = 2
        let decoder = QRDecoder(strategy: .race(engines), executor: DecodeExecutor(workers: workers))
        let mismatches = Locked<[String]>([])
        let pool = WorkerPool(threads: Self.threads)
        defer { pool.stop() }
        let finished = pool.run(Self.decodes, within: .now() + .seconds(600)) { index in
            let picture = index % images.count
            let got = decodeOnTheExecutor(decoder, images[picture]).map(Self.payloads)
            if got != expected[picture] { mismatches.withLock { $0.append(paths[picture]) } }
        }
        #expect(finished, "\(Self.decodes) decodes did not finish within 10 minutes")
        #expect(mismatches.withLock { $0 }.isEmpty, "answers that differ from a sequential run")
        #expect(gauge.most <= workers, "\(gauge.most) passes ran at once on a \(workers)-worker executor")
        print(
            "stress: \(Self.decodes) scheduled decodes from \(Self.threads) threads, at most \(gauge.most) passes at once"
        )
    }

    @Test func aDecompressionBombAllocatesNothing() throws {
        let bomb = PNGBytes.flat(width: 20_000, height: 20_000)
        try #require(ResourceUsage.resetPeak(), "needs /proc/self/clear_refs (Linux 4.0)")
        let before = ResourceUsage.peakKilobytes
        #expect(throws: ImageError.tooLarge(file: "bomb.png", width: 20_000, height: 20_000, limit: 100_000_000)) {
            try PNGReader().read(data: bomb, name: "bomb.png")
        }
        let growth = ResourceUsage.peakKilobytes - before
        print("stress: 20000 × 20000 bomb (\(bomb.count) bytes) refused; peak memory grew by \(growth) KB")
        #expect(growth < 4_096, "reading a refused bomb raised the peak by \(growth) KB")
    }

    /// A 9000 × 9000 picture, under the pixel limit: read and raced by `qr` in a process
    /// of its own (the binary QRKIT_QR names, else the debug build), whose peak resident
    /// memory is sampled while it runs.
    @Test(.timeLimit(.minutes(10))) func aLargePictureDecodesWithoutBlowingMemory() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let side = 9_000
        let file = PNGBytes.flat(width: side, height: side)
        let big = try scratch.file("big.png", file)
        let qr = Self.environment["QRKIT_QR"] ?? PackagePaths.root.appendingPathComponent(".build/debug/qr").path
        let baseline = try MeasuredRun.run(
            qr, ["decode", PackagePaths.sample("photos/qrcode-2-30.png")], scratch: scratch)
        // Past the default memory budget (7 bytes a pixel): this measures what decoding it holds.
        let run = try MeasuredRun.run(qr, ["decode", "--max-memory-mb", "1024", big], scratch: scratch)
        print(
            """
            stress: \(side) × \(side) black picture (\(file.count) bytes) raced by \(qr) in \(run.elapsed): \
            exit \(run.status), peak RSS \(run.peakKilobytes) KB (decoding a 561-byte photo: \(baseline.peakKilobytes) KB)
            """)
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
        // The picture is 79 101 KB. At most, in a race, both engines' largest passes are
        // under way at once, each holding pictures of its own beside the one we read:
        // - zbar's smoothed pass: the picture padded by a tenth on each side, 1.44 copies;
        // - zxing's inverted pass: the inverted copy, zxing-cpp 1.4's binarised matrix (one
        //   byte a pixel) and its downscale pyramid, 2.2 copies (measured with zxing alone);
        // 1 + 1.44 + 2.2 = 4.64 copies. Whether the two overlap depends on timing (peaks
        // of 3.2, 3.4 and 4.2 copies seen on 2 cores): the bound is that worst case with
        // under half a copy to spare, five copies; a copy of the picture per pass, or
        // passes keeping their pictures after they end, would go far past it.
        let pictureKilobytes = side * side / 1_024
        #expect(run.peakKilobytes > pictureKilobytes, "the sampling missed the run")
        #expect(run.peakKilobytes < baseline.peakKilobytes + 5 * pictureKilobytes)
    }

    /// Every small file made to take minutes of CPU or gigabytes of memory, eight times
    /// over, read eight at a time by `qr` (the binary QRKIT_QR names): each is named, the
    /// photograph among them read, within the memory budget (512 MiB) and a margin for the
    /// files' bytes and the process itself.
    @Test(.timeLimit(.minutes(10))) func eightCopiesOfEveryBombHoldToTheBudgets() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let qr = Self.environment["QRKIT_QR"] ?? PackagePaths.root.appendingPathComponent(".build/debug/qr").path
        let bombs: [(String, [UInt8])] = [
            ("tiles.png", BudgetBombs.finderTiles(side: 400)), ("tiles-1400.png", BudgetBombs.finderTiles(side: 1_400)),
            ("rgba16.png", BudgetBombs.sixteenBitRGBA(side: 10_000)),
            ("deflate.tif", BudgetBombs.deflatedTIFF(side: 10_000)),
            ("canvas.webp", BudgetBombs.animatedWebP(canvas: 10_000, frame: HostileInputs.losslessWebP)),
            ("scans.jpg", try BudgetBombs.progressiveJPEG(side: 3_000, in: scratch)),
        ]
        var paths: [String] = []
        for copy in 0..<8 {
            for (name, bytes) in bombs { paths.append(try scratch.file("\(copy)-\(name)", bytes)) }
        }
        let photo = PackagePaths.sample("photos/qrcode-2-30.png")
        paths.insert(photo, at: paths.count / 2)
        let run = try MeasuredRun.run(qr, ["decode", "--jobs", "8"] + paths, scratch: scratch)
        print(
            """
            stress: \(paths.count - 1) bombs and a photograph read by \(qr) --jobs 8 in \(run.elapsed): \
            exit \(run.status), peak RSS \(run.peakKilobytes) KB
            """)
        #expect(run.status == 2)
        #expect(run.text == "\(photo): MECARD:N:測試;;\n")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.filter { $0.contains("too large to decode in memory") }.count == 24)
        #expect(lines.filter { $0.contains("every engine failed") }.count == 8)
        // The pictures admitted (the tiles, the JPEG of many scans) share the memory budget,
        // eight at a time; the others are refused from their headers.
        #expect(run.peakKilobytes < (512 + 64) * 1_024)
    }
}

/// Threads made once and reused for every round of work, so that what a thread costs to
/// set up (stacks, thread-local caches, allocator arenas) is paid in the warm-up.
final class WorkerPool: Sendable {
    private struct Round {
        var count = 0
        var next = 0
        var body: (@Sendable (Int) -> Void)?
        var stopping = false
    }

    private let round = Locked(Round())
    private let starts: [DispatchSemaphore]
    private let finished = DispatchSemaphore(value: 0)

    init(threads: Int) {
        starts = (0..<threads).map { _ in DispatchSemaphore(value: 0) }
        for start in starts {
            Thread { [round, finished] in
                while true {
                    start.wait()
                    if round.withLock({ $0.stopping }) { return }
                    while let (index, body) = round.withLock({ r -> (Int, @Sendable (Int) -> Void)? in
                        guard r.next < r.count, let body = r.body else { return nil }
                        defer { r.next += 1 }
                        return (r.next, body)
                    }) {
                        body(index)
                    }
                    finished.signal()
                }
            }.start()
        }
    }

    /// Runs `body` for each of `0..<count` on the pool's threads, each taking the next
    /// index; false if they are not all done by `limit`.
    func run(_ count: Int, within limit: DispatchTime, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
        round.withLock { $0 = Round(count: count, next: 0, body: body) }
        for start in starts { start.signal() }
        for _ in starts where finished.wait(timeout: limit) == .timedOut { return false }
        round.withLock { $0.body = nil }
        return true
    }

    /// Lets the threads end.
    func stop() {
        round.withLock { $0.stopping = true }
        for start in starts { start.signal() }
    }
}
