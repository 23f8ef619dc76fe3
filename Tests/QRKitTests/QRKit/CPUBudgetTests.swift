// QRKit tests — the CPU budget with the real engines: a picture tiled with finder patterns
// is refused by the engines whose detectors it would hold for hours, and a decode cut short
// leaves no engine running once the pass in hand ends.
import Foundation
import QRTestSupport
import Synchronization
import Testing
@testable import QRCore
@testable import QRKit

@Suite(.timeLimit(.minutes(10))) struct CPUBudgetTests {
    static func tiles(side: Int) throws -> GrayImage {
        try ImageReader().read(data: BudgetBombs.finderTiles(side: side), name: "tiles.png")
    }

    @Test func theCountOfFinderPatternsSeesEveryTile() throws {
        // 8 pixels a tile: a finder of one pixel a module and a light gap.
        for side in [16, 40, 136, 200] {
            #expect(try Self.tiles(side: side).finderLikePatternCount(upTo: 100_000) == (side / 8) * (side / 8))
        }
        // Photographs show a handful at most; noise of every pixel at random passes the
        // four crossings seldom.
        for photo in ["photos/qrcode-2-30.png", "large/qrcode-1-1-x4.5.png"] {
            let image = try ImageReader().read(data: PackagePaths.sampleBytes(photo), name: photo)
            #expect(image.finderLikePatternCount(upTo: 100) < 20, "\(photo)")
        }
    }

    @Test func zxingRefusesAPictureOfMoreFinderPatternsThanItCanWeigh() throws {
        let picture = PictureVariants(try Self.tiles(side: 400))
        #expect(picture.finderLikePatternCount > ZXingEngine.finderPatternLimit)
        #expect(throws: DecodeError.self) { try ZXingEngine().decode(picture, pass: 0) }
        // zbar weighs them in bounded time, and finds nothing.
        #expect(try ZBarEngine().decode(picture, pass: 0).isEmpty)
    }

    @Test func zbarRefusesAPictureOfTensOfThousandsOfFinderPatterns() throws {
        let picture = PictureVariants(try Self.tiles(side: 1_400))
        #expect(picture.finderLikePatternCount > ZBarEngine.finderPatternLimit)
        #expect(throws: DecodeError.self) { try ZBarEngine().decode(picture, pass: 0) }
    }

    /// A progressive JPEG of many scans stops at its reader's CPU budget, and reads whole
    /// without one.
    @Test func aJPEGReaderStopsAtItsCPUBudget() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let bytes = try BudgetBombs.progressiveJPEG(side: 1_500, in: scratch)
        let start = threadCPUTime()
        #expect(throws: ImageError.overCPUBudget(file: "scans.jpg", format: .jpeg, budget: .milliseconds(20))) {
            try JPEGReader(cpuBudget: .milliseconds(20)).read(data: bytes, name: "scans.jpg")
        }
        #expect(threadCPUTime() - start < .milliseconds(500))
        let image = try JPEGReader(cpuBudget: nil).read(data: bytes, name: "scans.jpg")
        #expect(image.width == 1_500)
    }

    /// After a decode cut short by its timeout, the engines stop once the pass in hand
    /// ends: the decode settles with none running (the wait is long only for a loaded
    /// machine; a pass of this picture takes a fraction of a second), and then no worker
    /// of the executor runs or has anything queued.
    @Test func aDecodeCutShortLeavesNoEngineRunning() throws {
        // Under zxing-cpp's limit, but each of its passes weighs every three patterns.
        let image = try Self.tiles(side: 136)
        let executor = DecodeExecutor(workers: 2)
        let decoder = QRDecoder(
            strategy: .race([ZBarEngine(), ZXingEngine()]), timeout: .milliseconds(100), executor: executor)
        let settled = DispatchSemaphore(value: 0)
        let final = Mutex<DecodeReport?>(nil)
        let answer = try decoder.decode(image) { report in
            final.withLock { $0 = report }
            settled.signal()
        }
        #expect(answer.stoppedBy == .timeout(.milliseconds(100)))
        #expect(settled.wait(timeout: .now() + 60) == .success, "an engine ran on after the answer")
        let report = try #require(final.withLock { $0 })
        for engine in report.engines {
            #expect(engine.outcome != .running, "\(engine.name)")
        }
        // The worker that settled the decode goes back to waiting as it returns.
        let deadline = Date().addingTimeInterval(10)
        while executor.load != (0, 0), Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        #expect(executor.load == (0, 0))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(executor.load == (0, 0), "a pass started after the decode had settled")
    }
}
