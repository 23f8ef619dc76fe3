// qr — PathListReader: the paths of a --files-from list, read a line at a time with bounds.
import QRKit

/// A list of paths, one per line, read from a file or standard input a piece at a time.
///
/// The list may be endless (`find / | qr decode --files-from -`, or one partition of a
/// data set piped in by Spark), so nothing here grows with it: the reader holds at most
/// one line and one 64 KiB piece of the stream. A line longer than any path can be
/// (PATH_MAX, 4096 bytes) is refused, and so is a NUL byte, which no path holds: either
/// means the stream is not a list of paths (`/dev/zero`, a picture, `find -print0`).
final class PathListReader {
    /// The longest line taken: Linux's PATH_MAX.
    static let maximumLineBytes = 4096

    /// The name messages use: the file, or `<stdin>`.
    let name: PathName
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// Bytes read from the stream and not yet handed out, from `start` on.
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    private var lineNumber = 0

    /// Opens the list: `-` is standard input, anything else a file (an argument of the
    /// command line, whose bytes ``ArgumentBytes`` keeps).
    init(_ source: String) throws(InputList.ListError) {
        if source == "-" {
            name = .standardInput
            descriptor = 0
            ownsDescriptor = false
        } else {
            name = PathName(bytes: ArgumentBytes.bytes(of: source))
            do {
                descriptor = try FileSystem.openForReading(name.bytes, name: name.readable)
            } catch {
                throw InputList.ListError(file: name, reason: error.reason)
            }
            ownsDescriptor = true
        }
    }

    deinit {
        if ownsDescriptor { FileSystem.close(descriptor) }
    }

    /// Whether the list has been read to its end.
    var isAtEnd: Bool { ended && start == buffer.count }

    /// The next path: the next line that is not blank, without its line end (`\n` or
    /// `\r\n`), its bytes as they are; nil at the end of the list, or when `waiting` is
    /// false and no whole line has come yet (``isAtEnd`` tells which).
    func nextPath(waiting: Bool = true) throws(InputList.ListError) -> PathName? {
        while let line = try nextLine(waiting: waiting) {
            // A byte that is not UTF-8 decodes as U+FFFD, which is not blank.
            if !String(decoding: line, as: UTF8.self).allSatisfy(\.isWhitespace) { return PathName(bytes: Array(line)) }
        }
        return nil
    }

    private func nextLine(waiting: Bool) throws(InputList.ListError) -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = buffer[start..<newline]
                start = newline + 1
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                return try checked(line)
            }
            // Room for a `\r` before the `\n` still to come.
            if buffer.count - start > Self.maximumLineBytes + 1 { return try checked(buffer[start...]) }
            if ended {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                return try checked(line)
            }
            if !waiting && !FileSystem.isReadable(descriptor: descriptor) { return nil }
            buffer.removeFirst(start)
            start = 0
            do {
                ended = try FileSystem.read(descriptor: descriptor, name: name.readable, appendingTo: &buffer) == 0
            } catch {
                throw InputList.ListError(file: name, reason: error.reason)
            }
        }
    }

    /// `line`, counted, once it is known to be short enough and free of NUL bytes.
    private func checked(_ line: ArraySlice<UInt8>) throws(InputList.ListError) -> ArraySlice<UInt8> {
        lineNumber += 1
        if line.contains(0) {
            throw InputList.ListError(
                file: name,
                reason: "line \(lineNumber) holds a NUL byte, which no path can (one path per line, not find -print0)")
        }
        if line.count > Self.maximumLineBytes {
            throw InputList.ListError(
                file: name,
                reason:
                    "line \(lineNumber) is longer than \(Self.maximumLineBytes) bytes, which no path can be (one path per line)"
            )
        }
        return line
    }
}
