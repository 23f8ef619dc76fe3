// QRKit — FileSystem: folders, whole-file reads and writes on POSIX calls, for the
// package's own command line and harness.
//
// Foundation would do all of this, but importing it maps ICU and thousands of protocol
// conformances into every `qr` process, which the start-up of a one-picture decode pays
// for (see README, "Performance"). `package` access: not part of QRKit's public API.
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

package enum FileSystem {
    /// Whether `path` names a folder (through links).
    package static func isDirectory(_ path: String) -> Bool {
        isDirectory(Array(path.utf8))
    }

    /// Whether the path of bytes `path` names a folder (through links).
    package static func isDirectory(_ path: [UInt8]) -> Bool {
        var status = stat()
        return withCPath(path) { stat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The paths below `folder` whose names end in one of `suffixes` (compared without
    /// case), sorted, each `folder` joined with the path below it.
    ///
    /// Links to folders are followed, each folder walked once (so a link loop ends). Only
    /// regular files are listed, and a name that matches is listed too when it is a link to
    /// nothing, so that reading it reports the file and why; folders whose names match are
    /// not. A name that matches but is something else (a named pipe, a device or a socket,
    /// itself or through a link) is not listed, as reading it could wait for ever: it is
    /// handed to `skipped` with what it is. A name that is not UTF-8 comes out with U+FFFD
    /// for its other bytes, which no longer opens it: the overload on bytes lists such a
    /// name as it is.
    package static func files(
        under folder: String, endingWith suffixes: [String], skipped: (String, FileKind) -> Void = { _, _ in }
    ) -> [String] {
        files(under: Array(folder.utf8), endingWith: suffixes) { skipped(String(decoding: $0, as: UTF8.self), $1) }
            .map { String(decoding: $0, as: UTF8.self) }.sorted()
    }

    /// The paths below the path of bytes `folder` whose names end in one of `suffixes`
    /// (ASCII letters compared without case), sorted by their bytes, as the system names
    /// them: a name need not be UTF-8.
    ///
    /// Links are followed, names matched and special files handed to `skipped`, as by the
    /// overload on `String`. Each other name that is not a folder's, which no suffix
    /// matches, is handed to `unmatched`, in the order the walk finds it.
    package static func files(
        under folder: [UInt8], endingWith suffixes: [String], skipped: ([UInt8], FileKind) -> Void = { _, _ in },
        unmatched: ([UInt8]) -> Void = { _ in }
    ) -> [[UInt8]] {
        let lowered = suffixes.map { $0.utf8.map(asciiLowercased) }
        var found: [[UInt8]] = []
        var passed: [(path: [UInt8], kind: FileKind)] = []
        var visited = Set<FileID>()
        walk(folder, visited: &visited) { path, kind in
            guard kind != .directory else { return }
            guard
                lowered.contains(where: { path.count >= $0.count && path.suffix($0.count).map(asciiLowercased) == $0 })
            else { return unmatched(path) }
            switch kind {
            case .regular, .missing: found.append(path)
            default: passed.append((path, kind))
            }
        }
        for (path, kind) in passed.sorted(by: { $0.path.lexicographicallyPrecedes($1.path) }) { skipped(path, kind) }
        return found.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// What a path names, through links.
    package enum FileKind: Equatable, Sendable {
        case regular
        case directory
        case pipe
        case characterDevice
        case blockDevice
        case socket
        /// Nothing: the path, or the end of its links, does not exist (or cannot be looked at).
        case missing

        /// What it is, as a message says it: "a named pipe (FIFO)".
        package var description: String {
            switch self {
            case .regular: "a regular file"
            case .directory: "a folder"
            case .pipe: "a named pipe (FIFO)"
            case .characterDevice: "a device"
            case .blockDevice: "a block device"
            case .socket: "a socket"
            case .missing: "nothing"
            }
        }

        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .directory
            case S_IFIFO: self = .pipe
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            default: self = .socket
            }
        }
    }

    /// `base` and `name` joined with one slash.
    package static func join(_ base: String, _ name: String) -> String {
        if base.isEmpty { return name }
        return base.hasSuffix("/") ? base + name : base + "/" + name
    }

    /// The paths of bytes `base` and `name` joined with one slash.
    package static func join(_ base: [UInt8], _ name: [UInt8]) -> [UInt8] {
        if base.isEmpty { return name }
        return base.last == UInt8(ascii: "/") ? base + name : base + [UInt8(ascii: "/")] + name
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// Lends the path of bytes `path` to a C call as a NUL-terminated string; nil when it
    /// holds a NUL byte, which would end it early and name another file.
    private static func withCPath<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R? {
        guard !path.contains(0) else { return nil }
        return (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// `path` without its last component ("a/b" for "a/b/c", "" for "c").
    package static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The whole file at `path`.
    ///
    /// - Parameter limit: the most bytes to accept; a longer file fails with `tooLarge`.
    /// - Throws: ``FileSystemError`` naming the file and the system's reason.
    package static func read(_ path: String, limit: Int = .max, tooLarge: String = "") throws(FileSystemError)
        -> [UInt8]
    {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        return try read(descriptor: descriptor, name: path, limit: limit, tooLarge: tooLarge)
    }

    /// An open descriptor read to its end (standard input, say), at most `limit` bytes.
    package static func read(
        descriptor: Int32, name: String, limit: Int = .max, tooLarge: String = ""
    ) throws(FileSystemError) -> [UInt8] {
        try readToEnd(
            descriptor: descriptor, name: name, expectedSize: regularFileSize(descriptor), limit: limit,
            tooLarge: tooLarge)
    }

    /// Reads an open descriptor to its end, after the bytes `first` already read from it:
    /// every whole-stream read of the package goes through here.
    ///
    /// A descriptor that does not block and has nothing yet is waited on with poll(2),
    /// so its flags, maybe shared with other processes, stay as they are; with a
    /// `deadline`, no longer than it allows.
    ///
    /// - Parameters:
    ///   - expectedSize: the size of a regular file, or 0 when unknown: the buffer is made
    ///     that large at once, and a size over `limit` fails before anything is read.
    ///   - limit: the most bytes to accept; more fails with `tooLarge` as the reason.
    ///   - chunkSize: the most bytes one read(2) asks for.
    ///   - deadline: how long the read may wait for bytes; nil to wait as long as it takes.
    ///   - enough: true when the bytes read so far are all the caller wants (their start
    ///     shows the rest is of no use); asked before every read.
    /// - Throws: ``FileSystemError`` naming `name` and the system's reason.
    package static func readToEnd(
        descriptor: Int32, name: String, first: [UInt8] = [], expectedSize: Int = 0, limit: Int = .max,
        tooLarge: String = "", chunkSize: Int = 1 << 16, deadline: ReadDeadline? = nil,
        enough: ([UInt8]) -> Bool = { _ in false }
    ) throws(FileSystemError) -> [UInt8] {
        if expectedSize > limit { throw FileSystemError(path: name, reason: tooLarge) }
        var bytes = first
        // Exactly the file's size and the byte that shows its end; a stream's buffer grows
        // by doubling, but never past the limit and a chunk, which is all it can hold.
        if expectedSize > 0 { bytes.reserveCapacity(expectedSize + 1) }
        let ceiling = limit > Int.max - chunkSize ? Int.max : limit + chunkSize
        // A regular file smaller than a chunk is read whole, and its end seen, by a chunk of
        // its size and one byte more, without zeroing a large chunk for a few hundred bytes.
        var chunk = [UInt8](repeating: 0, count: expectedSize > 0 ? min(chunkSize, expectedSize + 1) : chunkSize)
        var lastBytes = ContinuousClock.now
        while true {
            if enough(bytes) { return bytes }
            if bytes.count > limit { throw FileSystemError(path: name, reason: tooLarge) }
            guard let count = try read(descriptor: descriptor, name: name, into: &chunk) else {
                try wait(for: descriptor, name: name, deadline: deadline, lastBytes: lastBytes, count: bytes.count)
                continue
            }
            if count == 0 { return bytes }
            lastBytes = .now
            let needed = bytes.count + count
            if needed > bytes.capacity { bytes.reserveCapacity(max(needed, min(bytes.capacity * 2, ceiling))) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// How long a read of a stream (a named pipe, a device) may wait for its bytes.
    package struct ReadDeadline {
        /// The most time between one piece of the stream and the next.
        package var idle: Duration
        /// When the whole read must be over.
        package var end: ContinuousClock.Instant
        /// Why the read failed when nothing came within `idle`, given the bytes read so far.
        package var stalled: (Int) -> String
        /// Why the read failed when it was not over by `end`.
        package var late: String

        package init(
            idle: Duration, end: ContinuousClock.Instant, stalled: @escaping (Int) -> String, late: String
        ) {
            self.idle = idle
            self.end = end
            self.stalled = stalled
            self.late = late
        }
    }

    /// Waits until the open descriptor has bytes or has ended, within what `deadline`
    /// allows after the last bytes came (at `lastBytes`, `count` bytes in all).
    private static func wait(
        for descriptor: Int32, name: String, deadline: ReadDeadline?, lastBytes: ContinuousClock.Instant, count: Int
    ) throws(FileSystemError) {
        guard let deadline else {
            _ = waitUntilReadable(descriptor, within: nil)
            return
        }
        let idleEnd = lastBytes + deadline.idle
        let until = min(idleEnd, deadline.end)
        let now = ContinuousClock.now
        if now >= until || !waitUntilReadable(descriptor, within: until - now) {
            let reason = idleEnd <= deadline.end ? deadline.stalled(count) : deadline.late
            throw FileSystemError(path: name, reason: reason)
        }
    }

    /// Reads what an open descriptor has next, at most `count` bytes, onto the end of
    /// `bytes`, waiting for it when the descriptor does not block: a stream taken a piece
    /// at a time.
    ///
    /// - Returns: the number of bytes appended; 0 at the end of the stream.
    package static func read(
        descriptor: Int32, name: String, appendingTo bytes: inout [UInt8], upTo count: Int = 1 << 16
    ) throws(FileSystemError) -> Int {
        var chunk = [UInt8](repeating: 0, count: count)
        while true {
            guard let got = try read(descriptor: descriptor, name: name, into: &chunk) else {
                _ = waitUntilReadable(descriptor, within: nil)
                continue
            }
            bytes.append(contentsOf: chunk[0..<got])
            return got
        }
    }

    /// One read(2) of an open descriptor into the start of `chunk`, retried after
    /// interrupts: the one place the package reads a descriptor.
    ///
    /// - Returns: how many bytes it read, 0 at the end of the stream, or nil when the
    ///   descriptor does not block and has nothing to read yet (EAGAIN).
    /// - Throws: ``FileSystemError`` naming `name` and the system's reason.
    package static func read(descriptor: Int32, name: String, into chunk: inout [UInt8]) throws(FileSystemError) -> Int?
    {
        while true {
            let (count, code) = chunk.withUnsafeMutableBytes { buffer in
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                return (count, count < 0 ? errno : 0)
            }
            if count >= 0 { return count }
            if code == EAGAIN || code == EWOULDBLOCK { return nil }
            if code != EINTR { throw FileSystemError(path: name, code: code) }
        }
    }

    /// The size of the regular file open as `descriptor`; 0 for anything else (a pipe, a
    /// device), whose size is not known before it is read.
    package static func regularFileSize(_ descriptor: Int32) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return 0 }
        return Int(status.st_size)
    }

    /// Waits until reading the open descriptor would return at once, for at most `time`
    /// (nil: as long as it takes); false when the time ran out first. An interrupted wait
    /// returns true, and the caller's next read tells.
    private static func waitUntilReadable(_ descriptor: Int32, within time: Duration?) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard let time else { return poll(&entry, 1, -1) != 0 }
        // Whole milliseconds, rounded up, so that a wait ends at or after its deadline.
        let (seconds, attoseconds) = time.components
        let milliseconds = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return poll(&entry, 1, Int32(clamping: max(0, milliseconds))) != 0
    }

    /// Whether the open descriptor is a terminal.
    package static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// Whether reading the open descriptor would return at once (data, or the end of
    /// the stream) rather than wait for a writer.
    package static func isReadable(descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// Opens `path` for reading; `nonBlocking`, a FIFO opens at once, without waiting for
    /// a writer, and reads of it then fail with EAGAIN rather than wait (``read(descriptor:name:into:)``
    /// returns nil).
    ///
    /// - Returns: the descriptor, which the caller closes with ``close(_:)``.
    package static func openForReading(_ path: String, nonBlocking: Bool = false) throws(FileSystemError) -> Int32 {
        try openForReading(Array(path.utf8), name: path, nonBlocking: nonBlocking)
    }

    /// Opens the path of bytes `path` for reading, as the overload on `String` does: a
    /// name need not be UTF-8. Errors call it `name`.
    package static func openForReading(_ path: [UInt8], name: String, nonBlocking: Bool = false)
        throws(FileSystemError) -> Int32
    {
        // O_NOCTTY: a terminal named as a picture must not become the process's own.
        let opened = withCPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY | (nonBlocking ? O_NONBLOCK : 0)) }
        guard let descriptor = opened else {
            throw FileSystemError(path: name, reason: "a path cannot hold a NUL byte")
        }
        guard descriptor >= 0 else { throw FileSystemError(path: name, code: errno) }
        return descriptor
    }

    /// What an open file is, for a reader: a regular file and its size, a named pipe, or
    /// something else (a device, a socket).
    package enum OpenFileKind: Equatable {
        case regular(size: Int)
        case pipe
        case other
    }

    /// What the file open as `descriptor` is; a directory is an error (EISDIR), as open(2)
    /// accepts one for reading and read(2) would fail on it.
    package static func kind(of descriptor: Int32, path: String) throws(FileSystemError) -> OpenFileKind {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystemError(path: path, code: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: throw FileSystemError(path: path, code: EISDIR)
        case S_IFREG: return .regular(size: Int(status.st_size))
        case S_IFIFO: return .pipe
        default: return .other
        }
    }

    /// Sleeps the calling thread for about `microseconds`.
    package static func pause(microseconds: UInt32) {
        usleep(microseconds)
    }

    /// Closes a descriptor that ``openForReading(_:)`` gave.
    package static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    /// Writes `bytes` to `path`, replacing what was there.
    package static func write(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError(path: path, code: errno) }
        do {
            try write(bytes, descriptor: descriptor, name: path)
        } catch {
            _ = Glibc.close(descriptor)
            throw error
        }
        if Glibc.close(descriptor) != 0 { throw FileSystemError(path: path, code: errno) }
    }

    /// Writes all of `bytes` to an open descriptor, retrying after interrupts.
    package static func write(_ bytes: [UInt8], descriptor: Int32, name: String) throws(FileSystemError) {
        let failure: Int32 = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return written < 0 ? errno : EIO
                }
            }
            return 0
        }
        if failure != 0 { throw FileSystemError(path: name, code: failure) }
    }

    /// Makes the folder `path` and any missing parents; a folder already there is fine.
    package static func createDirectories(_ path: String) throws(FileSystemError) {
        if path.isEmpty || isDirectory(path) { return }
        let up = parent(path)
        if !up.isEmpty, up != path { try createDirectories(up) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw FileSystemError(path: path, code: errno) }
    }

    /// The system's text for `errno` value `code`.
    package static func reason(_ code: Int32) -> String {
        var text = [CChar](repeating: 0, count: 256)
        guard strerror_r(code, &text, text.count) == 0 else { return "error \(code)" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Calls `visit` for every entry below `folder` with what it is (links followed,
    /// folders once each), with its path as the system's bytes.
    private static func walk(_ folder: [UInt8], visited: inout Set<FileID>, _ visit: ([UInt8], FileKind) -> Void) {
        var status = stat()
        guard withCPath(folder, { stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
        guard visited.insert(FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))).inserted
        else { return }
        guard let directory = withCPath(folder, { opendir($0) }) ?? nil else { return }
        var names: [[UInt8]] = []
        let dot = UInt8(ascii: ".")
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in Array(bytes.prefix { $0 != 0 }) }
            if name != [dot] && name != [dot, dot] { names.append(name) }
        }
        closedir(directory)
        for name in names {
            let path = join(folder, name)
            // stat(2) looks at what a path names without opening it, so a pipe or a
            // terminal found here cannot make the walk wait.
            let kind = withCPath(path, { stat($0, &status) }) == 0 ? FileKind(mode: status.st_mode) : .missing
            visit(path, kind)
            if kind == .directory { walk(path, visited: &visited, visit) }
        }
    }
}
