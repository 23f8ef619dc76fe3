// qr — InputList: the pictures a decode or bench run reads, from arguments, folders and lists.
import QRKit

/// One picture to read: a path, or standard input.
enum PictureInput: Sendable, Hashable {
    case file(String)
    case standardInput

    /// The name messages and JSON use.
    var displayName: String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "<stdin>"
        }
    }
}

enum InputList {
    /// Expands arguments into pictures: files as given, folders recursively (the files
    /// named like a picture format `qr` reads, sorted), `-` as standard input. A path that does not exist is kept, so that
    /// reading it reports the error under its name.
    static func expand(_ arguments: [String]) -> [PictureInput] {
        var emptyFolders: [String] = []
        return expand(arguments, emptyFolders: &emptyFolders)
    }

    /// Expands arguments as ``expand(_:)`` does, and lists the folders that held no picture.
    static func expand(_ arguments: [String], emptyFolders: inout [String]) -> [PictureInput] {
        var inputs: [PictureInput] = []
        for argument in arguments {
            if argument == "-" {
                inputs.append(.standardInput)
                continue
            }
            if FileSystem.isDirectory(argument) {
                let found = pictureFiles(under: argument)
                if found.isEmpty { emptyFolders.append(argument) }
                inputs.append(contentsOf: found.map(PictureInput.file))
            } else {
                inputs.append(.file(argument))
            }
        }
        return inputs
    }

    /// The pictures below `folder`, sorted by path: files whose extension is one of a
    /// readable format (`.png`, `.jpg`, `.jpeg`, `.jfif`, `.webp`, `.tif`, `.tiff`, `.gif`;
    /// any case). Reading them then goes by content. Folders named like pictures are skipped;
    /// a link to nothing is kept, so that reading it reports the file and why rather than
    /// passing over it in silence.
    static func pictureFiles(under folder: String) -> [String] {
        FileSystem.files(under: folder, endingWith: ImageFormat.readableFileExtensions.map { "." + $0 })
    }

    /// What a folder is searched for, as messages say it: "PNG, JPEG, WebP, TIFF, GIF".
    static let pictureKinds = ImageFormat.readable.map(\.name).joined(separator: ", ")

    /// Reads a list of paths, one per line (`-` for standard input); blank lines are skipped.
    static func readList(_ source: String) throws -> [String] {
        let data: [UInt8]
        do {
            data = source == "-"
                ? try FileSystem.read(descriptor: 0, name: "<stdin>") : try FileSystem.read(source)
        } catch {
            throw ListError(file: source, reason: error.reason)
        }
        return String(decoding: data, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .map(String.init)
            .filter { !$0.allSatisfy(\.isWhitespace) }
    }

    struct ListError: Error, CustomStringConvertible {
        var file: String
        var reason: String
        var description: String { "\(file): \(reason)" }
    }
}
