// qr — StandardError: how the tool reports trouble, one line on stderr, unbuffered.
import ArgumentParser
import QRKit
#if canImport(Glibc)
import Glibc
#endif

/// Standard error, unbuffered, for messages and progress.
enum StandardError {
    /// Writes `message` and a newline to stderr, prefixed with `qr: `.
    static func report(_ message: String) {
        // A message names files and quotes libraries: neither may drive the terminal.
        write("qr: \(TerminalText.escaped(message))\n")
    }

    /// Writes `qr: NAME: message` and a newline to stderr, the name escaped as the bytes
    /// it is, the message as text.
    static func report(_ name: PathName, _ message: String) {
        report(escaped: name.terminal + ": " + TerminalText.escaped(message))
    }

    /// Writes `line` and a newline to stderr, prefixed with `qr: `: a line whose parts are
    /// escaped already (TerminalText), such as a message naming files, which escaping
    /// again would change.
    static func report(escaped line: String) {
        write("qr: \(line)\n")
    }

    /// Writes `text` to stderr as it is.
    static func write(_ text: String) {
        writeAll(Array(text.utf8), to: 2)
    }

    /// True when stderr is a terminal (progress bars go there only then).
    static var isTerminal: Bool { isatty(2) == 1 }

    /// Replaces the terminal's current line with `text` (no newline): a progress line.
    static func status(_ text: String) {
        write("\r\u{1B}[K\(text)")
    }

    /// Erases the progress line, leaving the cursor at the start of an empty line.
    static func clearStatus() {
        status("")
    }
}

/// Writes all of `bytes` to `descriptor`; gives up silently on an error: stderr is where
/// a failure would be told, so there is nobody left to tell.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    try? FileSystem.write(bytes, descriptor: descriptor, name: "")
}
