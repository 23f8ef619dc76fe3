// QRKit test support — ProgramRunner: runs a program (the built `qr`, a peer tool) and collects what it says.
import Foundation
import QRKit

/// What one run of a program printed, and how it ended.
public struct ProgramOutput: Sendable {
    public var status: Int32
    public var stdout: [UInt8]
    public var stderr: String
    /// Standard output as UTF-8 text.
    public var text: String { String(decoding: stdout, as: UTF8.self) }
}

public enum ProgramRunner {
    /// Runs `executable` with `arguments`, feeding `stdin` (or nothing), and waits for it.
    ///
    /// stderr is read on another thread while stdout is read here, so neither pipe can
    /// fill up and stall the child.
    public static func run(
        _ executable: String, _ arguments: [String], stdin: [UInt8]? = nil, in directory: URL? = nil,
        environment: [String: String] = [:]
    ) throws -> ProgramOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // Every `qr` a test runs checks its quick command-line reader against
        // ArgumentParser (Sources/qr/QuickParse.swift): a difference exits with 70.
        let checked = ProcessInfo.processInfo.environment.merging(["QRKIT_CHECK_QUICK_PARSE": "1"]) { $1 }
        process.environment = checked.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        let errorData = Locked(Data())
        let errorRead = DispatchGroup()
        // Serial queues of their own, never the global ones where Swift's tasks run: a
        // test's thread waits here, and the reads must not wait for a thread of that pool.
        DispatchQueue(label: "program-stderr").async(group: errorRead) {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
        }
        if let stdin {
            let writer = input.fileHandleForWriting
            DispatchQueue(label: "program-stdin").async(group: errorRead) {
                writer.write(Data(stdin))
                try? writer.close()
            }
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        errorRead.wait()
        process.waitUntilExit()
        return ProgramOutput(
            status: process.terminationStatus, stdout: Array(outputData),
            stderr: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
    }

    /// The path of a program on PATH, or nil.
    public static func tool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The built `qr`: beside the test binary (the products folder of this build), else
    /// `.build/debug/qr` in the package; nil when neither exists.
    public static let qrExecutable: String? = builtExecutable("qr")

    /// A program this package builds (`qr`, a snippet of Snippets/): beside the test
    /// binary (the products folder of this build), else in `.build/debug` of the package;
    /// nil when neither exists.
    public static func builtExecutable(_ name: String) -> String? {
        var candidates: [URL] = []
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent(name))
            folder = folder.deletingLastPathComponent()
        }
        candidates.append(PackagePaths.root.appendingPathComponent(".build/debug").appendingPathComponent(name))
        return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
