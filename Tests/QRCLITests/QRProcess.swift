// qr CLI tests — QRProcess: runs the built `qr` binary and captures what it says.
import Foundation
import QRKit

struct QRRun {
    var status: Int32
    var stdout: Data
    var stderr: String
    var text: String { String(decoding: stdout, as: UTF8.self) }
}

enum QRProcess {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `qr` binary built beside the tests.
    static var binary: URL {
        let products = Bundle.main.bundleURL.deletingLastPathComponent()
        let candidates = [
            products.appendingPathComponent("qr"),
            packageRoot.appendingPathComponent(".build/debug/qr"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }

    static func sample(_ relative: String) -> String {
        packageRoot.appendingPathComponent("Samples").appendingPathComponent(relative).path
    }

    static func fixture(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/QRCLITests/Fixtures").appendingPathComponent(name).path
    }

    /// Runs `qr` with `arguments`, feeding `stdin`, and waits for it.
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> QRRun {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let writer = Thread {
            if let stdin { input.fileHandleForWriting.write(stdin) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        // Read both pipes to the end before waiting, so a full pipe cannot block the child.
        let errData = Locked(Data())
        let errRead = DispatchGroup()
        DispatchQueue.global().async(group: errRead) {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errData.withLock { $0 = data }
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errRead.wait()
        process.waitUntilExit()
        return QRRun(
            status: process.terminationStatus, stdout: outData,
            stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self))
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("qr-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
