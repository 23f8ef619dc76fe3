// qr — PictureLimits: the limits on each picture read, which `qr decode` and `qr bench`
// share, as plain settings.
import ArgumentParser
import QRKit

/// The limits on each picture read: the plain settings behind ``PictureLimitOptions``,
/// which ``QuickParse`` fills too.
struct PictureLimits: Equatable {
    /// The defaults of both options.
    static let defaults = PictureLimits()

    var timeoutMilliseconds: Int?
    var maxPixels: Int = ImageReader.defaultPixelLimit
    var maxMemoryMegabytes = MemoryBudget.defaultBytes >> 20

    /// The time a picture may take; nil for no limit.
    var timeout: Duration? { timeoutMilliseconds.map { .milliseconds($0) } }

    /// The CPU time reading and decoding a picture may take: the timeout's, or the
    /// library's default budget.
    var cpuBudget: Duration { timeout ?? QRDecoder.defaultCPUBudget }

    /// The reader that keeps to ``maxPixels`` and ``maxMemoryMegabytes`` (the process's
    /// shared budget when it is the default).
    var reader: ImageReader {
        let bytes = maxMemoryMegabytes.multipliedReportingOverflow(by: 1 << 20)
        let budget =
            bytes.partialValue == MemoryBudget.shared.bytes
            ? MemoryBudget.shared : MemoryBudget(bytes: bytes.overflow ? .max : bytes.partialValue)
        return ImageReader(pixelLimit: maxPixels, memoryBudget: budget, cpuBudget: cpuBudget)
    }

    /// The reader of a benchmark's corpus, which is held in memory whole, as a benchmark
    /// times decoding and not reading: the pixel limit, and no memory budget.
    var corpusReader: ImageReader { ImageReader(pixelLimit: maxPixels, memoryBudget: MemoryBudget(bytes: .max)) }

    func validate() throws(ValidationError) {
        if let t = timeoutMilliseconds, t < 1 { throw ValidationError("--timeout-ms must be at least 1.") }
        if maxPixels < 1 { throw ValidationError("--max-pixels must be at least 1.") }
        if maxMemoryMegabytes < 1 { throw ValidationError("--max-memory-mb must be at least 1.") }
    }
}
