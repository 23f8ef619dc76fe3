// QRKit tests — FileSystem: the one place the package reads descriptors.
import Foundation
import QRTestSupport
import Testing

@testable import QRCore
@testable import QRKit

@Suite struct FileSystemTests {
    /// Standard input may come non-blocking (its flags are shared with other processes):
    /// `qr encode -i -` waits for the writer there, as the picture readers do.
    @Test func aNonBlockingPipeIsWaitedOnNotFailed() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        try #require(fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK) == 0)
        let writeEnd = ends[1]
        let payload = Array("written after the reader started".utf8)
        let writer = Thread {
            usleep(50_000)
            payload.withUnsafeBytes { _ = write(writeEnd, $0.baseAddress, $0.count) }
            close(writeEnd)
        }
        writer.start()
        #expect(try FileSystem.read(descriptor: ends[0], name: "<stdin>") == payload)
    }

    @Test func aStreamOverTheLimitFailsWithTheReasonGiven() throws {
        let bytes = [UInt8](repeating: 0x61, count: 100)
        let atLimit = try Self.pipeHolding(bytes)
        defer { close(atLimit) }
        #expect(try FileSystem.read(descriptor: atLimit, name: "<stdin>", limit: 100, tooLarge: "too long") == bytes)
        let overLimit = try Self.pipeHolding(bytes)
        defer { close(overLimit) }
        do {
            _ = try FileSystem.read(descriptor: overLimit, name: "<stdin>", limit: 99, tooLarge: "too long")
            Issue.record("read 100 bytes past a limit of 99")
        } catch {
            #expect(error.description == "<stdin>: too long")
        }
    }

    @Test func aRegularFileOverTheLimitFailsFromItsSizeBeforeAnyRead() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try scratch.file("over.bin", [UInt8](repeating: 1, count: 101))
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        do {
            _ = try FileSystem.read(descriptor: descriptor, name: path, limit: 100, tooLarge: "too long")
            Issue.record("read 101 bytes past a limit of 100")
        } catch {
            #expect(error.description == "\(path): too long")
        }
        // Nothing was read: the descriptor is still at the start.
        #expect(lseek(descriptor, 0, SEEK_CUR) == 0)
    }

    @Test func aFileIsReadIntoABufferOfItsSizeAndAStreamsBufferStopsNearTheLimit() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let bytes = (0..<45_000).map { UInt8(truncatingIfNeeded: $0) }
        let path = try scratch.file("bytes.bin", bytes)
        let whole = try FileSystem.read(path)
        #expect(whole == bytes)
        #expect(whole.capacity < 45_000 + 1_024, "\(whole.capacity)")
        // The same bytes as a stream of unknown size, 10 000 at a time: doubling would give
        // 80 000 bytes of buffer; the limit and a chunk are 60 000.
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let streamed = try FileSystem.readToEnd(
            descriptor: descriptor, name: path, limit: 50_000, tooLarge: "too long", chunkSize: 10_000)
        #expect(streamed == bytes)
        #expect(streamed.capacity < 61_000, "\(streamed.capacity)")
    }

    @Test func aFolderScanListsRegularFilesAndPassesOverPipesDevicesAndTerminals() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let picture = try scratch.file("a.png", [1, 2, 3])
        let pipes = try HostileInputs.fifos("b.png", count: 2, in: scratch)
        #expect(symlink("/dev/null", scratch.path("c.jpg")) == 0)
        #expect(symlink(terminal.path, scratch.path("d.gif")) == 0)
        #expect(symlink("missing.png", scratch.path("e.png")) == 0)
        #expect(symlink(picture, scratch.path("f.png")) == 0)
        try HostileInputs.fifos("g.txt", in: scratch)
        var skipped: [String] = []
        let found = FileSystem.files(under: scratch.path, endingWith: [".png", ".jpg", ".gif"]) { path, kind in
            skipped.append("\(path) \(kind)")
        }
        // Sorted: "b-1.png" before "b.png". The link to nothing is listed, so that reading it says why it cannot be read.
        #expect(found == [picture, scratch.path("e.png"), scratch.path("f.png")])
        #expect(
            skipped == [
                "\(pipes[1]) pipe", "\(pipes[0]) pipe", "\(scratch.path("c.jpg")) characterDevice",
                "\(scratch.path("d.gif")) characterDevice",
            ])
    }

    /// A name that is not UTF-8 (0xFF and 0xFE are never UTF-8), as an old Latin-1 file
    /// system or a hostile upload makes.
    static let badName: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array(".png".utf8)

    @Test func aFolderListsANameThatIsNotUTF8AsItsBytesAndTheReaderOpensIt() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let picture = PNGBytes.flat(width: 3, height: 2)
        let file = try scratch.file(named: Self.badName, picture)
        // A folder whose name is not UTF-8 either, with one picture in it.
        let folder = try scratch.folder(named: Array("sub".utf8) + [0xE9])
        let inner = try scratch.file(named: Array("sub".utf8) + [0xE9] + Array("/x.PNG".utf8), picture)

        let found = FileSystem.files(under: Array(scratch.path.utf8), endingWith: [".png"])
        #expect(found == [file, inner])
        #expect(FileSystem.isDirectory(folder))
        #expect(!FileSystem.isDirectory(file))
        for path in found {
            let image = try ImageReader().read(contentsOfPath: path)
            #expect(image.width == 3 && image.height == 2)
        }
        // Through a String the name is lost: U+FFFD in place of each byte, another path.
        let lossy = String(decoding: file, as: UTF8.self)
        #expect(FileSystem.files(under: scratch.path, endingWith: [".png"]).first == lossy)
        #expect(throws: ImageError.unreadableFile(file: lossy, reason: "No such file or directory")) {
            try ImageReader().read(contentsOf: lossy)
        }
    }

    @Test func aPathOfBytesIsNamedInErrorsAsTheCallerSays() throws {
        let missing = Array("/nonexistent/".utf8) + Self.badName
        #expect(throws: ImageError.unreadableFile(file: "shown", reason: "No such file or directory")) {
            try ImageReader().read(contentsOfPath: missing, name: "shown")
        }
        #expect(
            throws: ImageError.unreadableFile(
                file: "/nonexistent/bad\u{FFFD}\u{FFFD}.png", reason: "No such file or directory")
        ) {
            try ImageReader().read(contentsOfPath: missing)
        }
    }

    /// A NUL byte would end the path early in C, naming another file: refused instead.
    @Test func aPathWithANULByteIsRefusedNotCutShort() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let real = try scratch.file("real.png", PNGBytes.flat(width: 1, height: 1))
        let cut = Array(real.utf8) + [0] + Array(".other".utf8)
        #expect(!FileSystem.isDirectory(Array(scratch.path.utf8) + [0]))
        #expect(throws: ImageError.unreadableFile(file: "cut", reason: "a path cannot hold a NUL byte")) {
            try ImageReader().read(contentsOfPath: cut, name: "cut")
        }
    }

    /// The read end of a pipe that holds `bytes` and then ends.
    static func pipeHolding(_ bytes: [UInt8]) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        bytes.withUnsafeBytes { _ = write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        return ends[0]
    }
}
