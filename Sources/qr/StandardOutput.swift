// qr — StandardOutput: standard output, buffered, and what happens when it cannot be written.
import ArgumentParser
import QRKit
#if canImport(Glibc)
import Glibc
#endif

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
