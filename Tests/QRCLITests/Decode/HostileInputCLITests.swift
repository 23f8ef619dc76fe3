// qr CLI tests — hostile and broken input end to end: each bad file is named on stderr with
// its reason and gives exit status 2, degenerate pictures give 1, nothing crashes or hangs,
// and in a batch one bad file does not stop the others.
import Foundation
import QRTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(10))) struct HostileInputCLITests {
    let photo = PackagePaths.sample("photos/qrcode-2-30.png")
    let photoText = "MECARD:N:測試;;"

    @Test("an unreadable input exits 2 and stderr names it and says why", arguments: HostileInputs.unreadable)
    func unreadableInput(_ input: HostileInput) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try input.make(in: scratch)
        let run = try QRProcess.run(["decode", path])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "qr: \(input.error(path))\n")
    }

    @Test("a degenerate picture exits 1 with nothing printed", arguments: HostileInputs.codeless)
    func codelessPicture(_ picture: CodelessPicture) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try scratch.file("degenerate.png", picture.bytes)
        let run = try QRProcess.run(["decode", path])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.isEmpty)
    }

    @Test func inABatchEveryBadFileIsReportedAndTheOthersAreDecoded() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let bad = try HostileInputs.unreadable.map { try $0.make(in: scratch) }
        let codeless = try HostileInputs.codeless.enumerated().map {
            try scratch.file("codeless-\($0.offset).png", $0.element.bytes)
        }
        let other = PackagePaths.sample("photos/qrcode-2-17.png")
        // Good files first, last and in the middle; two workers.
        let inputs = [photo] + bad[..<(bad.count / 2)] + codeless + [other] + bad[(bad.count / 2)...] + [photo]
        let run = try QRProcess.run(["decode", "--jobs", "2"] + inputs)
        #expect(run.status == 2)
        let decoded = run.text.split(separator: "\n")
        #expect(decoded.filter { $0.hasPrefix(photo + ": ") }.count == 2)
        #expect(decoded.contains { $0.hasPrefix(other + ": ") })
        let messages = run.stderr.split(separator: "\n").map(String.init)
        for (input, path) in zip(HostileInputs.unreadable, bad) {
            #expect(messages.contains("qr: \(input.error(path))"), "\(input.name) not reported")
        }
        // Among several inputs, a picture without a code is named too.
        for path in codeless { #expect(messages.contains("qr: \(path): no code found"), "\(path)") }
        #expect(messages.count == bad.count + codeless.count, "\(messages)")
    }

    @Test func inJSONEachBadFileHasItsErrorAndTheOthersTheirSymbols() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let empty = try scratch.file("empty.png", [])
        let cut = try scratch.file("cut.png", Array(HostileInputs.photo.prefix(100)))
        let run = try QRProcess.run(["decode", "--json", empty, photo, cut])
        #expect(run.status == 2)
        let objects = try run.text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["file"] as? String } == [empty, photo, cut])
        #expect((objects[0]["error"] as? String) == "\(empty): the file is empty")
        #expect((objects[1]["symbols"] as? [[String: Any]])?.first?["text"] as? String == photoText)
        #expect((objects[2]["error"] as? String)?.contains("truncated") == true)
    }

    @Test func aListedFileDeletedBeforeDecodingIsReportedAndTheRestDecoded() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let victim = try scratch.file("victim.png", HostileInputs.photo)
        let list = try scratch.file(
            "list.txt",
            Array([photo, victim, PackagePaths.sample("photos/qrcode-2-17.png")].joined(separator: "\n").utf8))
        #expect(unlink(victim) == 0)
        let run = try QRProcess.run(["decode", "--files-from", list, "--jobs", "1"])
        #expect(run.status == 2)
        #expect(run.text.split(separator: "\n").count == 2)
        #expect(run.stderr == "qr: \(victim): cannot read: No such file or directory\n")
    }

    @Test func aFIFOWithAWriterDecodes() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = scratch.path("pipe.png")
        #expect(mkfifo(path, 0o600) == 0)
        let bytes = HostileInputs.photo
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            bytes.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()
        let run = try QRProcess.run(["decode", path])
        #expect(run.status == 0)
        #expect(run.text == photoText + "\n")
    }

    /// What `qr decode` says of a folder holding no picture, of which it skipped `skipped`.
    private func noPictures(in folder: String, skipped: String) -> String {
        "qr: \(folder): no pictures in this folder (PNG, JPEG, WebP, TIFF, GIF, BMP, netpbm; skipped \(skipped))\n"
    }

    @Test func aFolderWithoutPicturesIsNamedAndExitsOne() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        try scratch.file("notes.txt", Array("no pictures here".utf8))
        let run = try QRProcess.run(["decode", scratch.path, photo])
        #expect(run.status == 1)
        #expect(run.text == photoText + "\n")
        #expect(run.stderr == noPictures(in: scratch.path, skipped: "1 file: notes.txt"))
        let alone = try QRProcess.run(["decode", scratch.path])
        #expect(alone.status == 1)
        #expect(alone.stderr == noPictures(in: scratch.path, skipped: "1 file: notes.txt"))
    }

    @Test func aFolderWithoutPicturesNamesTheFirstFilesItSkipped() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        for name in ["IMG_0002.HEIC", "IMG_0001.HEIC", "notes.txt", "scan.pdf"] {
            try scratch.file(name, Array("not read".utf8))
        }
        _ = try scratch.folder(named: Array("old".utf8))
        try scratch.file("old/clip.mov", Array("not read".utf8))
        let run = try QRProcess.run(["decode", scratch.path])
        #expect(run.status == 1)
        #expect(
            run.stderr == noPictures(in: scratch.path, skipped: "5 files: IMG_0001.HEIC, IMG_0002.HEIC, notes.txt, …"))
    }

    @Test func aBadFileInsideAFolderIsNamedByItsPath() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let good = try scratch.file("a-good.png", HostileInputs.photo)
        // Read by content: a cut JPEG named .png is a cut JPEG.
        let jpeg = try scratch.file("b-renamed.png", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF\0".utf8))
        let run = try QRProcess.run(["decode", scratch.path])
        #expect(run.status == 2)
        #expect(run.text == "\(good): \(photoText)\n")
        #expect(
            run.stderr
                == "qr: \(jpeg): truncated JPEG (the file ends before the image does; it may be an incomplete copy)\n")
    }

    @Test func aFolderWithALinkLoopAndALinkToNothingIsWalkedOnceAndTheBrokenLinkNamed() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        try FileManager.default.createDirectory(atPath: scratch.path("sub"), withIntermediateDirectories: true)
        let good = try scratch.file("sub/a.png", HostileInputs.photo)
        #expect(symlink("..", scratch.path("sub/up")) == 0)
        #expect(symlink("missing.png", scratch.path("dangling.png")) == 0)
        #expect(mkdir(scratch.path("folder.png"), 0o755) == 0)
        let run = try QRProcess.run(["decode", scratch.path])
        #expect(run.status == 2)
        #expect(run.text == "\(good): \(photoText)\n")
        #expect(run.stderr == "qr: \(scratch.path("dangling.png")): cannot read: No such file or directory\n")
    }

    @Test func aDecompressionBombIsRefusedAtOnce() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        // 400 megapixels (400 MB as 8-bit gray) in a file of about 310 KB. Its memory is
        // measured in StressTests, in a process of its own.
        let bomb = try scratch.file("bomb.png", PNGBytes.flat(width: 20_000, height: 20_000))
        let clock = ContinuousClock()
        let start = clock.now
        let run = try QRProcess.run(["decode", bomb])
        #expect(clock.now - start < .seconds(5))
        #expect(run.status == 2)
        #expect(run.stderr == "qr: \(bomb): image too large (20000 × 20000 pixels; the limit is 100000000 pixels)\n")
    }

    @Test func aSmallerPixelLimitRefusesAnOrdinaryPicture() throws {
        let run = try QRProcess.run(["decode", photo, "--max-pixels", "1000"])
        #expect(run.status == 2)
        #expect(run.stderr == "qr: \(photo): image too large (350 × 350 pixels; the limit is 1000 pixels)\n")
    }

    // Files that are no picture and could make reading wait: refused or passed over,
    // never waited on without end.

    @Test func aFolderScanPassesOverPipesDevicesAndTerminalsWithANoteAndWaitsForNone() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        try scratch.file("a.png", HostileInputs.photo)
        // Twenty pipes nobody writes to: each would cost the whole wait for a writer.
        let pipes = try HostileInputs.fifos("pipe.png", count: 20, in: scratch)
        #expect(symlink(terminal.path, scratch.path("terminal.png")) == 0)
        #expect(symlink("/dev/null", scratch.path("null.jpg")) == 0)
        let clock = ContinuousClock()
        let start = clock.now
        let run = try QRProcess.run(["decode", scratch.path])
        #expect(clock.now - start < .seconds(2))
        #expect(run.status == 0)
        #expect(run.text == photoText + "\n")
        let notes = run.stderr.split(separator: "\n").map(String.init)
        #expect(notes.contains("qr: \(scratch.path("terminal.png")): skipped: a device, not a regular file"))
        #expect(notes.contains("qr: \(scratch.path("null.jpg")): skipped: a device, not a regular file"))
        for pipe in pipes {
            #expect(notes.contains("qr: \(pipe): skipped: a named pipe (FIFO), not a regular file"))
        }
        #expect(notes.count == pipes.count + 2, "\(notes)")
        let quiet = try QRProcess.run(["decode", "--quiet", scratch.path])
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
    }

    @Test func aTerminalNamedAsAPictureIsRefusedAtOnce() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let clock = ContinuousClock()
        let start = clock.now
        let run = try QRProcess.run(["decode", terminal.path, photo])
        #expect(clock.now - start < .seconds(2))
        #expect(run.status == 2)
        #expect(run.text == "\(photo): \(photoText)\n")
        #expect(run.stderr == "qr: \(terminal.path): cannot read: a terminal, not a picture\n")
    }

    @Test func aNamedPipeWhoseWriterStallsEndsWithAnErrorNotAHang() throws {
        let pipe = try StalledFIFO(silentFor: .seconds(3))
        defer { pipe.finish() }
        let clock = ContinuousClock()
        let start = clock.now
        let run = try QRProcess.run(["decode", pipe.path, "--timeout-ms", "500"])
        #expect(clock.now - start < .seconds(3.5))
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "qr: \(pipe.path): cannot read: a named pipe (FIFO) that stalled after 100 bytes: nothing written within 2.0 seconds\n"
        )
    }

    @Test func aSparseTwoGigabyteFileIsRefusedWithoutReadingIt() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try HostileInputs.sparseFile(
            "sparse.png", in: scratch, starting: PNGBytes.header(width: 10, height: 10), size: 2 << 30)
        let qr = try #require(ProgramRunner.qrExecutable)
        let run = try MeasuredRun.run(qr, ["decode", path], scratch: scratch)
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "qr: \(path): cannot read: the file is 2147483648 bytes, more than any picture within the limits needs (at most 268435456 bytes)\n"
        )
        // qr itself takes some 15 MB; reading the file would take 800.
        #expect(run.peakKilobytes < 64 << 10, "peak \(run.peakKilobytes) KB")
        #expect(run.elapsed < .seconds(2))
    }
}
