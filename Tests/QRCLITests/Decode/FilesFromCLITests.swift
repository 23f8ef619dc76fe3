// qr CLI tests — `qr decode --files-from`: a list of paths read as a stream, in bounded memory.
import Foundation
import QRKit
import QRTestSupport
import Testing

@Suite struct FilesFromCLITests {
    let photo = PackagePaths.sample("photos/qrcode-2-30.png")
    let photoText = "MECARD:N:測試;;"

    /// A path of 3 800 bytes (19 folders of 199 bytes) that does not exist: a line near
    /// the length limit, cheap to fail on.
    static func longMissingPath(_ scratch: ScratchDirectory, _ number: Int) -> String {
        let folder = String(repeating: "d", count: 199)
        return scratch.path(Array(repeating: folder, count: 19).joined(separator: "/") + "/\(number).png")
    }

    @Test(.timeLimit(.minutes(10))) func eachPathIsDecodedAsItArrives() throws {
        let qr = try #require(ProgramRunner.qrExecutable)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: qr)
        process.arguments = ["decode", "--files-from", "-", "--json", "--jobs", "2"]
        process.environment = ProcessInfo.processInfo.environment.merging(["QRKIT_CHECK_QUICK_PARSE": "1"]) { $1 }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let lines = LineWaiter(output.fileHandleForReading)
        defer {
            try? input.fileHandleForWriting.close()
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        // Each answer must come while the list is still open: a reader that waited for
        // the end of its list would never answer here.
        for path in [photo, "/nonexistent/x.png", PackagePaths.sample("photos/qrcode-2-17.png")] {
            try input.fileHandleForWriting.write(contentsOf: Data((path + "\n").utf8))
            let line = try #require(lines.next(within: .seconds(60)), "no answer for \(path) while the list was open")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["file"] as? String == path)
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(lines.next(within: .seconds(10)) == nil)
    }

    // The streams below are as good as endless to a reader that holds a line and a piece
    // of the stream, but end at 256 MiB, so that a reader that kept it all fails the test
    // rather than fill the machine.

    @Test(.timeLimit(.minutes(10))) func anEndlessLineIsRefusedAtTheLimit() throws {
        let qr = try #require(ProgramRunner.qrExecutable)
        let run = try ProgramRunner.run(
            "/bin/sh", ["-c", #"head -c 256M /dev/zero | tr '\0' x | "$0" decode --files-from - --json"#, qr])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr == "qr: <stdin>: line 1 is longer than 4096 bytes, which no path can be (one path per line)\n")
    }

    @Test(.timeLimit(.minutes(10))) func aStreamOfNULBytesIsRefused() throws {
        let qr = try #require(ProgramRunner.qrExecutable)
        let run = try ProgramRunner.run("/bin/sh", ["-c", #"head -c 256M /dev/zero | "$0" decode --files-from -"#, qr])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "qr: <stdin>: line 1 holds a NUL byte, which no path can (one path per line, not find -print0)\n")
    }

    @Test func aLongLineAfterGoodOnesStopsTheListThoseBeforeAreDecoded() throws {
        let list = photo + "\n" + String(repeating: "x", count: 5_000) + "\n" + photo + "\n"
        let run = try QRProcess.run(["decode", "--files-from", "-", "--json"], stdin: Data(list.utf8))
        #expect(run.status == 2)
        #expect(run.text.split(separator: "\n").count == 1)
        #expect(
            run.stderr == "qr: <stdin>: line 2 is longer than 4096 bytes, which no path can be (one path per line)\n")
    }

    @Test func manyPathsComeOutInInputOrder() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        // More than two batches of 256, with line ends of both kinds and a blank line;
        // every fortieth path is a photo, the others are missing.
        let paths = (0..<600).map { $0 % 40 == 0 ? photo : scratch.path("missing-\($0).png") }
        let list =
            paths.enumerated().map { $0.offset % 3 == 0 ? $0.element + "\r\n" : $0.element + "\n" }.joined() + "  \n"
        let run = try QRProcess.run(["decode", "--files-from", "-", "--json", "--jobs", "2"], stdin: Data(list.utf8))
        #expect(run.status == 2)
        let objects = try run.text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["file"] as? String } == paths)
        for (path, object) in zip(paths, objects) {
            if path == photo {
                #expect((object["symbols"] as? [[String: Any]])?.first?["text"] as? String == photoText)
            } else {
                #expect((object["error"] as? String)?.contains("No such file") == true)
            }
        }
    }

    @Test func aDashInAListIsAFileNotStandardInput() throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try QRProcess.run(["decode", "--files-from", "-"], stdin: Data("-\n".utf8), in: folder)
        #expect(run.status == 2)
        #expect(run.stderr == "qr: -: cannot read: No such file or directory\n")
    }

    @Test func anEmptyListIsNamed() throws {
        let run = try QRProcess.run(["decode", "--files-from", "-"], stdin: Data("\n \n".utf8))
        #expect(run.status == 1)
        #expect(run.stderr == "qr: <stdin>: no paths in this list\n")
    }

    /// 8 000 lines of 3.8 KB (30 MB of list) against 2 000 (7.6 MB): every path is tried
    /// and reported, and the peak memory does not follow the list's length. Reading the
    /// whole list first, as `qr` once did, held it three times over: 68 MB more for the
    /// longer list. The peak of a run with two workers varies by up to 5 MB from run to
    /// run whatever the list's length (10.7 to 13.5 MB at 8 000 lines, 10.9 to 13.6 MB at
    /// 2 000, 2026-11-25), so both runs pass through the workers, and the bound is 8 MB.
    @Test(.timeLimit(.minutes(10))) func memoryDoesNotGrowWithTheList() throws {
        let qr = try #require(ProgramRunner.qrExecutable)
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        func list(_ name: String, _ count: Int) throws -> String {
            try scratch.file(name, Array((0..<count).map { Self.longMissingPath(scratch, $0) + "\n" }.joined().utf8))
        }
        let (fewer, count) = (2_000, 8_000)
        let small = try MeasuredRun.run(
            qr, ["decode", "-q", "--files-from", list("fewer.txt", fewer)], scratch: scratch)
        let large = try MeasuredRun.run(
            qr, ["decode", "-q", "--files-from", list("many.txt", count)], scratch: scratch)
        #expect(small.status == 2)
        #expect(large.status == 2)
        #expect(small.stderr.split(separator: "\n").count == fewer)
        let reported = large.stderr.split(separator: "\n")
        #expect(reported.count == count)
        #expect(reported.last?.contains("/\(count - 1).png: cannot read") == true)
        #expect(large.peakKilobytes > 0 && small.peakKilobytes > 0, "the sampling missed a run")
        #expect(
            large.peakKilobytes < small.peakKilobytes + 8_192,
            "a list 4 times as long (30 MB) raised the peak from \(small.peakKilobytes) to \(large.peakKilobytes) KB")
    }
}

/// Reads the lines a program writes to a pipe on a thread of its own, so that a test can
/// wait for the next one with a deadline rather than hang.
final class LineWaiter: Sendable {
    private let lines = Locked<[String]>([])
    private let arrived = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        let thread = Thread { [lines, arrived] in
            var pending = Data()
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                pending.append(data)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending = Data(pending[(newline + 1)...])
                    lines.withLock { $0.append(line) }
                    arrived.signal()
                }
            }
        }
        thread.start()
    }

    /// The next line, or nil when none came within `limit`.
    func next(within limit: Duration) -> String? {
        let milliseconds = Int(limit.components.seconds * 1_000)
        guard arrived.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else { return nil }
        return lines.withLock { $0.removeFirst() }
    }
}
