// QRCorpus — Corpus: the pictures a bench run decodes, with the payloads each should give.
import Dispatch
import FoundationEssentials
import QRKit

/// A folder tree of pictures (`NAME.png`, or any extension of a format QRKit reads:
/// `.jpg`, `.webp`, `.tif`, `.gif`, ...), with `NAME.txt` beside those that are labelled.
///
/// `NAME.txt` holds the exact payload bytes (text as UTF-8; for a binary payload, the raw
/// bytes). A picture with several codes adds `NAME.all.txt`: the payloads separated by a
/// line holding only U+001E (the bytes `0A 1E 0A`), which then replaces `NAME.txt`. A
/// picture with neither is unlabelled (``CorpusPicture/labelled`` is false). The
/// sub-folder a picture sits in is its category.
///
///     let corpus = Corpus.load(from: "Samples")
///     for skipped in corpus.skipped { print(skipped.name, skipped.reason) }
public struct Corpus: Sendable {
    /// The folder it was loaded from.
    public var root: String
    /// The pictures, sorted by name.
    public var pictures: [CorpusPicture]
    /// Pictures that could not be read, with the reason; left out of ``pictures``.
    public var skipped: [SkippedPicture]

    public init(root: String, pictures: [CorpusPicture], skipped: [SkippedPicture] = []) {
        self.root = root
        self.pictures = pictures
        self.skipped = skipped
    }

    /// The line that separates payloads in `NAME.all.txt`: newline, U+001E, newline.
    public static let payloadSeparator: [UInt8] = [0x0A, 0x1E, 0x0A]

    /// Loads every picture below `root` (by extension, then read by content): labelled
    /// when a `NAME.txt` or `NAME.all.txt` is beside it, unlabelled otherwise. A `root`
    /// that is a file is a corpus of that one picture, in the folder it sits in.
    ///
    /// Pictures that cannot be read (another format, truncated, too large) are
    /// listed in ``skipped`` with the reason; they never stop the load. Links to folders
    /// are followed, each folder walked once.
    ///
    /// - Parameters:
    ///   - root: the corpus folder.
    ///   - reader: the picture reader (its pixel limit applies); by default one of no
    ///     memory budget, as a corpus is held in memory whole.
    /// - Returns: the corpus; empty when `root` holds no pictures.
    /// - Throws: ``CorpusError/notAFolder(_:)`` when `root` is neither a readable folder
    ///   nor a file.
    public static func load(
        from root: String, reader: some ImageFileReader = ImageReader(memoryBudget: MemoryBudget(bytes: .max))
    ) throws(CorpusError)
        -> Corpus
    {
        guard FileSystem.isDirectory(root) else { return try loadFile(root, reader: reader) }
        // The walk gives `root` joined with each path below it, sorted.
        let prefix = FileSystem.join(root, "").utf8.count
        let extensions = ImageFormat.readableFileExtensions.map { "." + $0 }
        let relatives = FileSystem.files(under: root, endingWith: extensions).map { path in
            String(decoding: path.utf8.dropFirst(prefix), as: UTF8.self)
        }
        let topCategory = URL(fileURLWithPath: root).standardizedFileURL.lastPathComponent
        let loaded = Locked([LoadOutcome?](repeating: nil, count: relatives.count))
        // Decoding pictures is the slow part of loading; use every core.
        DispatchQueue.concurrentPerform(iterations: relatives.count) { index in
            let relative = relatives[index]
            let result = loadPicture(relative, root: root, topCategory: topCategory, reader: reader)
            loaded.withLock { $0[index] = result }
        }
        var pictures: [CorpusPicture] = []
        var skipped: [SkippedPicture] = []
        for result in loaded.withLock({ $0 }) {
            switch result {
            case .picture(let picture)?: pictures.append(picture)
            case .skipped(let skip)?: skipped.append(skip)
            case nil: break
            }
        }
        return Corpus(root: root, pictures: pictures, skipped: skipped)
    }

    /// One picture as a corpus: `qr bench photo.png` times the strategies on it. Its
    /// folder is the root, so that peers and cold probes find it by the same join.
    private static func loadFile(_ path: String, reader: some ImageFileReader) throws(CorpusError) -> Corpus {
        // Opened without blocking only to learn that it is there: the reader says what it is.
        guard let descriptor = try? FileSystem.openForReading(path, nonBlocking: true) else {
            throw .notAFolder(path)
        }
        FileSystem.close(descriptor)
        let parent = FileSystem.parent(path)
        let folder = parent.isEmpty ? "." : parent
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let topCategory = URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent
        switch loadPicture(name, root: folder, topCategory: topCategory, reader: reader) {
        case .picture(let picture): return Corpus(root: folder, pictures: [picture])
        case .skipped(let skip): return Corpus(root: folder, pictures: [], skipped: [skip])
        }
    }

    private enum LoadOutcome: Sendable {
        case picture(CorpusPicture)
        case skipped(SkippedPicture)
    }

    private static func loadPicture(
        _ relative: String, root: String, topCategory: String, reader: some ImageFileReader
    ) -> LoadOutcome {
        let path = FileSystem.join(root, relative)
        // The path without its extension (the listing matched one, so there is a dot).
        let stem = String(path[..<(path.lastIndex(of: ".") ?? path.endIndex)])
        let expected: [[UInt8]]?
        if let all = try? FileSystem.read(stem + ".all.txt") {
            expected = splitPayloads(all)
        } else if let one = try? FileSystem.read(stem + ".txt") {
            expected = [one]
        } else {
            expected = nil
        }
        let image: GrayImage
        do {
            image = try reader.read(contentsOf: path)
        } catch {
            return .skipped(SkippedPicture(name: relative, reason: "\(error)"))
        }
        let folder = FileSystem.parent(relative)
        return .picture(
            CorpusPicture(
                name: relative, category: folder.isEmpty ? topCategory : folder, expected: expected ?? [],
                image: image, labelled: expected != nil))
    }

    /// Splits the contents of a `NAME.all.txt` on lines holding only U+001E.
    public static func splitPayloads(_ bytes: [UInt8]) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index + 3 <= bytes.count, bytes[index..<index + 3].elementsEqual(payloadSeparator) {
                parts.append(current)
                current = []
                index += 3
            } else {
                current.append(bytes[index])
                index += 1
            }
        }
        parts.append(current)
        return parts
    }

    /// Joins payloads the way `NAME.all.txt` holds them.
    public static func joinPayloads(_ payloads: [[UInt8]]) -> [UInt8] {
        Array(payloads.joined(separator: payloadSeparator))
    }

    /// The pictures with an expected text.
    public var labelled: [CorpusPicture] { pictures.filter(\.labelled) }
}
