// QRKit — FileSystemError: a file that could not be read or written, and why.
import Dispatch

/// A file that could not be read or written: the path and why.
package struct FileSystemError: Error, Sendable, CustomStringConvertible {
    package var path: String
    /// The system's text for the error, or what limit was passed.
    package var reason: String
    /// The `errno` value, when the system gave one: a caller may treat some apart (EPIPE).
    package var code: Int32?

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error for `path` failing with `errno` value `code`.
    package init(path: String, code: Int32) {
        self.init(path: path, reason: FileSystem.reason(code))
        self.code = code
    }

    package var description: String { "\(path): \(reason)" }
}
