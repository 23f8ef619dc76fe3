// QRBench tests — temporary folders, the package root, the built `qr` binary.
import Foundation
import QRTestSupport
import QRKit

enum TestSupport {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A new empty folder under the system's temporary folder.
    static func temporaryFolder(_ label: String = #function) throws -> String {
        let name = "qrbench-\(label.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString.prefix(8))"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// Every file below `folder` with its bytes, by relative path.
    static func files(under folder: String) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [:] }
        while let relative = walker.nextObject() as? String {
            let path = (folder as NSString).appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return result
    }

    /// The built `qr` executable, nil when it is not built.
    static var qrExecutable: String? { ProgramRunner.qrExecutable }

    typealias Run = ProgramOutput

    /// Runs `executable` with `arguments` and collects its output.
    static func run(_ executable: String, _ arguments: [String]) throws -> Run {
        try ProgramRunner.run(executable, arguments)
    }
}
