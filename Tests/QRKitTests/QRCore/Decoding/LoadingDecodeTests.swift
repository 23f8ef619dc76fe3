// QRKit tests — QRDecoder.decode(loading:): a picture read and decoded on the executor, its reading under the budget.
import Foundation
import QRCore
import QRKit
import QRTestSupport
import Testing

@Suite(.tags(.sanitized)) struct LoadingDecodeTests {
    @Test func readsAndDecodesAPhotoOnTheExecutor() async throws {
        let path = PackagePaths.sample("photos/qrcode-2-17.png")
        let expected = try String(contentsOfFile: String(path.dropLast(4)) + ".txt", encoding: .utf8)
        let bytes = PackagePaths.sampleBytes("photos/qrcode-2-17.png")
        let report = try await QRDecoder(strategy: .standardRace).decode(loading: {
            try ImageReader().read(data: bytes, name: "photo")
        })
        #expect(report.symbols.map(\.text) == [expected])
    }

    @Test func theLoadersErrorIsThrown() async throws {
        await #expect(throws: ImageError.self) {
            try await QRDecoder(strategy: .standardRace).decode(loading: {
                try ImageReader().read(data: Array("%PDF-1.4".utf8), name: "not a picture")
            })
        }
    }

    @Test func readingCountsAgainstTheCPUBudget() async throws {
        // A loader that burns more CPU than the whole budget leaves no time for the engines.
        let bytes = PackagePaths.sampleBytes("photos/qrcode-2-17.png")
        let decoder = QRDecoder(strategy: .standardRace, cpuBudget: .milliseconds(1))
        let report = try await decoder.decode(loading: {
            let image = try ImageReader().read(data: bytes, name: "photo")
            let start = threadCPUTime()
            while threadCPUTime() - start < .milliseconds(5) {}
            return image
        })
        #expect(report.stoppedBy == .cpuBudget(.milliseconds(1)))
        #expect(report.symbols.isEmpty)
    }

    @Test func aTaskCancelledWhileItsPictureIsReadThrows() async throws {
        let bytes = PackagePaths.sampleBytes("photos/qrcode-2-17.png")
        // Told without blocking a thread of the task pool, which the decode's task needs.
        let (reading, readingStarted) = AsyncStream<Void>.makeStream()
        let cancelled = DispatchSemaphore(value: 0)
        let decoder = QRDecoder(strategy: .standardRace, executor: DecodeExecutor(workers: 1))
        let task = Task {
            try await decoder.decode(loading: {
                readingStarted.yield()
                // On the executor's worker; bounded: a guard against a hang, not a timing.
                _ = cancelled.wait(timeout: .now() + 30)
                return try ImageReader().read(data: bytes, name: "photo")
            })
        }
        var started = reading.makeAsyncIterator()
        await started.next()
        task.cancel()
        cancelled.signal()
        // Thrown, not answered with the code the picture holds.
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
