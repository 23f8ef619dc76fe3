// QRKit tests — SampleCorpus: finds the shipped Samples/ and their expected texts.
import Foundation
import QRKit
import QRTestSupport

enum SampleCorpus {
    /// `Samples/` in the package.
    static let folder = PackagePaths.root.appendingPathComponent("Samples")

    /// Every picture under `Samples/` (of any format QRKit reads, by extension) that has
    /// an expected text, as paths relative to it.
    static func pictures(under subfolder: String = "") -> [String] {
        let base = subfolder.isEmpty ? folder : folder.appendingPathComponent(subfolder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            guard ImageFormat.readableFileExtensions.contains(extensionOf(relative)) else { continue }
            let path = base.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: stem(path) + ".txt") {
                found.append(subfolder.isEmpty ? relative : subfolder + "/" + relative)
            }
        }
        return found.sorted()
    }

    /// The expected payloads of a picture: `NAME.all.txt` split on U+001E lines, else `NAME.txt`.
    static func expected(for relative: String) throws -> [[UInt8]] {
        let stem = stem(folder.appendingPathComponent(relative).path)
        if let all = FileManager.default.contents(atPath: stem + ".all.txt") {
            return String(decoding: all, as: UTF8.self)
                .components(separatedBy: "\n\u{1E}\n")
                .map { Array($0.utf8) }
        }
        return [Array(try Data(contentsOf: URL(fileURLWithPath: stem + ".txt")))]
    }

    /// `path` without its extension.
    static func stem(_ path: String) -> String {
        String(path[..<(path.lastIndex(of: ".") ?? path.endIndex)])
    }

    /// The extension of `path`, lower case, without the dot.
    static func extensionOf(_ path: String) -> String {
        guard let dot = path.lastIndex(of: ".") else { return "" }
        return path[path.index(after: dot)...].lowercased()
    }

    static func path(_ relative: String) -> String {
        folder.appendingPathComponent(relative).path
    }
}
