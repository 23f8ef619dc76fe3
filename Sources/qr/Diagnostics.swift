// qr — how the tool reports trouble: one line on stderr, a typed exit status.
import ArgumentParser
import QRKit
#if canImport(Glibc)
import Glibc
#endif

/// Exit statuses of the `qr` contract.
enum QRExit {
    /// Every input had a code.
    static let success = ExitCode(0)
    /// Some input had no code.
    static let noCode = ExitCode(1)
    /// Some input could not be read.
    static let unreadable = ExitCode(2)
    /// The payload could not be encoded, or its picture drawn. The contract gives it the
    /// status of an unreadable input: the input was not what a code can be made of.
    static let unencodable = ExitCode(2)
    /// An output (a file, standard output, a report) could not be written. The status
    /// of an unreadable input, as the contract has no other for it.
    static let unwritable = ExitCode(2)
    /// A picture's time limit (--timeout-ms, or the default CPU budget) gave its answer
    /// before the engines were done: it may hold codes not printed.
    static let timedOut = ExitCode(3)
    /// The command line was wrong.
    static let usage = ExitCode(64)
}

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

/// Standard output, unbuffered: each call is one or more write(2) calls of whole lines.
enum StandardOutput {
    /// Writes `bytes` to stdout as they are. A write that fails ends the process, as
    /// coreutils do: a reader that went away (EPIPE, `qr decode ... | head -1`) ends it
    /// quietly by SIGPIPE, any other failure (a full disk) with a message and status 2,
    /// since output that was lost must not pass for output written.
    static func write(_ bytes: [UInt8]) {
        do {
            try FileSystem.write(bytes, descriptor: 1, name: "standard output")
        } catch {
            failed(error.code ?? EIO)
        }
    }

    /// Ends the process after a write to stdout failed with `code`.
    static func failed(_ code: Int32) -> Never {
        if code == EPIPE {
            // The status a shell reports for `yes | head -1`: the reader has what it wanted.
            signal(SIGPIPE, SIG_DFL)
            // Dispatch's worker threads block SIGPIPE: raised there, it would wait.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_UNBLOCK, &pipeSignal, nil)
            raise(SIGPIPE)
            _exit(QRExit.unwritable.rawValue)  // never reached; quiet all the same
        }
        StandardError.report("standard output: \(FileSystem.reason(code))")
        // _exit: other threads may be decoding still, and nothing is left to flush.
        _exit(QRExit.unwritable.rawValue)
    }
}

/// Writes all of `bytes` to `descriptor`; gives up silently on an error: stderr is where
/// a failure would be told, so there is nobody left to tell.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    try? FileSystem.write(bytes, descriptor: descriptor, name: "")
}
