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
        if let name = picture.printSizeName, !format.accepts(.printSize) {
            throw ValidationError(
                "\(name) applies to \(Self.formats(taking: .printSize)) output; \(format.name) is drawn in \(format.drawing == .text ? "character cells" : "pixels: use --scale or --size-px")"
            )
        }
        if picture.dpi != nil && !format.accepts(.dpi) {
            throw ValidationError("--dpi applies to \(Self.formats(taking: .dpi)) output only")
        }
        if picture.sizePx != nil && !format.accepts(.targetSize) {
            throw ValidationError("--size-px applies to pictures; \(format.name) draws one character cell a module")
        }
        if picture.title != nil || picture.desc != nil {
            guard format.accepts(.titleAndDescription) else {
                throw ValidationError(
                    "--title and --desc apply to \(Self.formats(taking: .titleAndDescription)) output only")
            }
            do {
                try format.renderer(options: OutputOptions(title: picture.title, description: picture.desc))
                    .checkSettings()
            } catch {
                throw ValidationError(error.commandLineMessage)
            }
        }
        let parts = symbol.split ?? 1
        if writesToStandardOutput {
            if format.isBinary && isatty(1) == 1 {
                throw ValidationError(
                    "refusing to write \(format.name.uppercased()) to a terminal; use -o FILE.\(format.name) or redirect standard output"
                )
            }
            if parts > 1 && format.drawing != .text {
                throw ValidationError(
                    "several \(format.name.uppercased()) symbols need files: use -o NAME.\(format.name)")
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
            let renderer = format.renderer(options: try picture.outputOptions())
            for matrix in matrices { documents.append(try renderer.renderBytes(matrix)) }
        } catch let error as EncodeError {
            // Only the symbol tells whether --size-px is large enough: a usage error found late.
            if case .targetSizeTooSmall = error { Self.usageError(error.commandLineMessage) }
            StandardError.report("\(output ?? "output"): \(error.commandLineMessage)")
            throw QRExit.unencodable
        }

        guard let output, output != "-" else {
            let separator: [UInt8] = format.drawing == .text ? [0x0A] : []
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
            let renderer = format.renderer(options: try picture.outputOptions())
            do {
                try renderer.checkColours()
            } catch {
                // Plain half blocks cannot take colours; ANSI escapes can.
                let hint = format.colourSupport == .terminalDefault ? ": use --format \(OutputFormat.ansi.name)" : ""
                return error.commandLineMessage + hint
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
        guard let format = OutputFormat(fileName: output) else {
            let extensions = OutputFormat.all.flatMap(\.fileExtensions).map { "." + $0 }
            throw ValidationError(
                "cannot tell the format of '\(output)': name it \(extensions.spokenList(joinedBy: "or")), or give --format (\(FormatArgument.allValueStrings.joined(separator: ", ")))"
            )
        }
        return format
    }

    /// The formats that take `option`, for messages: "PNG, PDF and EPS".
    private static func formats(taking option: OutputFormat.Option) -> String {
        OutputFormat.all.filter { $0.accepts(option) }.map { $0.name.uppercased() }.spokenList(joinedBy: "and")
    }

    /// `NAME.EXT` → `NAME-01.EXT`, `NAME-02.EXT`, …
    static func numberedPaths(_ path: String, count: Int) -> [String] {
        let suffix = OutputFormat.fileExtension(of: path).map { "." + $0 } ?? ""
        let stem = path.dropLast(suffix.count)
        return (1...count).map { index in "\(stem)-\(index < 10 ? "0" : "")\(index)\(suffix)" }
    }
}
