// QRKit tests — the memory budget: what a picture needs is taken from its header, a picture
// that needs more than the whole budget is refused, others wait their turn, and a batch
// whose pictures wait for memory still finishes.
import Foundation
import QRTestSupport
import Synchronization
import Testing
@testable import QRCore
@testable import QRKit

@Suite(.timeLimit(.minutes(10)), .tags(.sanitized)) struct MemoryBudgetTests {
    static let photo = PackagePaths.sampleBytes("photos/qrcode-2-30.png")
    static let photoText = "MECARD:N:測試;;"

    /// What reading and decoding the photo takes from a budget.
    static let photoNeeds: Int = {
        let budget = MemoryBudget(bytes: .max)
        let image = try? ImageReader(memoryBudget: budget).read(data: photo, name: "photo.png")
        return image.map { _ in budget.inUse } ?? 0
    }()

    @Test func aPictureThatNeedsMoreThanTheWholeBudgetIsRefusedWithTheFigure() throws {
        let image = try ImageReader().read(data: Self.photo, name: "photo.png")
        let budget = MemoryBudget(bytes: Self.photoNeeds - 1)
        #expect(Self.photoNeeds >= image.pixelCount * MemoryBudget.decodeBytesPerPixel)
        #expect(throws: ImageError.overMemoryBudget(file: "photo.png", needed: Self.photoNeeds, budget: budget.bytes)) {
            try ImageReader(memoryBudget: budget).read(data: Self.photo, name: "photo.png")
        }
        #expect(budget.inUse == 0)
        let message = "\(ImageError.overMemoryBudget(file: "big.tif", needed: 700 << 20, budget: 512 << 20))"
        #expect(
            message == "big.tif: too large to decode in memory (it needs about 700 MB; the memory budget is 512 MB)")
    }

    @Test func aPictureHoldsItsShareUntilItsLastCopyGoes() throws {
        let budget = MemoryBudget(bytes: 64 << 20)
        var image: GrayImage? = try ImageReader(memoryBudget: budget).read(data: Self.photo, name: "photo.png")
        #expect(budget.inUse == Self.photoNeeds)
        var view = image?.cropped(x: 0, y: 0, width: 10, height: 10)
        image = nil
        #expect(budget.inUse == Self.photoNeeds, "a view keeps its picture's share")
        #expect(view?.width == 10)
        view = nil
        #expect(budget.inUse == 0)
    }

    /// Every format's reader takes its share, and refuses a picture over the budget.
    @Test(arguments: [
        "formats/qrcode-3-03.q75.jpg", "formats/qrcode-3-03.lossy.webp", "formats/qrcode-3-03.lzw.tif",
        "formats/qrcode-3-03.gif", "photos/qrcode-2-30.png",
    ])
    func everyReaderTakesItsShare(sample: String) throws {
        let bytes = PackagePaths.sampleBytes(sample)
        let budget = MemoryBudget(bytes: .max)
        let image = try ImageReader(memoryBudget: budget).read(data: bytes, name: sample)
        #expect(budget.inUse >= image.pixelCount * MemoryBudget.decodeBytesPerPixel)
        let needs = budget.inUse
        #expect(throws: ImageError.overMemoryBudget(file: sample, needed: needs, budget: needs - 1)) {
            try ImageReader(memoryBudget: MemoryBudget(bytes: needs - 1)).read(data: bytes, name: sample)
        }
    }

    /// A second picture waits while the first holds the budget, and is read once the first
    /// has gone: the two never hold more than the budget together.
    @Test func aPictureWaitsForTheMemoryAnotherHolds() throws {
        let budget = MemoryBudget(bytes: Self.photoNeeds * 3 / 2)
        let reader = ImageReader(memoryBudget: budget)
        let events = Mutex<[String]>([])
        var first: GrayImage? = try reader.read(data: Self.photo, name: "first.png")
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let second = try? reader.read(data: Self.photo, name: "second.png")
            events.withLock { $0.append(second == nil ? "second failed" : "second read") }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.2)
        events.withLock { $0.append("first released") }
        first = nil
        done.wait()
        #expect(events.withLock { $0 } == ["first released", "second read"])
        _ = first
    }

    /// Pictures read on the executor's workers (a batch's loads) that each need most of the
    /// budget: a worker waiting for memory runs the queued passes of the pictures that hold
    /// it, so the batch finishes, with one worker or two, and every picture is read.
    @Test(arguments: [1, 2]) func aBatchWhosePicturesWaitForMemoryFinishes(workers: Int) throws {
        let budget = MemoryBudget(bytes: Self.photoNeeds * 3 / 2)
        let reader = ImageReader(memoryBudget: budget)
        let decoder = QRDecoder(
            strategy: .race([ZBarEngine(), ZXingEngine()]), executor: DecodeExecutor(workers: workers))
        let given = Mutex(0)
        let texts = Mutex<[Int: [String]]>([:])
        decoder.decodeBatch(
            next: {
                let index = given.withLock { count -> Int? in
                    guard count < 6 else { return nil }
                    count += 1
                    return count
                }
                guard let index else { return nil }
                return { try reader.read(data: Self.photo, name: "photo-\(index).png") }
            },
            deliver: { index, result in
                let text = (try? result.get())?.symbols.map(\.text) ?? ["failed: \(result)"]
                texts.withLock { $0[index] = text }
            })
        #expect(texts.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<6).map { ($0, [Self.photoText]) }))
        // The last picture's decode may still be let go by the worker that settled it.
        let deadline = Date().addingTimeInterval(5)
        while budget.inUse > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(budget.inUse == 0)
    }
}
