// qr decode — read the QR codes in pictures: PNG, JPEG, WebP, TIFF, GIF, BMP, netpbm.
import ArgumentParser
import Dispatch
import FoundationEssentials
import QRBench
import QRKit
#if canImport(Glibc)
import Glibc
#endif

extension StrategyName: ExpressibleByArgument {}

struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Read the QR codes in pictures: PNG, JPEG, WebP, TIFF, GIF, BMP, netpbm.",
        discussion: """
            Prints the text of each code found, one per line; with several inputs each \
            line starts with the file name. The format is read from each file's first \
            bytes, whatever its name: a TIFF gives its first page, a GIF or an animated \
            WebP its first frame, and a JPEG or TIFF is turned upright as its \
            orientation tag says. Folders are searched recursively for .png, .jpg, \
            .jpeg, .jfif, .webp, .tif, .tiff, .gif, .bmp, .dib, .pbm, .pgm, .ppm, .pnm and \
            .pam files (any case), and a folder without one names the files it skipped; \
            '-' reads one picture from standard input, as is standard input when no input \
            is given and it is not a terminal. A path is read by its bytes, whether or not they are \
            UTF-8; output shows a byte that is not as \\xff, and a backslash as \\\\.

            Examples:
              qr decode photo.png
              qr decode IMG_0042.JPG scan.tif poster.webp
              qr decode shots/ --json
              qr decode a.png --strategy sequential --timing
              find . -name '*.png' | qr decode --files-from - --jobs 2 --json
              qr decode secret.png --bytes > payload.bin
              cat photo.jpg | qr decode
              qr decode shots/ --null | xargs -0 -n1 echo
              qr decode --join notes-*.png --bytes > notes.txt

            Structured append (qr encode --split): when every part of a message is in \
            one picture, the message is printed once, joined, in place of its parts \
            (--json lists the parts under "symbols" and the message under \
            "sequences"). Parts are joined in index order and checked against the \
            parity byte of their headers; parts that do not match it are printed one by \
            one, with a warning.

            Every picture has a budget of time: 5 seconds of CPU time for reading and \
            decoding it, or --timeout-ms of time or CPU time, whichever comes first. A \
            picture that uses it up is named on stderr with the codes found before; the \
            others are still decoded.

            Exit status: 0 every input had a code, 1 some input had none, 2 some input \
            could not be read (stderr names the file and why; the others are still \
            decoded) or standard output could not be written, 3 some input ran out of \
            its time (and none was unreadable), 64 usage error. A reader of standard \
            output that goes away (| head -1) ends qr quietly by SIGPIPE, as it does \
            coreutils.
            """)

    @Argument(help: "Pictures, folders (searched recursively), or '-' for standard input.")
    var inputs: [String] = []

    @Option(
        help: ArgumentHelp(
            "Read input paths from FILE, one per line ('-' for standard input), decoding each as it is read.",
            valueName: "FILE"))
    var filesFrom: String?

    @Option(help: "How to combine the engines.")
    var strategy: StrategyName = DecodeSettings.defaults.strategy

    @Option(help: ArgumentHelp("Pictures decoded in parallel (default: the number of cores).", valueName: "N"))
    var jobs: Int?

    @OptionGroup
    var limits: PictureLimitOptions

    @Flag(
        help: ArgumentHelp(
            "Print one JSON object per picture (JSON Lines).",
            discussion:
                "\"file\" names the picture; a name that is not UTF-8 is given there escaped (\\xff for each byte that is not), and exactly, in base64, in \"file_bytes\"."
        ))
    var json = false

    @Flag(
        name: [.long, .customLong("raw")],
        help: ArgumentHelp(
            "Write the exact bytes of the codes to stdout: a single code with no newline added, several each followed by a newline (as zbarimg --raw).",
            discussion:
                "Without it, control characters (bidirectional ones too) in a code's text are shown escaped (\\x1b, \\n, \\u{202e}) and a backslash as \\\\, so that no code can drive the terminal or pass for another. With several codes the first is written when the second is read, or at the end."
        ))
    var bytes = false

    @Flag(
        name: [.customShort("0"), .long],
        help:
            "Write the exact bytes of each code followed by a NUL byte, whatever their number (as find -print0), for xargs -0."
    )
    var null = false

    @Flag(
        name: [.customShort("H"), .long],
        help: "Start each line with the file name, even with one input.")
    var withFilename = false

    @Flag(help: "Print no file names, even with several inputs.")
    var noFilename = false

    @Flag(help: "Stop at the first code found.")
    var first = false

    @Flag(
        help: ArgumentHelp(
            "Join structured-append parts found across all the inputs, one part per file or several.",
            discussion:
                "Each joined message is printed once, after the other codes, on a line of its own without a file name (--bytes: its exact bytes); its parts are not printed. A message with parts missing is named on stderr with the indexes missing (from 0; qr encode --split numbers its files from 1) and the exit status is 1; so are parts that do not match their parity byte. With --json, a last line {\"sequences\":[...]} gives every message: parts, status, text and bytes."
        ))
    var join = false

    @Flag(help: "Print a per-engine timing table on stderr.")
    var timing = false

    @Flag(name: .shortAndLong, help: "Print nothing; only the exit status tells.")
    var quiet = false

    /// The parsed command line, as the plain settings that do the work.
    var settings: DecodeSettings {
        DecodeSettings(
            inputs: inputs, filesFrom: filesFrom, strategy: strategy, jobs: jobs,
            limits: limits.settings, json: json, bytes: bytes, null: null, withFilename: withFilename,
            noFilename: noFilename, first: first, join: join, timing: timing, quiet: quiet)
    }

    func validate() throws { try settings.validate() }

    func run() throws { try settings.run() }
}
