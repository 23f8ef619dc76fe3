// qr CLI tests — what a new user trips on (issue 24): write errors, several codes with
// --bytes, inputs that say nothing, and the conventions other tools keep.
import Foundation
import QRTestSupport
import Testing

/// Runs the built `qr` with its standard output sent to `output`, and what it said on stderr.
private func run(_ arguments: [String], stdout output: FileHandle) throws -> (Process, String) {
    let qr = try #require(ProgramRunner.qrExecutable)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: qr)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["QRKIT_CHECK_QUICK_PARSE": "1"]) { $1 }
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process, String(decoding: said, as: UTF8.self))
}

@Suite struct DecodeWriteErrorTests {
    let photo = QRProcess.sample("photos/qrcode-2-30.png")

    @Test(arguments: [[], ["--json"], ["--bytes"]])
    func aFullDiskIsNamedAndExits2(_ flags: [String]) throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let (process, stderr) = try run(["decode", photo] + flags, stdout: full)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 2, "\(flags): \(stderr)")
        #expect(stderr == "qr: standard output: No space left on device\n", "\(flags)")
    }

    /// `qr decode ... | head -1`: the reader is gone, and qr ends as coreutils do, by
    /// SIGPIPE and without a word.
    @Test(arguments: [[], ["--json"], ["--bytes"]])
    func aReaderGoneEndsQuietlyBySIGPIPE(_ flags: [String]) throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let (process, stderr) = try run(["decode", photo, photo] + flags, stdout: pipe.fileHandleForWriting)
        #expect(process.terminationReason == .uncaughtSignal, "\(flags): \(process.terminationStatus)")
        #expect(process.terminationStatus == SIGPIPE)
        #expect(stderr.isEmpty, "\(flags): \(stderr)")
    }
}
