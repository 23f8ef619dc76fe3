// qr — PictureFeed: the pictures of a run, handed out as they are found.
import QRKit

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
