// qr — InputList: the pictures a decode or bench run reads, from arguments, folders and lists.
import Foundation

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
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue {
                let found = pngFiles(under: argument)
                if found.isEmpty { emptyFolders.append(argument) }
                inputs.append(contentsOf: found.map(PictureInput.file))
            } else {
                inputs.append(.file(argument))
            }
        }
        return inputs
    }

    /// The PNG files below `folder`, sorted by path.
    static func pngFiles(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.lowercased().hasSuffix(".png") {
                let path = (folder as NSString).appendingPathComponent(relative)
                // Folders named *.png are skipped; a link to nothing is kept, so that reading
                // it reports the file and why rather than passing over it in silence.
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                if !(exists && isDirectory.boolValue) {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }

    /// Reads a list of paths, one per line (`-` for standard input); blank lines are skipped.
    static func readList(_ source: String) throws -> [String] {
        let data: Data
        if source == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: source))
            } catch {
                throw ListError(file: source, reason: (error as NSError).localizedFailureReason ?? "cannot be read")
            }
        }
        return String(decoding: data, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    struct ListError: Error, CustomStringConvertible {
        var file: String
        var reason: String
        var description: String { "\(file): \(reason)" }
    }
}
