// qr encode — text or bytes to a QR code: PNG, SVG, PDF, EPS, PBM, PAM, XBM, XPM, or terminal art.
import ArgumentParser
import QRKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
        name: [.customShort("i", allowingJoined: true), .customShort("r", allowingJoined: true), .customLong("input")],
        help: ArgumentHelp("Read the payload from FILE; '-' reads standard input.", valueName: "file"))
    var input: String?

    @Option(
        name: [.customShort("o", allowingJoined: true), .customLong("output")],
        help: ArgumentHelp(
            "Write to FILE (.png, .svg, .pdf, .eps, .pbm, .pam, .xbm, .xpm or .txt); '-' for standard output (PNG unless --format).",
            valueName: "file"))
    var output: String?

    @Option(
        name: [.customShort("t", allowingJoined: true), .customLong("format")],
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

/// What `qr encode` was asked to do, and the doing of it. ``EncodeCommand`` fills it from
/// ArgumentParser; ``QuickParse`` fills it straight from an everyday command line.
struct EncodeSettings: Equatable {
    var text: String?
    var input: String?
    var output: String?
    var format: OutputFormat?
    var symbol = SymbolSettings()
    var picture = PictureSettings()

    /// The checks of every option group, then those that need several groups.
    func validate() throws(ValidationError) {
        try symbol.validate()
        try picture.validate()
        if text != nil && input != nil {
            throw ValidationError("give the payload as TEXT or with -i FILE, not both")
        }
        if text == nil && input == nil && isatty(0) == 1 {
            throw ValidationError(
                "nothing to encode: give TEXT, or -i FILE, or pipe the payload into standard input (echo -n TEXT | qr encode ...)"
            )
        }
        if let problem = optionProblem() { throw ValidationError(problem) }
        let format = try resolvedFormat()
        if let problem = colourProblem(format) { throw ValidationError(problem) }
        if let name = picture.printSizeName, ![.svg, .pdf, .eps].contains(format) {
            throw ValidationError(
                "\(name) applies to SVG, PDF and EPS output; \(format.rawValue) is drawn in \(format.isTerminalArt ? "character cells" : "pixels: use --scale or --size-px")"
            )
        }
        if picture.dpi != nil && ![.png, .pdf, .eps].contains(format) {
            throw ValidationError("--dpi applies to PNG, PDF and EPS output only")
        }
        if picture.sizePx != nil && format.isTerminalArt {
            throw ValidationError("--size-px applies to pictures; \(format.rawValue) draws one character cell a module")
        }
        if picture.title != nil || picture.desc != nil {
            guard format == .svg else { throw ValidationError("--title and --desc apply to SVG output only") }
            do {
                try SVGRenderer(title: picture.title, description: picture.desc).checkTexts()
            } catch {
                throw ValidationError(error.commandLineMessage)
            }
        }
        let parts = symbol.split ?? 1
        if writesToStandardOutput {
            if format.isBinary && isatty(1) == 1 {
                throw ValidationError(
                    "refusing to write \(format.rawValue.uppercased()) to a terminal; use -o FILE.\(format.rawValue) or redirect standard output"
                )
            }
            if parts > 1 && !format.isTerminalArt {
                throw ValidationError(
                    "several \(format.rawValue.uppercased()) symbols need files: use -o NAME.\(format.rawValue)")
            }
        }
    }

    func run() throws {
        let (payload, source) = try readPayload()
        let encoder = QREncoder()
        let matrices: [QRMatrix]
        do {
            let options = try symbol.encodeOptions()
            if let parts = symbol.split {
                matrices = try encoder.encodeSplit(payload, into: parts, options: options)
            } else {
                matrices = [try encoder.encode(payload, options: options)]
            }
        } catch let error as EncodeError {
            // The payload and --mode or --encoding were both asked for: a usage error.
            if case .characterNotInMode = error {
                Self.usageError("\(source): \(error.commandLineMessage); drop --mode, or pick a mode that holds it")
            }
            if case .notInCharacterSet = error {
                Self.usageError(
                    "\(source): \(error.commandLineMessage); drop --encoding, or pick a character set that holds it")
            }
            StandardError.report("\(source): \(error.commandLineMessage)")
            throw QRExit.unencodable
        }

        let format = try resolvedFormat()
        var documents: [[UInt8]] = []
        do {
            for matrix in matrices { documents.append(try render(matrix, as: format)) }
        } catch let error as EncodeError {
            // Only the symbol tells whether --size-px is large enough: a usage error found late.
            if case .targetSizeTooSmall = error { Self.usageError(error.commandLineMessage) }
            StandardError.report("\(output ?? "output"): \(error.commandLineMessage)")
            throw QRExit.unencodable
        }

        guard let output, output != "-" else {
            let separator: [UInt8] = format.isTerminalArt ? [0x0A] : []
            let joined = documents.enumerated().flatMap { index, document in
                index == 0 ? document : separator + document
            }
            do {
                try FileSystem.write(joined, descriptor: 1, name: "standard output")
            } catch {
                // As qr decode: quiet for a reader gone, a message and status 2 otherwise.
                StandardOutput.failed(error.code ?? EIO)
            }
            return
        }
        let paths = documents.count == 1 ? [output] : Self.numberedPaths(output, count: documents.count)
        for (path, document) in zip(paths, documents) {
            do {
                try FileSystem.write(document, to: path)
            } catch {
                StandardError.report("\(path): \(error.reason)")
                throw QRExit.unwritable
            }
        }
    }

    /// Ends the process with a usage error that only the payload or the symbol showed,
    /// written as ArgumentParser writes those it finds, so that every status 64 reads alike.
    private static func usageError(_ message: String) -> Never {
        StandardError.write(
            "Error: \(TerminalText.escaped(message))\nUsage: \(QRCommand.usageString(for: EncodeCommand.self))\n"
                + "  See 'qr encode --help' for more information.\n")
        exit(QRExit.usage.rawValue)
    }

    /// What is wrong with the symbol and picture options, checked by the library.
    private func optionProblem() -> String? {
        do {
            try symbol.encodeOptions().validate(split: symbol.split)
            _ = try picture.renderOptions()
            return nil
        } catch {
            return commandLineMessage(error)
        }
    }

    /// What the format cannot draw of the colours asked for (after --invert), or why
    /// readers could not tell them apart.
    private func colourProblem(_ format: OutputFormat) -> String? {
        do {
            let options = try picture.drawingOptions()
            switch format {
            case .pbm: try PBMRenderer(options: options).checkColours()
            case .xbm: try XBMRenderer(options: options).checkColours()
            case .ascii: try ASCIIRenderer(options: options).checkColours()
            case .ansi256: try ANSI256Renderer(options: options).checkColours()
            case .eps: try EPSRenderer(options: options).checkColours()
            case .xpm: try XPMRenderer(options: options).checkColours()
            case .utf8, .ansi:
                do {
                    try terminalRenderer(format, options: options).checkColours()
                } catch {
                    // Plain half blocks cannot take colours; ANSI escapes can.
                    return format == .utf8 ? "\(error.commandLineMessage): use --format ansi" : error.commandLineMessage
                }
            case .png, .svg, .pdf, .pam: break
            }
            if !picture.force {
                do {
                    try options.checkContrast()
                } catch {
                    return "\(error.commandLineMessage); pick colours further apart, or give --force to write it anyway"
                }
            }
            return nil
        } catch {
            return commandLineMessage(error)
        }
    }

    // MARK: - Input

    /// The most a payload file may hold: far past the largest symbol (2953 bytes).
    static let readLimit = 1 << 20
    static let tooLarge = "larger than \(readLimit / 1024) KiB, far more than a QR code holds (2953 bytes at most)"

    /// The payload, and what to call its source in messages.
    private func readPayload() throws -> (QRPayload, String) {
        // Bytes as they are, unless a character set is to be written.
        let raw = symbol.encoding == nil && (symbol.eightBit || symbol.mode == .byte)
        if let text {
            return (raw ? .bytes(Array(text.utf8)) : .text(text), "text argument")
        }
        let fromStandardInput = input == nil || input == "-"
        let source = fromStandardInput ? "standard input" : input ?? "-"
        let bytes: [UInt8]
        do {
            bytes =
                fromStandardInput
                ? try FileSystem.read(descriptor: 0, name: source, limit: Self.readLimit, tooLarge: Self.tooLarge)
                : try FileSystem.read(source, limit: Self.readLimit, tooLarge: Self.tooLarge)
        } catch {
            StandardError.report("\(source): \(error.reason)")
            throw QRExit.unreadable
        }
        if raw { return (.bytes(bytes), source) }
        do {
            return (try QRPayload(utf8: bytes), source)
        } catch {
            StandardError.report("\(source): \(commandLineMessage(error))")
            throw QRExit.unencodable
        }
    }

    // MARK: - Output

    private var writesToStandardOutput: Bool { output == nil || output == "-" }

    /// --format, else the -o extension, else utf8; `-o -` is PNG, as in qrencode, so that
    /// `-o - > a.png` makes a picture.
    private func resolvedFormat() throws(ValidationError) -> OutputFormat {
        if let format { return format }
        guard let output else { return .utf8 }
        if output == "-" { return .png }
        switch Self.fileExtension(output)?.lowercased() {
        case "png": return .png
        case "svg": return .svg
        case "pdf": return .pdf
        case "eps": return .eps
        case "pbm": return .pbm
        case "pam": return .pam
        case "xbm": return .xbm
        case "xpm": return .xpm
        case "txt": return .utf8
        default:
            throw ValidationError(
                "cannot tell the format of '\(output)': name it .png, .svg, .pdf, .eps, .pbm, .pam, .xbm, .xpm or .txt, or give --format (\(OutputFormat.allValueStrings.joined(separator: ", ")))"
            )
        }
    }

    private func render(_ matrix: QRMatrix, as format: OutputFormat) throws -> [UInt8] {
        let options = try picture.drawingOptions()
        switch format {
        case .png:
            return try PNGRenderer(options: options, dpi: picture.dpi).render(matrix)
        case .svg:
            let renderer = SVGRenderer(
                options: options, title: picture.title, description: picture.desc, printSize: picture.printSize)
            return Array(try renderer.render(matrix).utf8)
        case .pdf:
            return try PDFRenderer(options: options, dpi: picture.dpi ?? 72, printSize: picture.printSize).render(
                matrix)
        case .eps:
            let renderer = EPSRenderer(options: options, dpi: picture.dpi ?? 72, printSize: picture.printSize)
            return Array(try renderer.render(matrix).utf8)
        case .pbm:
            return try PBMRenderer(options: options).render(matrix)
        case .pam:
            return try PAMRenderer(options: options).render(matrix)
        case .xbm:
            return Array(try XBMRenderer(options: options).render(matrix).utf8)
        case .xpm:
            return Array(try XPMRenderer(options: options).render(matrix).utf8)
        case .ascii:
            return Array(try ASCIIRenderer(options: options).render(matrix).utf8)
        case .ansi256:
            return Array(try ANSI256Renderer(options: options).render(matrix).utf8)
        case .utf8, .ansi:
            return Array(try terminalRenderer(format, options: options).render(matrix).utf8)
        }
    }

    /// utf8 or ansi, in the colours asked for: the renderer swaps them for --invert itself.
    private func terminalRenderer(_ format: OutputFormat, options: RenderOptions) -> TerminalRenderer {
        let (dark, light) =
            picture.invert ? (options.background, options.foreground) : (options.foreground, options.background)
        return TerminalRenderer(
            style: format == .ansi ? .ansi : .halfBlocks, inverted: picture.invert, margin: picture.margin,
            foreground: dark, background: light)
    }

    /// The extension of the last path component, without the dot.
    private static func fileExtension(_ path: String) -> Substring? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return name[name.index(after: dot)...]
    }

    /// `NAME.EXT` → `NAME-01.EXT`, `NAME-02.EXT`, …
    static func numberedPaths(_ path: String, count: Int) -> [String] {
        let suffix = fileExtension(path).map { "." + $0 } ?? ""
        let stem = path.dropLast(suffix.count)
        return (1...count).map { index in "\(stem)-\(index < 10 ? "0" : "")\(index)\(suffix)" }
    }
}

/// What the payload becomes.
struct SymbolOptions: ParsableArguments {
    @Option(
        name: [.customShort("l", allowingJoined: true), .customLong("level"), .customLong("error")],
        help:
            "Error correction: restores about 7, 15, 25 or 30% damage; a minimum, raised while the version allows (--no-boost: as given)."
    )
    var level: LevelArgument = SymbolSettings.defaults.level

    @Option(
        name: [.customShort("v", allowingJoined: true), .customLong("version")],
        help: ArgumentHelp("Smallest version, 1-40 (1-4 with --micro); grows if the data needs it.", valueName: "n"))
    var version: Int?

    @Flag(help: "Fail instead of growing past --version.")
    var strictVersion = false

    @Flag(
        name: [.customShort("M"), .customLong("micro")],
        help: "Make a Micro QR symbol (M1-M4): smaller, no level H, no --eci or --split.")
    var micro = false

    @Flag(
        name: [.customShort("8"), .customLong("8bit")],
        help: "Encode the bytes as they are, in one 8-bit segment (any bytes, NULs included).")
    var eightBit = false

    @Flag(
        name: [.customShort("k"), .customLong("kanji")],
        help: "Write the text as Shift_JIS, with Kanji segments for double-byte characters.")
    var kanji = false

    @Option(help: "One segment of this mode; a character that does not fit is an error. byte is --8bit.")
    var mode: ModeArgument?

    @Option(
        help: ArgumentHelp(
            "Write the text in this character set (an iconv name, such as ISO-8859-1 or CP1252) in byte mode; with --eci, declared.",
            valueName: "name"))
    var encoding: String?

    @Flag var boost: BoostArgument = .boostLevel

    @Flag(help: "Upper-case ASCII letters so they fit alphanumeric mode (the code then reads upper case).")
    var caseInsensitive = false

    @Flag(
        help:
            "Start with an ECI header declaring the character set (UTF-8, or --encoding), so readers need not guess it."
    )
    var eci = false

    @Option(help: ArgumentHelp("Spread the payload over N symbols (2-16) joined by structured append.", valueName: "n"))
    var split: Int?

    /// The parsed options, as plain settings.
    var settings: SymbolSettings {
        SymbolSettings(
            level: level, version: version, strictVersion: strictVersion, micro: micro, eightBit: eightBit,
            kanji: kanji, mode: mode, encoding: encoding, boost: boost == .boostLevel, caseInsensitive: caseInsensitive,
            eci: eci, split: split)
    }

    func validate() throws { try settings.validate() }
}

/// What the payload becomes: the plain settings behind ``SymbolOptions``.
struct SymbolSettings: Equatable {
    static let defaults = SymbolSettings()

    var level: LevelArgument = .m
    var version: Int?
    var strictVersion = false
    var micro = false
    var eightBit = false
    var kanji = false
    var mode: ModeArgument?
    var encoding: String?
    var boost = true
    var caseInsensitive = false
    var eci = false
    var split: Int?

    func validate() throws(ValidationError) {
        // The library takes one part as a plain symbol; a command line asking for it is
        // likelier a mistake, and the help promises 2 to 16.
        if let split, !(2...16).contains(split) {
            throw ValidationError("--split takes 2 to 16 symbols, not \(split); drop --split for one symbol")
        }
        if eightBit && kanji { throw ValidationError("--8bit and --kanji exclude each other: pick one mode") }
        if let mode, eightBit || kanji {
            throw ValidationError(
                "--mode \(mode.rawValue) and --\(eightBit ? "8bit" : "kanji") exclude each other: pick one")
        }
        if encoding != nil && (kanji || (mode != nil && mode != .byte)) {
            throw ValidationError(
                "--encoding applies to byte and automatic modes; Kanji, numeric and alphanumeric modes have their own")
        }
        if eci && mode != nil && mode != .byte {
            throw ValidationError("--eci is followed by one byte segment: drop --eci or --mode \(mode?.rawValue ?? "")")
        }
    }

    func encodeOptions() throws -> EncodeOptions {
        let encodeMode: EncodeMode =
            switch mode {
            case .numeric?: .numeric
            case .alnum?: .alphanumeric
            case .byte?: .eightBit
            case .kanji?: .kanjiOnly
            case nil: kanji ? .kanji : eightBit ? .eightBit : .automatic
            }
        return EncodeOptions(
            level: level.level, version: version, strictVersion: strictVersion, micro: micro, mode: encodeMode,
            caseSensitive: !caseInsensitive, eci: eci, characterSet: encoding, boostLevel: boost)
    }
}

/// How the symbol is drawn.
struct PictureOptions: ParsableArguments {
    @Option(
        name: [.customShort("s", allowingJoined: true), .customLong("scale")],
        help: ArgumentHelp(
            "Pixels per module for PNG, SVG, PBM and XPM; for PDF and EPS, pixels at --dpi (default: 8).",
            valueName: "n"))
    var scale: Int?

    @Option(
        name: .customLong("size-px"),
        help: ArgumentHelp(
            "Picture size in pixels, exactly: the largest whole scale that fits, the quiet zone taking the rest (the right and bottom one pixel more when it is odd).",
            valueName: "n"))
    var sizePx: Int?

    @Option(
        help: ArgumentHelp(
            "SVG, PDF, EPS: the printed size of the whole picture, quiet zone included, with its unit: mm, cm, in or pt (30mm, 1.5in).",
            valueName: "length"))
    var size: LengthArgument?

    @Option(
        help: ArgumentHelp(
            "SVG, PDF, EPS: the printed size of one module, with its unit: mm, cm, in or pt (0.5mm).",
            valueName: "length"))
    var module: LengthArgument?

    @Option(
        name: [.customShort("m", allowingJoined: true), .customLong("margin"), .customLong("border")],
        help: ArgumentHelp("Quiet zone in modules (default: 4, 2 for Micro QR).", valueName: "n"))
    var margin: Int?

    @Option(
        name: [.customLong("foreground"), .customLong("dark")],
        help: ArgumentHelp(
            "Colour of dark modules: a CSS name or RGB, RRGGBB[AA] hexadecimal (default: black); pbm, xbm, ascii and ansi256 take only black or white.",
            valueName: "colour"))
    var foreground: String?

    @Option(
        name: [.customLong("background"), .customLong("light")],
        help: ArgumentHelp(
            "Colour of light modules: a CSS name, transparent, or RGB, RRGGBB[AA] hexadecimal (default: white).",
            valueName: "colour"))
    var background: String?

    @Flag(help: "Write colours even when their contrast is below 3:1.")
    var force = false

    @Option(
        name: [.customShort("d", allowingJoined: true), .customLong("dpi")],
        help: ArgumentHelp(
            "Resolution: recorded in a PNG (pHYs chunk); sets the page size of PDF and EPS (default: 72, a pixel is a point).",
            valueName: "n"))
    var dpi: Int?

    @Flag(
        help:
            "Swap dark and light: utf8 then draws for a light terminal, ascii for a dark one (by default ## marks dark modules, as in qrencode); ansi and pictures get light modules on dark."
    )
    var invert = false

    @Option(help: ArgumentHelp("SVG: a title for assistive technology (<title>, role=\"img\").", valueName: "text"))
    var title: String?

    @Option(help: ArgumentHelp("SVG: a longer description (<desc>), such as where the code leads.", valueName: "text"))
    var desc: String?

    /// The parsed options, as plain settings.
    var settings: PictureSettings {
        PictureSettings(
            scale: scale, sizePx: sizePx, size: size, module: module, margin: margin, foreground: foreground,
            background: background, force: force, dpi: dpi, invert: invert, title: title, desc: desc)
    }

    func validate() throws { try settings.validate() }
}

/// How the symbol is drawn: the plain settings behind ``PictureOptions``.
struct PictureSettings: Equatable {
    var scale: Int?
    var sizePx: Int?
    var size: LengthArgument?
    var module: LengthArgument?
    var margin: Int?
    var foreground: String?
    var background: String?
    var force = false
    var dpi: Int?
    var invert = false
    var title: String?
    var desc: String?

    func validate() throws(ValidationError) {
        if scale != nil && sizePx != nil { throw ValidationError("give --scale or --size-px, not both") }
        if let sizePx, sizePx < 1 { throw ValidationError("--size-px must be at least 1") }
        if size != nil && module != nil { throw ValidationError("give --size or --module, not both") }
        if let name = printSizeName {
            for (other, given) in [("--scale", scale != nil), ("--size-px", sizePx != nil), ("--dpi", dpi != nil)]
            where given {
                throw ValidationError("give \(name) or \(other), not both: a printed size sets the module's size")
            }
        }
    }

    /// The printed size asked for, if any.
    var printSize: PrintSize? {
        if let size { return .picture(points: size.points) }
        if let module { return .module(points: module.points) }
        return nil
    }

    /// The option that asked for a printed size, for messages.
    var printSizeName: String? { size != nil ? "--size" : module != nil ? "--module" : nil }

    /// The picture options; checks the colours and ranges that need no symbol (the
    /// library's checks, which the renderers make again).
    func renderOptions() throws -> RenderOptions {
        var options = RenderOptions(targetSize: sizePx, margin: margin)
        if let scale { options.scale = scale }
        try options.validate()
        if let dpi { try RenderOptions.validate(dpi: dpi) }
        if let foreground { options.foreground = try RGBAColor(css: foreground) }
        if let background { options.background = try RGBAColor(css: background) }
        return options
    }

    /// The options a picture is drawn with: ``renderOptions()``, dark and light swapped
    /// by `--invert`.
    func drawingOptions() throws -> RenderOptions {
        var options = try renderOptions()
        if invert { swap(&options.foreground, &options.background) }
        return options
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case png, svg, pdf, eps, pbm, pam, xbm, xpm, utf8, ansi, ascii, ansi256

    /// Any case, as qrencode's `-t PNG` is written.
    init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    /// qrencode's `-t` names, any case, for the formats they match: a trailing `i` is
    /// qrencode's inverted drawing (``PictureSettings/invert``).
    static func qrencodeName(_ name: String) -> (format: OutputFormat, inverted: Bool)? {
        switch name.lowercased() {
        case "png32": (.png, false)
        case "utf8i": (.utf8, true)
        case "asciii": (.ascii, true)
        case "ansiutf8", "ansi256utf8": (.ansi, false)
        case "ansiutf8i": (.ansi, true)
        default: nil
        }
    }

    /// Bytes a terminal should not be sent.
    var isBinary: Bool { [.png, .pdf, .pbm, .pam].contains(self) }

    /// Drawn in text for a terminal; several symbols go one after another.
    var isTerminalArt: Bool { [.utf8, .ansi, .ascii, .ansi256].contains(self) }
}

/// `--size` and `--module`: a length with its unit (mm, cm, in, pt), in points.
struct LengthArgument: ExpressibleByArgument, Equatable {
    var points: Double

    init?(argument: String) {
        let text = argument.lowercased()
        let units: [(String, Double)] = [("mm", 72 / 25.4), ("cm", 720 / 25.4), ("in", 72), ("pt", 1)]
        guard let (unit, factor) = units.first(where: { text.hasSuffix($0.0) }) else { return nil }
        let number = text.dropLast(unit.count)
        // Digits and at most one point: no sign, exponent, inf or nan.
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            number.filter({ $0 == "." }).count <= 1, let value = Double(number), value > 0
        else { return nil }
        points = value * factor
    }
}

/// `-t`/`--format`: a format by its name, or by qrencode's.
struct FormatArgument: ExpressibleByArgument, Equatable {
    var format: OutputFormat
    /// Drawn inverted, as qrencode's `UTF8i` and `ASCIIi`.
    var inverted = false

    init(format: OutputFormat, inverted: Bool = false) {
        self.format = format
        self.inverted = inverted
    }

    init?(argument: String) {
        if let format = OutputFormat(argument: argument) {
            self.init(format: format)
        } else if let (format, inverted) = OutputFormat.qrencodeName(argument) {
            self.init(format: format, inverted: inverted)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { OutputFormat.allValueStrings }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

enum LevelArgument: String, ExpressibleByArgument, CaseIterable {
    case l = "L"
    case m = "M"
    case q = "Q"
    case h = "H"

    init?(argument: String) {
        self.init(rawValue: argument.uppercased())
    }

    var level: ErrorCorrectionLevel {
        switch self {
        case .l: .l
        case .m: .m
        case .q: .q
        case .h: .h
        }
    }
}

/// `--mode`: one segment of this mode.
enum ModeArgument: String, ExpressibleByArgument, CaseIterable {
    case numeric, alnum, byte, kanji

    init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}

/// `--boost-level` (the default) or `--no-boost`.
enum BoostArgument: String, EnumerableFlag {
    case boostLevel
    case noBoost

    static func name(for value: BoostArgument) -> NameSpecification {
        switch value {
        case .boostLevel: .customLong("boost-level")
        case .noBoost: .customLong("no-boost")
        }
    }

    static func help(for value: BoostArgument) -> ArgumentHelp? {
        switch value {
        case .boostLevel:
            "Raise the level to the highest that fits the same version (the default): --level is a minimum."
        case .noBoost: "Keep --level as given."
        }
    }
}
