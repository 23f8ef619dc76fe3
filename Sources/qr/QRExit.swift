// qr — QRExit: the exit statuses of the qr contract.
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
