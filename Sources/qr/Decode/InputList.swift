// qr — InputList: the pictures a decode or bench run reads, from arguments, folders and lists.
import QRKit

/// One picture to read: a path, or standard input.
enum PictureInput: Sendable, Hashable {
    case file(PathName)
    case standardInput

    /// The name messages and JSON use.
    var name: PathName {
        switch self {
        case .file(let path): return path
        case .standardInput: return .standardInput
        }
    }
}

enum InputList {
    /// Expands arguments into pictures: files as given, folders recursively (the files
    /// named like a picture format `qr` reads, sorted), `-` as standard input. A path that
    /// does not exist is kept, so that reading it reports the error under its name. The
    /// folders that held no picture are added to `emptyFolders`, with the files they held
    /// of other names, and each file named like a picture that a folder scan passed over to
    /// `skipped`, with why. Paths go by their bytes, from the argument to `open`: a name
    /// need not be UTF-8.
    static func expand(
        _ arguments: [PathName], emptyFolders: inout [(PathName, OtherFiles)], skipped: inout [(PathName, String)]
    ) -> [PictureInput] {
        var inputs: [PictureInput] = []
        for argument in arguments {
            if argument.bytes == [UInt8(ascii: "-")] {
                inputs.append(.standardInput)
                continue
            }
            if FileSystem.isDirectory(argument.bytes) {
                var others = OtherFiles(folder: argument)
                let found = pictureFiles(under: argument, skipped: &skipped, others: &others)
                if found.isEmpty { emptyFolders.append((argument, others)) }
                inputs.append(contentsOf: found.map(PictureInput.file))
            } else {
                inputs.append(.file(argument))
            }
        }
        return inputs
    }

    /// The pictures below `folder`, sorted by path: files whose extension is one of a
    /// readable format (`.png`, `.jpg`, `.jpeg`, `.jfif`, `.webp`, `.tif`, `.tiff`, `.gif`,
    /// `.bmp`, `.dib`, `.pbm`, `.pgm`, `.ppm`, `.pnm`, `.pam`; any case). Reading them then
    /// goes by content. Folders named like pictures are skipped; a link to nothing is kept,
    /// so that reading it reports the file and why rather than passing over it in silence.
    /// A named pipe, device or socket (or a link to one) is no picture and could make
    /// reading wait: it is passed over, with why in `skipped`. Files of other names are
    /// counted in `others`.
    static func pictureFiles(under folder: PathName, skipped: inout [(PathName, String)], others: inout OtherFiles)
        -> [PathName]
    {
        FileSystem.files(
            under: folder.bytes, endingWith: ImageFormat.readableFileExtensions.map { "." + $0 },
            skipped: { path, kind in
                skipped.append((PathName(bytes: path), "skipped: \(kind.description), not a regular file"))
            },
            unmatched: { others.add($0) }
        ).map(PathName.init(bytes:))
    }

    /// What a folder is searched for, as messages say it: "PNG, JPEG, WebP, TIFF, GIF, BMP,
    /// netpbm".
    static let pictureKinds = ImageFormat.readable.map(\.name).joined(separator: ", ")

    /// The files of a folder that a scan passed over for their names: how many, and the
    /// first few by name, so that a folder without pictures says what it held instead.
    /// Holds no more than those few names, however large the folder.
    struct OtherFiles {
        /// The most names a message lists.
        static let named = 3

        let folder: PathName
        private(set) var count = 0
        /// The first names by their bytes, below the folder, at most ``named``.
        private(set) var first: [[UInt8]] = []

        init(folder: PathName) {
            self.folder = folder
        }

        mutating func add(_ path: [UInt8]) {
            count += 1
            var prefix = folder.bytes
            if prefix.last != UInt8(ascii: "/") { prefix.append(UInt8(ascii: "/")) }
            let name = path.starts(with: prefix) ? Array(path.dropFirst(prefix.count)) : path
            let place = first.firstIndex { name.lexicographicallyPrecedes($0) } ?? first.count
            if place < Self.named {
                first.insert(name, at: place)
                if first.count > Self.named { first.removeLast() }
            }
        }

        /// The message for a folder without pictures, its names escaped for a terminal:
        /// "no pictures in this folder (PNG, ...; skipped 2 files: a.heic, notes.txt)".
        var message: String {
            let searched = TerminalText.escaped("no pictures in this folder (\(InputList.pictureKinds)")
            guard count > 0 else { return searched + ")" }
            var names = first.map { PathName(bytes: $0).terminal }
            if count > first.count { names.append("…") }
            let files = count == 1 ? "1 file" : "\(count) files"
            return searched + "; skipped \(files): " + names.joined(separator: ", ") + ")"
        }
    }

    /// A list of paths that could not be read: the list and why.
    struct ListError: Error, CustomStringConvertible {
        var file: PathName
        var reason: String
        var description: String { "\(file.readable): \(reason)" }
    }
}

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

/// The pictures of one `qr decode` run, handed out one at a time, in input order: those
/// of the arguments, then those of each path of the `--files-from` list as it is read.
///
/// With a list, pictures are decoded while the list is still being read, and memory does
/// not grow with its length: what the feed holds is the pictures of one argument or one
/// line (a folder's pictures) at a time.
struct PictureFeed {
    /// Pictures found and not yet handed out, the next one last.
    private var queued: [PictureInput]
    private var list: PathListReader?
    private let reportEmptyFolders: Bool
    /// How many pictures have been handed out.
    private(set) var handedOut = 0
    /// How many folders held no picture.
    private(set) var emptyFolders = 0
    /// Why the list could not be read to its end, once that has happened.
    private(set) var failure: InputList.ListError?

    /// A feed of the pictures of `arguments` (files, folders, `-`), then of each line of
    /// `list`. A folder without a picture is reported on stderr when found, unless `quiet`.
    init(arguments: [PathName], list: PathListReader?, quiet: Bool) {
        self.list = list
        reportEmptyFolders = !quiet
        queued = []
        queued = expand(arguments).reversed()
    }

    /// The number of pictures in all, once it is known: the list is read to its end, or
    /// there is none.
    var count: Int? { list == nil ? handedOut + queued.count : nil }

    /// The next picture and its place in the input order, or nil when there are no more
    /// (or the list failed: see ``failure``), or when `waiting` is false and the list
    /// has no whole line ready.
    mutating func next(waiting: Bool = true) -> (index: Int, picture: PictureInput)? {
        while queued.isEmpty {
            guard readLine(waiting: waiting) else { return nil }
        }
        handedOut += 1
        return (handedOut - 1, queued.removeLast())
    }

    /// Waits until a picture is ready to be handed out; false when there are no more.
    mutating func waitForPicture() -> Bool {
        while queued.isEmpty {
            guard readLine(waiting: true) else { return false }
        }
        return true
    }

    /// Reads ahead until `n` pictures are waiting or the list has ended, so that
    /// ``count`` tells whether there are fewer.
    mutating func lookAhead(_ n: Int) {
        while queued.count < n, readLine(waiting: true) {}
    }

    /// Adds the pictures of the list's next line before those queued; false at the end,
    /// or when not `waiting` and no whole line is ready.
    private mutating func readLine(waiting: Bool) -> Bool {
        guard let reader = list else { return false }
        do {
            if let path = try reader.nextPath(waiting: waiting) {
                // A list names files and folders; `-` there is a file of that name, not
                // standard input (which may be the list itself).
                let found = path.bytes == [UInt8(ascii: "-")] ? [.file(path)] : expand([path])
                queued.insert(contentsOf: found.reversed(), at: 0)
                return true
            }
            if !reader.isAtEnd { return false }
        } catch {
            failure = error
        }
        list = nil
        return false
    }

    private mutating func expand(_ arguments: [PathName]) -> [PictureInput] {
        var empty: [(PathName, InputList.OtherFiles)] = []
        var skipped: [(PathName, String)] = []
        let pictures = InputList.expand(arguments, emptyFolders: &empty, skipped: &skipped)
        emptyFolders += empty.count
        if reportEmptyFolders {
            for (path, note) in skipped { StandardError.report(path, note) }
            for (folder, others) in empty { StandardError.report(escaped: folder.terminal + ": " + others.message) }
        }
        return pictures
    }
}
