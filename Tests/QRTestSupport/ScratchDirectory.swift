// QRKit test support — ScratchDirectory: a temporary folder per test.
import Foundation

/// A fresh directory under the system's temporary directory, removed by `cleanUp()`.
public struct ScratchDirectory: Sendable {
    public let path: String

    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("qrkit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `bytes` to `name` in the directory and returns its path.
    @discardableResult
    public func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = "\(path)/\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// The path of `name` in the directory, without making anything.
    public func path(_ name: String) -> String { "\(path)/\(name)" }

    public func cleanUp() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
