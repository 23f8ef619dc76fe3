// qr — InputList: the pictures a decode or bench run reads, from arguments, folders and lists.
import QRKit

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
