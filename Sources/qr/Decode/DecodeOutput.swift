// qr decode — DecodeOutput: prints results in input order as they arrive, and tallies the exit status.
import ArgumentParser
import FoundationEssentials
import QRKit

/// Collects the outcome of each picture from the worker threads and prints them in input
/// order (results that arrive early wait for the ones before them).
///
/// Structured-append parts are joined per picture; with `joinAcrossInputs` (`--join`)
/// they are held back instead, and joined over every input when ``finish()`` is called.
final class DecodeOutput: Sendable {
    enum Style: Sendable {
        case text(withFileNames: Bool, firstOnly: Bool)
        case bytes(firstOnly: Bool)
        case json
        case quiet
    }

    private struct State {
        var pending: [Int: (PathName, PictureOutcome)] = [:]
        var nextToPrint = 0
        var delivered = 0
        var withCode = 0
        var withoutCode = 0
        var unreadable = 0
        /// Pictures whose answer a time limit gave before the engines were done.
        var timedOut = 0
        var printedACode = false
        /// With --join: the structured-append parts read so far, in input order.
        var parts: [SequencePart] = []
        /// With --join: some message could not be joined.
        var joinFailed = false
    }

    /// How many pictures there are, when known (not while a list is still being read).
    private let count: Int?
    private let style: Style
    private let joinAcrossInputs: Bool
    private let timing: Bool
    private let progress: Bool
    private let state = Locked(State())

    init(count: Int?, style: Style, joinAcrossInputs: Bool = false, timing: Bool, progress: Bool) {
        self.count = count
        self.style = style
        self.joinAcrossInputs = joinAcrossInputs
        self.timing = timing
        self.progress = progress
    }

    /// Hands over picture `index`'s outcome; prints it and any that were waiting for it.
    func deliver(_ index: Int, name: PathName, _ outcome: PictureOutcome) {
        state.withLock { s in
            s.delivered += 1
            switch outcome {
            case .decoded(let report) where report.symbols.isEmpty: s.withoutCode += 1
            case .decoded: s.withCode += 1
            // Reading that ran out of the picture's time is a picture cut short, not one
            // that cannot be read.
            case .failed(ImageError.overCPUBudget): s.timedOut += 1
            case .failed: s.unreadable += 1
            }
            if case .decoded(let report) = outcome, report.stoppedBy != nil { s.timedOut += 1 }
            s.pending[index] = (name, outcome)
            while let (name, outcome) = s.pending.removeValue(forKey: s.nextToPrint) {
                emit(name, outcome, &s)
                s.nextToPrint += 1
            }
            if progress {
                StandardError.status("decoded \(s.delivered)" + (count.map { "/\($0)" } ?? ""))
            }
        }
    }

    /// Ends the progress line; with --join, joins the parts of every input and prints
    /// the messages, or says on stderr which could not be joined.
    func finish() {
        if progress { StandardError.clearStatus() }
        guard joinAcrossInputs else { return }
        state.withLock { s in
            let join = StructuredAppend.join(s.parts.map(\.symbol))
            let origins = SequencePart.origins(s.parts)
            for sequence in join.sequences {
                guard let payload = sequence.payload else {
                    s.joinFailed = true
                    if case .quiet = style { continue }
                    StandardError.report(escaped: SequenceText.problem(sequence, origins: origins))
                    continue
                }
                switch style {
                case .text: printLine(TerminalText.escaped(payload.text))
                case .bytes: StandardOutput.write(payload.bytes)
                case .json, .quiet: break
                }
            }
            for part in join.unplaced {
                s.joinFailed = true
                if case .quiet = style { continue }
                StandardError.report(escaped: SequenceText.unplaced(file: origins[part]?.file ?? PathName("?")))
            }
            if case .json = style {
                printLine(DecodeJSON.sequencesLine(join, origins: origins))
            }
        }
    }

    /// The contract's exit status: 2 if any picture was unreadable, else 3 if a time limit
    /// cut any short, else 1 if any had no code, else 0. With --first, finding a code is
    /// success whatever was left unread.
    func exitStatus(stoppedEarly: Bool) -> ExitCode {
        state.withLock { s in
            if s.unreadable > 0 { return QRExit.unreadable }
            if stoppedEarly { return s.withCode > 0 ? QRExit.success : QRExit.noCode }
            if s.timedOut > 0 { return QRExit.timedOut }
            if s.joinFailed { return QRExit.noCode }
            return s.withoutCode > 0 ? QRExit.noCode : QRExit.success
        }
    }

    private func emit(_ name: PathName, _ outcome: PictureOutcome, _ s: inout State) {
        switch outcome {
        case .failed(let error):
            StandardError.report(escaped: Self.failureLine(name, error))
            if case .json = style { printLine(DecodeJSON.line(file: name, report: nil, error: "\(error)")) }
            return
        case .decoded(let report):
            if timing { StandardError.write(TimingTable.render(file: name, report: report)) }
            if let limit = report.stoppedBy, !isQuiet {
                let found = report.symbols.count
                let before =
                    found == 0
                    ? "no code found before" : found == 1 ? "1 code found before" : "\(found) codes found before"
                StandardError.report(name, "\(limit); \(before)")
            }
            let messages: [DecodedMessage]
            var sequences: [StructuredAppendSequence]? = nil
            if joinAcrossInputs {
                // Parts wait for every input (finish()); the other codes are printed now.
                for (position, symbol) in report.symbols.enumerated() where symbol.isSequencePart {
                    s.parts.append(SequencePart(file: name, position: position, symbol: symbol))
                }
                messages = report.symbols.filter { !$0.isSequencePart }.map(DecodedMessage.symbol)
            } else {
                let join = StructuredAppend.join(report.symbols)
                messages = join.messages
                if !join.sequences.isEmpty { sequences = join.sequences }
                for sequence in join.sequences {
                    if case .parityMismatch = sequence.status, !isQuiet {
                        StandardError.report(
                            escaped: name.terminal + ": " + SequenceText.problem(sequence, origins: [:]))
                    }
                }
            }
            switch style {
            case .quiet:
                break
            case .json:
                printLine(
                    DecodeJSON.line(
                        file: name, report: report, sequences: sequences, error: report.stoppedBy.map { "\($0)" }))
            case .text(let withFileNames, let firstOnly):
                for message in messages where !(firstOnly && s.printedACode) {
                    let text = TerminalText.escaped(message.text)
                    printLine(withFileNames ? "\(name.terminal): \(text)" : text)
                    s.printedACode = true
                }
            case .bytes(let firstOnly):
                for message in messages where !(firstOnly && s.printedACode) {
                    StandardOutput.write(message.bytes)
                    s.printedACode = true
                }
            }
        }
    }

    /// The stderr line for a picture that could not be read, escaped: the library's
    /// message, whose name for the file (`name.readable`) is shown as the name's bytes
    /// are, the rest as text.
    static func failureLine(_ name: PathName, _ error: any Error) -> String {
        let message = "\(error)"
        let prefix = name.readable + ": "
        // A reader's error names the file already; an engine's does not.
        guard let error = error as? ImageError else { return name.terminal + ": " + TerminalText.escaped(message) }
        guard error.file == name.readable, message.utf8.starts(with: prefix.utf8) else {
            return TerminalText.escaped(message)
        }
        return name.terminal + ": "
            + TerminalText.escaped(String(decoding: message.utf8.dropFirst(prefix.utf8.count), as: UTF8.self))
    }

    private var isQuiet: Bool {
        if case .quiet = style { return true }
        return false
    }

    private func printLine(_ line: String) {
        StandardOutput.write(Array((line + "\n").utf8))
    }
}

/// The `--timing` table: one row per engine.
enum TimingTable {
    static func render(file: PathName, report: DecodeReport) -> String {
        var lines = [
            "\(file.terminal): \(report.strategy), winner \(report.winner ?? "none"), \(format(report.elapsed)) ms\(report.timedOut ? " (timed out)" : "")"
                + (report.heldForCompleteness.map { ", held \(format($0)) ms for the codes of other engines" } ?? "")
        ]
        lines.append("  engine    start ms   elapsed ms   cpu ms   outcome")
        for e in report.engines {
            let start = e.startOffset.map(format) ?? "-"
            let elapsed = e.elapsed.map(format) ?? "-"
            let cpu = e.cpuTime.map(format) ?? "-"
            lines.append(
                "  " + e.name + String(repeating: " ", count: max(0, 8 - e.name.count))
                    + pad(start, 10) + pad(elapsed, 13) + pad(cpu, 9) + "   " + describe(e.outcome))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ outcome: EngineOutcome) -> String {
        switch outcome {
        case .found(let n): return "found \(n)"
        case .error(let reason): return "error: \(reason)"
        default: return outcome.label
        }
    }

    private static func format(_ d: Duration) -> String { d.milliseconds.fixed(2) }
    private static func pad(_ s: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - s.count)) + s
    }
}

/// The `--json` line for one picture.
enum DecodeJSON {
    struct Line: Encodable {
        var file: String
        /// The exact bytes of a name that is not UTF-8, in base64; absent otherwise.
        var file_bytes: String?
        var symbols: [SymbolJSON]
        /// Present only when the picture holds structured-append parts (and not --join).
        var sequences: [SequenceJSON]?
        var report: ReportJSON?
        var error: String?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(file, forKey: .file)
            try c.encodeIfPresent(file_bytes, forKey: .file_bytes)
            try c.encode(symbols, forKey: .symbols)
            try c.encodeIfPresent(sequences, forKey: .sequences)
            try c.encode(report, forKey: .report)  // null when unreadable
            try c.encode(error, forKey: .error)  // null when readable
        }
        enum CodingKeys: String, CodingKey { case file, file_bytes, symbols, sequences, report, error }
    }

    struct SymbolJSON: Encodable {
        var text: String
        var bytes: String
        var corners: [[Int]]
        var engine: String
        var ec_level: String?
        var micro: Bool
        var eci: Bool
        var structured_append: StructuredAppendInfo?
        /// True for a part whose position its engine could not read; absent otherwise.
        var structured_append_unplaced: Bool?
    }

    struct ReportJSON: Encodable {
        var strategy: String
        var winner: String?
        var elapsed_ms: Double
        var timed_out: Bool
        /// How long the answer waited for the other engines' codes; absent when it did not.
        var held_ms: Double?
        var engines: [EngineJSON]
    }

    struct EngineJSON: Encodable {
        var name: String
        var start_ms: Double?
        var elapsed_ms: Double?
        var cpu_ms: Double?
        var outcome: String
        var error: String?
    }

    static func line(
        file: PathName, report: DecodeReport?, sequences: [StructuredAppendSequence]? = nil, error: String?
    ) -> String {
        let symbols = report?.symbols ?? []
        let line = Line(
            file: file.readable, file_bytes: file.jsonBytes,
            symbols: (report?.symbols ?? []).map {
                SymbolJSON(
                    text: $0.text, bytes: Data($0.bytes).base64EncodedString(),
                    corners: $0.corners.map { [$0.x, $0.y] }, engine: $0.engine,
                    ec_level: $0.errorCorrection?.rawValue, micro: $0.isMicro, eci: $0.hasECI,
                    structured_append: $0.structuredAppend,
                    structured_append_unplaced: $0.isUnplacedSequencePart ? true : nil)
            },
            sequences: sequences.map { list in
                list.map { SequenceJSON($0, locate: { part in symbols.firstIndex(of: part).map { (nil, $0) } }) }
            },
            report: report.map { r in
                ReportJSON(
                    strategy: r.strategy, winner: r.winner, elapsed_ms: r.elapsed.milliseconds,
                    timed_out: r.timedOut, held_ms: r.heldForCompleteness?.milliseconds,
                    engines: r.engines.map { e in
                        var reason: String?
                        if case .error(let why) = e.outcome { reason = why }
                        return EngineJSON(
                            name: e.name, start_ms: e.startOffset?.milliseconds,
                            elapsed_ms: e.elapsed?.milliseconds, cpu_ms: e.cpuTime?.milliseconds,
                            outcome: e.outcome.label, error: reason)
                    })
            },
            error: error)
        return encoded(line)
    }

    /// The last line of `--join --json`: every message of every input.
    static func sequencesLine(_ join: StructuredAppendJoin, origins: [Symbol: SequencePart]) -> String {
        let locate = { (symbol: Symbol) -> (PathName?, Int)? in
            origins[symbol].map { ($0.file, $0.position) }
        }
        let unplaced = join.unplaced.compactMap { locate($0).map { PartJSON(file: $0.0, symbol: $0.1) } }
        return encoded(
            JoinLine(
                sequences: join.sequences.map { SequenceJSON($0, locate: locate) },
                unplaced: unplaced.isEmpty ? nil : unplaced))
    }

    private static func encoded(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return #"{"error":"could not encode JSON"}"# }
        return escapingHiddenControls(String(decoding: data, as: UTF8.self))
    }

    /// `json` with every hidden control (``TerminalText/isHiddenControl(_:)``: DEL, C1,
    /// U+2028, U+2029, the bidirectional controls) written as `\uXXXX`, which JSON's own
    /// escaping leaves raw: a terminal, an editor or a log showing the line can then not be
    /// misled by them, and the JSON still decodes to the exact text. They can stand only
    /// inside strings, where the escape means the same scalar.
    static func escapingHiddenControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: TerminalText.isHiddenControl) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            guard TerminalText.isHiddenControl(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return result
    }
}

/// Text made safe for a terminal: a payload (or a file name) is untrusted, and must not
/// be able to drive the terminal (clear it, retitle the window, move the cursor), break
/// the one-code-per-line output, or show other text than it holds.
///
/// Written as visible escapes: C0 controls but tab, DEL and the C1 controls (U+0080–U+009F,
/// which some terminals read as escape sequences too) as `\n`, `\r`, `\x1b`, `\u{9b}`;
/// the line and paragraph separators (U+2028, U+2029), which break a line in some
/// terminals; and the bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E,
/// U+200F, U+061C), which reorder what follows them (`invoice`, U+202E, `txt.exe` would
/// show as `invoiceexe.txt`). A backslash is written `\\`, so that an escape reads one way: a
/// text holding the four characters `\x1b` prints as `\\x1b`, a real ESC as `\x1b`.
/// `--bytes` gives the exact payload.
enum TerminalText {
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars { append(scalar, to: &result) }
        return result
    }

    /// `bytes`, a name that need not be UTF-8, made safe as text is, each byte that is not
    /// part of UTF-8 written `\xff`: as a backslash of the name itself is written `\\`,
    /// `\xff` there can only be the byte.
    static func escaped(bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return escaped(text) }
        var result = ""
        forEachUTF8Scalar(in: bytes) {
            append($0, to: &result)
        } orByte: { byte in
            result += "\\x" + String(byte, radix: 16)
        }
        return result
    }

    /// Whether a scalar is invisible yet changes what a reader sees around it: DEL, a C1
    /// control, a line or paragraph separator, a bidirectional control. JSON's own escapes
    /// leave them as they are (they need none), so `--json` writes them as `\uXXXX` too.
    static func isHiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x00...0x1F, 0x5C: return true
        default: return isHiddenControl(scalar)
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to result: inout String) {
        guard needsEscape(scalar) else {
            result.unicodeScalars.append(scalar)
            return
        }
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\\": result += "\\\\"
        default:
            let hex = String(scalar.value, radix: 16)
            result += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" : "") + hex : "\\u{\(hex)}"
        }
    }
}
