// qr encode — text or bytes to a QR code: PNG, SVG, PDF, EPS, PBM, PAM, XBM, XPM, or terminal art.
import ArgumentParser

struct EncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode text or bytes as a QR code.",
        discussion: """
            The payload is TEXT, or the bytes of FILE with -i FILE (-i - reads standard \
            input), or standard input when neither is given and it is not a terminal. \
            Text must be UTF-8; --8bit encodes any bytes as they are, NULs included; \
            --encoding writes the text in another character set.

            The level is a minimum: the highest level that fits the same version is \
            used (as segno does), unless --no-boost.

            The format follows the extension of -o (.png, .svg, .pdf, .eps, .pbm, .pam, \
            .xbm, .xpm, .txt) unless --format is given. With no -o the code is drawn in \
            the terminal (utf8), or written to standard output in --format; -o - writes \
            PNG (or --format) to standard output, as qrencode does. --split N \
            writes NAME-01.EXT ... NAME-NN.EXT.

            Formats: png, svg, pdf and eps (vector: one path; a module is --scale \
            pixels at --dpi, default 72, so --scale points), pbm (raw P4), pam (P7, \
            RGB or RGB_ALPHA), xbm, xpm, utf8 and ansi (half blocks), ascii (## and \
            spaces, no escapes), ansi256 (as qrencode -t ANSI256). pbm, xbm, ascii and \
            ansi256 are black and white only: other colours are refused; utf8 draws in \
            the terminal's colours and refuses others, ansi draws any opaque ones. Colours are \
            CSS names (red, navy, transparent ...) or RGB, RRGGBB[AA]; dark and light must \
            differ by a contrast ratio of 3:1 (WCAG), unless --force. For print, --size \
            gives the whole picture's side, quiet zone included, and --module one \
            module's, in mm, cm, in or pt (SVG, PDF, EPS).

            Examples:
              qr encode "https://example.org"
              qr encode "hello, world" -o hello.png
              qr encode -i payload.bin --8bit -o data.svg
              echo -n "from stdin" | qr encode -i - -o x.png
              qr encode 12345 --micro --level L -o small.png
              qr encode -i notes.txt --split 4 -o notes.png   # notes-01.png ... -04
              qr encode "WIFI:S:home;T:WPA;P:pw;;" --level H --size-px 600 -o wifi.png
              qr encode "https://example.org" --format ansi --invert
              qr encode "https://example.org" --size 30mm -o print.pdf   # 30 mm square
              qr encode "plain text mail" --format ascii
              echo -n "https://example.org" | qr encode -o link.png
              qr encode 0123456789 --mode numeric -l Q -o digits.png
              qr encode -i note.txt --encoding ISO-8859-1 --eci -o latin1.png
              qr encode "https://example.org" --title "Example" -o link.svg

            Exit status: 0 when the code was written, 2 when the input cannot be read or \
            the payload cannot be encoded (the message names the file and why), 64 on \
            usage errors (a character that does not fit --mode or --encoding, a \
            --size-px too small for the symbol included).
            """)

    @Argument(help: "The text to encode (UTF-8).")
    var text: String?

    @Option(
        name: [.customShort("i", allowingJoined: true), .customShort("r", allowingJoined: true), .long],
        help: ArgumentHelp("Read the payload from FILE; '-' reads standard input.", valueName: "file"))
    var input: String?

    @Option(
        name: [.customShort("o", allowingJoined: true), .long],
        help: ArgumentHelp(
            "Write to FILE (.png, .svg, .pdf, .eps, .pbm, .pam, .xbm, .xpm or .txt); '-' for standard output (PNG unless --format).",
            valueName: "file"))
    var output: String?

    @Option(
        name: [.customShort("t", allowingJoined: true), .long],
        help:
            "Output format; by default from the -o extension, else utf8. qrencode's -t names work too (PNG32, UTF8i, ASCIIi, ANSIUTF8 ...; i: inverted)."
    )
    var format: FormatArgument?

    @OptionGroup(title: "Symbol")
    var symbol: SymbolOptions

    @OptionGroup(title: "Picture")
    var picture: PictureOptions

    /// The parsed command line, as the plain settings that do the work.
    var settings: EncodeSettings {
        var settings = EncodeSettings(
            text: text, input: input, output: output, format: format?.format, symbol: symbol.settings,
            picture: picture.settings)
        if format?.inverted == true { settings.picture.invert = true }
        return settings
    }

    func validate() throws { try settings.validate() }

    func run() throws { try settings.run() }
}
