// qr — the limits on each picture read, which `qr decode` and `qr bench` share:
// --timeout-ms and --max-pixels, declared once.
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

    /// The parsed options, as plain settings.
    var settings: PictureLimits {
        PictureLimits(timeoutMilliseconds: timeoutMilliseconds, maxPixels: maxPixels)
    }
}

/// The limits on each picture read: the plain settings behind ``PictureLimitOptions``,
/// which ``QuickParse`` fills too.
struct PictureLimits: Equatable {
    /// The defaults of both options.
    static let defaults = PictureLimits()

    var timeoutMilliseconds: Int?
    var maxPixels: Int = ImageReader.defaultPixelLimit

    /// The time a picture may take; nil for no limit.
    var timeout: Duration? { timeoutMilliseconds.map { .milliseconds($0) } }

    /// The CPU time reading and decoding a picture may take: the timeout's, or the
    /// library's default budget.
    var cpuBudget: Duration { timeout ?? QRDecoder.defaultCPUBudget }

    /// The reader that keeps to ``maxPixels``.
    var reader: ImageReader { ImageReader(pixelLimit: maxPixels) }

    func validate() throws(ValidationError) {
        if let t = timeoutMilliseconds, t < 1 { throw ValidationError("--timeout-ms must be at least 1.") }
        if maxPixels < 1 { throw ValidationError("--max-pixels must be at least 1.") }
    }
}
