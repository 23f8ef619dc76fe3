// qr encode — EncodeSettings: what `qr encode` was asked to do, and the doing of it.
import ArgumentParser
import QRKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
