// qr CLI tests — QRProcess: runs the built `qr` binary and captures what it says.
import Foundation
import QRTestSupport

typealias QRRun = ProgramOutput

enum QRProcess {
    /// Runs the built `qr` with `arguments`, feeding `stdin`, and waits for it.
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> QRRun {
        guard let qr = ProgramRunner.qrExecutable else {
            throw CocoaError(
                .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "qr is not built (swift build first)"])
        }
        return try ProgramRunner.run(qr, arguments, stdin: stdin.map { Array($0) }, in: directory)
    }
}
