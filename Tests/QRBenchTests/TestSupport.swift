// QRBench tests — the files of a folder, the built `qr` binary.
import Foundation
import QRTestSupport
import QRKit

enum TestSupport {
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
