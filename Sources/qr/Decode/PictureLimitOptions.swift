// qr — PictureLimitOptions: --timeout-ms, --max-pixels and --max-memory-mb, declared
// once for `qr decode` and `qr bench`.
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

    @Option(help: "Refuse pictures larger than this many pixels.")
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
