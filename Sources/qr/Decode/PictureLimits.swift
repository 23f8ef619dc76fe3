// qr — the limits on each picture read, which `qr decode` and `qr bench` share:
// --timeout-ms, --max-pixels and --max-memory-mb, declared once.
import ArgumentParser
import QRKit

/// The limits on each picture read, as options: pulled into every command that reads
/// pictures with `@OptionGroup`.
///
/// It has no `validate()` of its own: each command checks ``PictureLimits`` among its
/// other options, in the order its messages come.
struct PictureLimitOptions: ParsableArguments {
    @Option(
        name: .customLong("timeout-ms"),
        help: ArgumentHelp(
            "Give up on a picture after this many milliseconds, of time or of CPU time spent reading and decoding it, and report what was found (default: 5000 ms of CPU time).",
            discussion:
                "A picture given up on is named on stderr (\"timed out after MS ms\", or \"ran out of its CPU budget\"), with the codes found before, and the exit status is 3.",
            valueName: "MS"))
    var timeoutMilliseconds: Int?

    @Option(name: .customLong("max-pixels"), help: "Refuse pictures larger than this many pixels.")
    var maxPixels: Int = PictureLimits.defaults.maxPixels

    @Option(
        name: .customLong("max-memory-mb"),
        help: ArgumentHelp(
            "The memory pictures being read and decoded may hold at once, in MiB (default: 512).",
            discussion:
                "A picture that would need more on its own is refused with the figure; pictures read in parallel (--jobs) wait for one another rather than hold more.",
            valueName: "MB"))
    var maxMemoryMegabytes: Int = PictureLimits.defaults.maxMemoryMegabytes

    /// The parsed options, as plain settings.
    var settings: PictureLimits {
        PictureLimits(
            timeoutMilliseconds: timeoutMilliseconds, maxPixels: maxPixels, maxMemoryMegabytes: maxMemoryMegabytes)
    }
}

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
