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
        /// Each code's exact bytes: a single code as it is, several each followed by a
        /// newline (as zbarimg --raw ends them), or each by a NUL with `nulTerminated`.
        case bytes(firstOnly: Bool, nulTerminated: Bool)
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
        /// --bytes: the first code, held until a second shows whether codes need newlines.
        var heldCode: [UInt8]?
        var codesWritten = 0
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
    /// Several inputs: a picture without a code is named on stderr, or nothing would tell.
    private let noteNoCode: Bool
    private let state = Locked(State())

    init(
        count: Int?, style: Style, joinAcrossInputs: Bool = false, timing: Bool, progress: Bool,
        noteNoCode: Bool = false
    ) {
        self.count = count
        self.style = style
        self.joinAcrossInputs = joinAcrossInputs
        self.timing = timing
        self.progress = progress
        self.noteNoCode = noteNoCode
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
        defer { state.withLock { s in if let held = s.heldCode { StandardOutput.write(held) } } }
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
                case .bytes(_, let nul): writeCode(payload.bytes, nulTerminated: nul, &s)
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
                    // Parts printed as they are read like whole codes: say what they are.
                    if case .incomplete = sequence.status, !isQuiet, !isJSON {
                        StandardError.report(escaped: name.terminal + ": " + SequenceText.unjoined(sequence))
                    }
                }
            }
            if noteNoCode, report.symbols.isEmpty, report.stoppedBy == nil, !s.printedACode || !firstOnly {
                StandardError.report(name, "no code found")
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
            case .bytes(let firstOnly, let nul):
                for message in messages where !(firstOnly && s.printedACode) {
                    writeCode(message.bytes, nulTerminated: nul, &s)
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

    private var isJSON: Bool {
        if case .json = style { return true }
        return false
    }

    private var firstOnly: Bool {
        switch style {
        case .text(_, let firstOnly), .bytes(let firstOnly, _): return firstOnly
        case .json, .quiet: return false
        }
    }

    /// Writes one code's bytes for --bytes: the first is held (``State/heldCode``) so that
    /// a single code goes out exactly, and several each end with a newline.
    private func writeCode(_ bytes: [UInt8], nulTerminated: Bool, _ s: inout State) {
        defer { s.codesWritten += 1 }
        if nulTerminated { return StandardOutput.write(bytes + [0]) }
        switch s.codesWritten {
        case 0: s.heldCode = bytes
        case 1:
            StandardOutput.write((s.heldCode ?? []) + [0x0A] + bytes + [0x0A])
            s.heldCode = nil
        default: StandardOutput.write(bytes + [0x0A])
        }
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

/// `--json`'s lines (``QRKit/DecodeJSON``, which qr-serve answers in too) for the names of `qr decode`.
extension DecodeJSON {
    static func line(
        file: PathName, report: DecodeReport?, sequences: [StructuredAppendSequence]? = nil, error: String?
    ) -> String {
        line(file: file.jsonName, report: report, sequences: sequences, error: error)
    }

    /// The last line of `--join --json`: every message of every input.
    static func sequencesLine(_ join: StructuredAppendJoin, origins: [Symbol: SequencePart]) -> String {
        sequencesLine(join) { symbol in origins[symbol].map { ($0.file.jsonName, $0.position) } }
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
    static func isHiddenControl(_ scalar: Unicode.Scalar) -> Bool { DecodeJSON.isHiddenControl(scalar) }

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
