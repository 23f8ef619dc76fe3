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
    let photo = PackagePaths.sample("photos/qrcode-2-30.png")

    @Test(arguments: [[], ["--json"], ["--bytes"], ["--null"]])
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

    /// qr encode writing to standard output ends the same ways.
    @Test func encodeEndsAsDecodeDoes() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let (filled, said) = try run(["encode", "hello", "--format", "svg"], stdout: full)
        #expect(filled.terminationStatus == 2)
        #expect(said == "qr: standard output: No space left on device\n")
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let (cut, quiet) = try run(["encode", "hello", "--format", "svg"], stdout: pipe.fileHandleForWriting)
        #expect(cut.terminationReason == .uncaughtSignal)
        #expect(quiet.isEmpty, "\(quiet)")
    }
}

@Suite struct DecodeSeveralCodesTests {
    let photo = PackagePaths.sample("photos/qrcode-2-30.png")
    let photoText = "MECARD:N:測試;;"
    let other = PackagePaths.sample("photos/qrcode-2-17.png")

    /// The bytes of the one code in `picture` (not UTF-8, for this one).
    private func bytes(of picture: String) throws -> [UInt8] {
        try QRProcess.run(["decode", picture, "--bytes"]).stdout
    }

    @Test func bytesEndsEachOfSeveralCodesWithANewline() throws {
        let second = try bytes(of: other)
        let run = try QRProcess.run(["decode", photo, other, "--bytes"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Array(photoText.utf8) + [0x0A] + second + [0x0A])
        // One code: its bytes alone.
        #expect(try QRProcess.run(["decode", photo, "--raw"]).text == photoText)
    }

    @Test(arguments: [["--null"], ["-0"], ["--bytes", "-0"]])
    func nullEndsEveryCodeWithANul(_ flags: [String]) throws {
        let second = try bytes(of: other)
        let run = try QRProcess.run(["decode", photo, other] + flags)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Array(photoText.utf8) + [0] + second + [0])
        #expect(try QRProcess.run(["decode", photo] + flags).stdout == Array(photoText.utf8) + [0])
    }

    @Test func nullAndJSONExcludeEachOther() throws {
        let run = try QRProcess.run(["decode", photo, "--json", "--null"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--json and --null cannot be used together"))
    }
}

@Suite struct DecodeSilentOutcomeTests {
    let photo = PackagePaths.sample("photos/qrcode-2-30.png")
    let blank = PackagePaths.fixture("no-code.png")

    @Test func aPictureWithoutACodeAmongSeveralIsNamed() throws {
        let run = try QRProcess.run(["decode", photo, blank])
        #expect(run.status == 1)
        #expect(run.stderr == "qr: \(blank): no code found\n")
        #expect(run.text.hasPrefix("\(photo): "))
        // Alone, the exit status and the empty output say it.
        #expect(try QRProcess.run(["decode", blank]).stderr.isEmpty)
    }

    @Test(arguments: [["--json"], ["-q"]])
    func jsonAndQuietSayNothingOfIt(_ flags: [String]) throws {
        let run = try QRProcess.run(["decode", photo, blank] + flags)
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty, "\(flags): \(run.stderr)")
    }

    @Test func aPartPrintedUnjoinedSaysWhatItIs() throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("part.png").path
        let made = try QRProcess.run(["encode", "a message long enough for three parts", "--split", "3", "-o", out])
        #expect(made.status == 0, "\(made.stderr)")
        let first = folder.appendingPathComponent("part-01.png").path
        let run = try QRProcess.run(["decode", first])
        #expect(run.status == 0)
        #expect(!run.text.isEmpty)
        #expect(
            run.stderr == "qr: \(first): part 1 of 3 of a split code; give every part with --join to join them\n")
        // --join says what is missing its own way; --json lists the sequence.
        #expect(!(try QRProcess.run(["decode", first, "--join"]).stderr.contains("give every part")))
        #expect(try QRProcess.run(["decode", first, "--json"]).stderr.isEmpty)
    }
}

@Suite struct CommandLineConventionsTests {
    let photo = PackagePaths.sample("photos/qrcode-2-30.png")
    let photoText = "MECARD:N:測試;;"

    @Test func qrAloneIsAUsageError() throws {
        let run = try QRProcess.run([])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Usage: qr "))
        #expect(run.stderr.contains("See 'qr --help'"))
    }

    @Test(arguments: ["-V", "--version"])
    func versionHasAShortName(_ flag: String) throws {
        let run = try QRProcess.run([flag])
        #expect(run.status == 0)
        #expect(run.text == "0.1.0\n")
    }

    @Test func decodeReadsAPipedPicture() throws {
        let run = try QRProcess.run(["decode"], stdin: try Data(contentsOf: URL(fileURLWithPath: photo)))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text == photoText + "\n")
    }

    /// With a terminal on standard input and nothing named, a usage error says what to give.
    @Test(.enabled(if: ProgramRunner.tool("script") != nil, "script (util-linux) gives the terminal"))
    func decodeWithNothingFromATerminalIsAUsageError() throws {
        let qr = try #require(ProgramRunner.qrExecutable)
        let script = try #require(ProgramRunner.tool("script"))
        let run = try ProgramRunner.run(script, ["-qec", "'\(qr)' decode", "/dev/null"])
        #expect(run.status == 64)
        #expect(run.text.contains("Give a picture, a folder, '-' for standard input, or --files-from."))
    }

    @Test func fileNamesAsAsked() throws {
        let other = PackagePaths.sample("photos/qrcode-2-17.png")
        #expect(try QRProcess.run(["decode", "-H", photo]).text == "\(photo): \(photoText)\n")
        #expect(try QRProcess.run(["decode", "--with-filename", photo]).text == "\(photo): \(photoText)\n")
        let bare = try QRProcess.run(["decode", "--no-filename", photo, other])
        #expect(bare.status == 0)
        #expect(bare.text.hasPrefix(photoText + "\n"))
        #expect(!bare.text.contains(other))
        #expect(try QRProcess.run(["decode", "-H", "--no-filename", photo]).status == 64)
    }

    @Test func jsonGivesANullWinnerWhenNothingIsFound() throws {
        let run = try QRProcess.run(["decode", PackagePaths.fixture("no-code.png"), "--json"])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        let report = try #require(object["report"] as? [String: Any])
        #expect(report["winner"] is NSNull)
    }

    @Test(arguments: ["0", "1", "17"])
    func splitTakesTwoToSixteen(_ parts: String) throws {
        let run = try QRProcess.run(["encode", "hello", "--split", parts, "-o", "/tmp/never-written.png"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--split takes 2 to 16 symbols, not \(parts)"), "\(run.stderr)")
    }

    /// Every status 64 reads alike: ArgumentParser's `Error:` and the usage, whether the
    /// command line or only the payload or the symbol showed it.
    @Test(arguments: [
        (["encode", "h€llo", "--encoding", "ISO-8859-1"], "has no form in ISO-8859-1; drop --encoding"),
        (["encode", "hello", "--mode", "numeric"], "does not fit numeric mode"),
        (["encode", "hello", "--size-px", "5"], "--size-px of 5 px is too small"),
        (["encode", "hello", "--size-px", "0"], "--size-px must be at least 1"),
    ])
    func lateUsageErrorsReadAsTheOthers(_ arguments: [String], _ says: String) throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try QRProcess.run(arguments + ["-o", folder.appendingPathComponent("a.png").path])
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: "), "\(run.stderr)")
        #expect(run.stderr.contains(says), "\(run.stderr)")
        #expect(
            run.stderr.hasSuffix(
                "Usage: qr encode [<options>] [<text>]\n  See 'qr encode --help' for more information.\n"))
    }
}
