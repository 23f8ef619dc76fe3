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
    /// Expands arguments into pictures: files as given, folders recursively (PNG files
    /// only, sorted), `-` as standard input. A path that does not exist is kept, so that
    /// reading it reports the error under its name.
    static func expand(_ arguments: [String]) -> [PictureInput] {
        var emptyFolders: [String] = []
        return expand(arguments, emptyFolders: &emptyFolders)
    }

    /// Expands arguments as ``expand(_:)`` does, and lists the folders that held no PNG.
    static func expand(_ arguments: [String], emptyFolders: inout [String]) -> [PictureInput] {
        var inputs: [PictureInput] = []
        for argument in arguments {
            if argument == "-" {
                inputs.append(.standardInput)
                continue
            }
            if FileSystem.isDirectory(argument) {
                let found = pngFiles(under: argument)
                if found.isEmpty { emptyFolders.append(argument) }
                inputs.append(contentsOf: found.map(PictureInput.file))
            } else {
                inputs.append(.file(argument))
            }
        }
        return inputs
    }

    /// The PNG files below `folder`, sorted by path. Folders named *.png are skipped; a
    /// link to nothing is kept, so that reading it reports the file and why rather than
    /// passing over it in silence.
    static func pngFiles(under folder: String) -> [String] {
        FileSystem.files(under: folder, endingWith: [".png"])
    }

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
