// QRKit — FileContents: the bounded reading of files, pipes and devices that every picture reader shares.
/// Reads whole files with POSIX calls, turning each failure into an ``ImageError`` that
/// names the file and gives the system's reason.
///
/// Hostile paths are handled without hanging or filling memory: a regular file larger than
/// the reader's `maximumFileSize` is refused from its size, before a byte is read; a
/// terminal is refused at once; a FIFO or a device is opened without blocking and read
/// within deadlines (for its writer, for each next piece, and for the whole read); a
/// stream that does not start like a format the reader decodes (`/dev/zero`, a video
/// renamed `.png`) is read no further than its first bytes, and no more than
/// `maximumFileSize` bytes are read in all.
enum FileContents {
    /// How long reading a named pipe (FIFO) or a device waits for its first bytes, and
    /// then for each next piece: a writer started just before or after the reader
    /// connects well within it, and a pipe nobody writes to, or whose writer stalls, is
    /// reported instead of waited on forever.
    static let pipeWriterWait: Duration = .seconds(2)

    /// The longest a whole read of a named pipe or a device may take, however steadily its
    /// writer trickles (standard input has no such limit: it is the way for a slow stream).
    static let streamReadLimit: Duration = .seconds(60)

    /// Bytes read per `read(2)` call.
    static let chunkSize = 1 << 20

    /// The bytes of the file at the path of bytes `path`, or of its first bytes when they
    /// show it is of a format `reader` does not decode (reading those fails with the format
    /// they look like). Errors call the file `name`.
    static func bytes(
        of path: [UInt8], name: String, reader: some ImageFileReader, writerWait: Duration,
        readLimit: Duration = streamReadLimit
    ) throws(ImageError) -> [UInt8] {
        let start = ContinuousClock.now
        // Without blocking: opening a FIFO for reading otherwise waits for a writer, forever.
        let descriptor: Int32
        let kind: FileSystem.OpenFileKind
        do throws(FileSystemError) {
            descriptor = try FileSystem.openForReading(path, name: name, nonBlocking: true)
            do throws(FileSystemError) {
                kind = try FileSystem.kind(of: descriptor, path: name)
            } catch {
                FileSystem.close(descriptor)
                throw error
            }
        } catch {
            throw unreadable(error)
        }
        defer { FileSystem.close(descriptor) }

        if case .regular(let size) = kind {
            // fstat(2) knows the size: a file no picture within the limits needs is refused
            // before its bytes take memory (a sparse file of gigabytes costs nothing to make).
            let limit = reader.maximumFileSize
            guard size <= limit else {
                throw .unreadableFile(
                    file: name,
                    reason:
                        "the file is \(size) bytes, more than any picture within the limits needs (at most \(limit) bytes)"
                )
            }
            return try readToEnd(descriptor, name: name, reader: reader, first: [], expectedSize: size)
        }
        if FileSystem.isTerminal(descriptor) { throw .unreadableFile(file: name, reason: terminal) }
        let what = kind == .pipe ? "a named pipe (FIFO)" : "a device"
        let first = kind == .pipe ? try awaitWriter(descriptor, path: name, wait: writerWait) : []
        let deadline = FileSystem.ReadDeadline(
            idle: writerWait, end: start + readLimit,
            stalled: { count in
                count == 0
                    ? "\(what) that nothing was written to within \(writerWait)"
                    : "\(what) that stalled after \(count) bytes: nothing written within \(writerWait)"
            },
            late: "\(what) not read to its end within \(readLimit)")
        return try readToEnd(descriptor, name: name, reader: reader, first: first, expectedSize: 0, deadline: deadline)
    }

    /// Why a terminal is not read: what it gives is typed, never a picture, and reading it
    /// would wait for a person.
    static let terminal = "a terminal, not a picture"

    /// The bytes of an open descriptor, read to its end under the same bounds.
    static func bytes(of descriptor: Int32, name: String, reader: some ImageFileReader) throws(ImageError) -> [UInt8] {
        if FileSystem.isTerminal(descriptor) { throw .unreadableFile(file: name, reason: terminal) }
        return try readToEnd(
            descriptor, name: name, reader: reader, first: [], expectedSize: FileSystem.regularFileSize(descriptor))
    }

    /// Waits, at most `wait`, for a writer to the FIFO opened without blocking as
    /// `descriptor`, and returns what it wrote first (empty when it is connected but has
    /// written nothing yet).
    ///
    /// A FIFO without a writer reads as end of file; one with a writer but no data yet
    /// fails with EAGAIN. Until either data or a writer shows up, it polls.
    private static func awaitWriter(_ descriptor: Int32, path: String, wait: Duration) throws(ImageError) -> [UInt8] {
        let clock = ContinuousClock()
        let deadline = clock.now + wait
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count: Int?
            do {
                count = try FileSystem.read(descriptor: descriptor, name: path, into: &chunk)
            } catch {
                throw unreadable(error)
            }
            guard let count else { return [] }
            if count > 0 { return Array(chunk[0..<count]) }
            if clock.now >= deadline {
                throw .unreadableFile(
                    file: path, reason: "a named pipe (FIFO) that nothing was written to within \(wait)")
            }
            FileSystem.pause(microseconds: 5_000)
        }
    }

    /// Reads `descriptor` to its end after the bytes `first` already read from it.
    ///
    /// Stops early, returning what it has, when the first bytes show a format `reader`
    /// does not decode, and fails past its `maximumFileSize`.
    private static func readToEnd(
        _ descriptor: Int32, name: String, reader: some ImageFileReader, first: [UInt8], expectedSize: Int,
        deadline: FileSystem.ReadDeadline? = nil
    ) throws(ImageError) -> [UInt8] {
        let limit = reader.maximumFileSize
        do {
            return try FileSystem.readToEnd(
                descriptor: descriptor, name: name, first: first, expectedSize: expectedSize, limit: limit,
                tooLarge: "the file is larger than any picture within the limits needs (over \(limit) bytes)",
                chunkSize: chunkSize, deadline: deadline
            ) { bytes in
                bytes.count >= ImageFormat.sniffLength && !reader.formats.contains(ImageFormat(sniffing: bytes))
            }
        } catch {
            throw unreadable(error)
        }
    }

    /// The error for `path` failing with `code`, an `errno` value.
    static func unreadable(_ path: String, _ code: Int32) -> ImageError {
        unreadable(FileSystemError(path: path, code: code))
    }

    /// A file-system failure as the picture readers report it.
    static func unreadable(_ error: FileSystemError) -> ImageError {
        .unreadableFile(file: error.path, reason: error.reason)
    }
}
