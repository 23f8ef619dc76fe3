// QRKit test support — ScratchDirectory: a temporary folder per test.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under the system's temporary directory, removed by `cleanUp()`.
public struct ScratchDirectory: Sendable {
    public let path: String

    /// The directory as a file URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

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

    /// Writes `bytes` to the file named by the bytes `name` in the directory (a name that
    /// need not be UTF-8, which Foundation's `String` paths cannot make; it may go through
    /// folders made before), and returns its path as bytes.
    @discardableResult
    public func file(named name: [UInt8], _ bytes: [UInt8]) throws -> [UInt8] {
        let file = Array(path.utf8) + [UInt8(ascii: "/")] + name
        let descriptor = Self.withCPath(file) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw POSIXError(.EIO) }
        return file
    }

    /// Makes the folder named by the bytes `name` in the directory, and returns its path
    /// as bytes.
    @discardableResult
    public func folder(named name: [UInt8]) throws -> [UInt8] {
        let folder = Array(path.utf8) + [UInt8(ascii: "/")] + name
        guard Self.withCPath(folder, { mkdir($0, 0o755) }) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return folder
    }

    private static func withCPath<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    public func cleanUp() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
