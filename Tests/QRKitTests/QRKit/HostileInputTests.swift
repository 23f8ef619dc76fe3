// QRKit tests — hostile and broken input: every bad file gives its own error naming the
// file, degenerate pictures decode to "no code", and nothing crashes, hangs or balloons.
import Foundation
import QRBench
import QRCorpus
import QRTestSupport
import Testing
@testable import QRCore
@testable import QRKit
@testable import QRZBar

@Suite(.timeLimit(.minutes(10)), .tags(.sanitized)) struct HostileInputTests {
    @Test("an unreadable input gives an error that names it and says why", arguments: HostileInputs.unreadable)
    func unreadableInput(_ input: HostileInput) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try input.make(in: scratch)
        let expected = input.error(path)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: expected) { try ImageReader().read(contentsOf: path) }
        #expect(clock.now - start < .seconds(4), "reading \(input.name) took too long")
        #expect(expected.description.hasPrefix(path + ": "))
    }

    @Test func theCutsCoverEveryPartOfTheFile() {
        // Signature, IHDR, IDAT's header, data and CRC: the cut points reach into each.
        let iend = HostileInputs.photo.count - 12
        #expect(Array(HostileInputs.photo[iend + 4..<iend + 8]) == Array("IEND".utf8))
        let cuts = HostileInputs.cuts
        #expect(cuts.contains { $0 < 8 })
        #expect(cuts.contains { (8..<33).contains($0) })
        #expect(cuts.contains { (33..<41).contains($0) })
        #expect(cuts.contains { (41..<iend - 4).contains($0) })
        #expect(cuts.contains { (iend - 4..<iend).contains($0) })
        #expect(cuts.allSatisfy { $0 < iend })
    }

    @Test("a PNG cut inside IEND still has its whole picture", arguments: HostileInputs.cutsInIEND)
    func cutInIEND(_ cut: Int) throws {
        let whole = try PNGReader().read(data: HostileInputs.photo, name: "whole.png")
        let image = try PNGReader().read(data: Array(HostileInputs.photo[0..<cut]), name: "cut.png")
        #expect(image == whole)
        #expect(try QRDecoder().decode(image).symbols.map(\.text) == ["MECARD:N:測試;;"])
    }

    @Test("a degenerate picture reads and decodes to no code", arguments: HostileInputs.codeless)
    func codelessPicture(_ picture: CodelessPicture) throws {
        let image = try PNGReader().read(data: picture.bytes, name: picture.name)
        #expect(image.width == picture.width && image.height == picture.height)
        for name in [StrategyName.race, .all] {
            let report = try QRDecoder(strategy: name.makeStrategy()).decode(image)
            #expect(report.symbols.isEmpty)
            #expect(report.engines.allSatisfy { $0.outcome == .none }, "\(report.engines)")
        }
    }

    @Test func aPictureThatInflatesPastThePixelLimitIsRefusedFromItsHeader() {
        // 400 megapixels in about 310 KB: refused before any pixel memory is allocated.
        let bomb = PNGBytes.flat(width: 20_000, height: 20_000)
        #expect(bomb.count < 400_000)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: ImageError.tooLarge(file: "bomb.png", width: 20_000, height: 20_000, limit: 100_000_000)) {
            try PNGReader().read(data: bomb, name: "bomb.png")
        }
        #expect(clock.now - start < .milliseconds(200))
    }

    @Test func theRunLengthPNGsReadBackExactly() throws {
        // The fixture the memory tests rely on: a small picture made the same way.
        let black = try PNGReader().read(data: PNGBytes.flat(width: 300, height: 7), name: "black")
        #expect(black == GrayImage(width: 300, height: 7, filledWith: 0))
        let white = try PNGReader().read(
            data: PNGBytes.flat(width: 301, height: 5, depth: 8, black: false), name: "white")
        #expect(white == GrayImage(width: 301, height: 5, filledWith: 255))
    }

    @Test func aFileLargerThanAnyPictureWithinTheLimitIsRefusedFromItsSize() throws {
        // A sparse file of 1 GiB that starts like a PNG: fstat's size refuses it, so the
        // time is that of a refusal, not of reading a gigabyte of zeros.
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try HostileInputs.sparseFile(
            "endless.png", in: scratch, starting: PNGBytes.header(width: 10, height: 10), size: 1 << 30)
        let reader = PNGReader(pixelLimit: 1_000)
        #expect(reader.maximumFileSize == 8_000 + 16 << 20)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(
            throws: ImageError.unreadableFile(
                file: path,
                reason:
                    "the file is 1073741824 bytes, more than any picture within the limits needs (at most \(reader.maximumFileSize) bytes)"
            )
        ) {
            try reader.read(contentsOf: path)
        }
        #expect(clock.now - start < .milliseconds(200))
    }

    @Test func aTwoGigabyteFileIsRefusedAtTheDefaultLimit() throws {
        // The default limit (100 megapixels) allows 816 777 216 bytes; the peak memory of
        // this refusal is measured on `qr decode`, in a process of its own.
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try HostileInputs.sparseFile(
            "sparse.png", in: scratch, starting: PNGBytes.header(width: 10, height: 10), size: 2 << 30)
        do {
            _ = try ImageReader().read(contentsOf: path)
            Issue.record("a 2 GiB file was read")
        } catch {
            #expect(
                error.description
                    == "\(path): cannot read: the file is 2147483648 bytes, more than any picture within the limits needs (at most 268435456 bytes)"
            )
        }
    }

    // Standard input and other open descriptors get the same bounds as named files.

    @Test func anEndlessStreamOnADescriptorIsReadOnlyAsFarAsItsFirstBytes() throws {
        let zero = open("/dev/zero", O_RDONLY)
        try #require(zero >= 0)
        defer { close(zero) }
        #expect(throws: ImageError.unsupportedFormat(file: "<stdin>", format: .unknown)) {
            try ImageReader().read(descriptor: zero, name: "<stdin>")
        }
    }

    @Test func aStreamLongerThanAnyPictureWithinTheLimitIsNotReadToTheEnd() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let reader = PNGReader(pixelLimit: 1_000)
        // A PNG header, then zeros to 1 MiB past the cap; the writer is not made to wait
        // on a reader that stopped: the test drains what is left.
        let header = PNGBytes.header(width: 10, height: 10)
        let total = reader.maximumFileSize + (1 << 20)
        let writeEnd = ends[1]
        let writer = Thread {
            var chunk = header + [UInt8](repeating: 0, count: (1 << 16) - header.count)
            var written = 0
            while written < total {
                let n = chunk.withUnsafeMutableBytes { write(writeEnd, $0.baseAddress, min($0.count, total - written)) }
                if n <= 0 { break }
                written += n
                if written >= header.count { chunk = [UInt8](repeating: 0, count: 1 << 16) }
            }
            close(writeEnd)
        }
        writer.start()
        #expect(
            throws: ImageError.unreadableFile(
                file: "<stdin>",
                reason:
                    "the file is larger than any picture within the limits needs (over \(reader.maximumFileSize) bytes)"
            )
        ) {
            try reader.read(descriptor: ends[0], name: "<stdin>")
        }
        var sink = [UInt8](repeating: 0, count: 1 << 16)
        while sink.withUnsafeMutableBytes({ read(ends[0], $0.baseAddress, $0.count) }) > 0 {}
    }

    /// The same photo as PNG and in every other format read.
    static let photos: [[UInt8]] = [
        HostileInputs.photo, HostileInputs.jpeg, HostileInputs.lossyWebP, HostileInputs.tiff, HostileInputs.gif,
    ]

    @Test("a picture on a pipe reads as the file does", arguments: photos)
    func aPictureOnAPipeReadsAsTheFileDoes(_ photo: [UInt8]) throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let writeEnd = ends[1]
        HostileInputs.startTwoPartWriter(photo) { writeEnd }
        let image = try ImageReader().read(descriptor: ends[0], name: "<stdin>")
        #expect(image == (try ImageReader().read(data: photo, name: "photo")))
    }

    @Test("a picture in a FIFO with a writer reads as the file does", arguments: photos)
    func aPictureInAFIFOReadsAsTheFileDoes(_ photo: [UInt8]) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try HostileInputs.fifos("pipe", in: scratch)[0]
        // The writer waits in open(2) for the reader, then writes in two parts.
        HostileInputs.startTwoPartWriter(photo) { open(path, O_WRONLY) }
        let image = try ImageReader().read(contentsOf: path)
        #expect(image == (try ImageReader().read(data: photo, name: "photo")))
    }

    @Test func aFIFOWhoseWriterComesLateIsWaitedFor() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try HostileInputs.fifos("late.png", in: scratch)[0]
        let photo = HostileInputs.photo
        let writer = Thread {
            usleep(300_000)
            // Non-blocking, so the thread cannot be left waiting if the reader gave up.
            let descriptor = open(path, O_WRONLY | O_NONBLOCK)
            guard descriptor >= 0 else { return }
            photo.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()
        #expect(try PNGReader().read(contentsOf: path).width == 350)
    }

    @Test func theWaitForAFIFOWriterIsBounded() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = scratch.path("silent.png")
        #expect(mkfifo(path, 0o600) == 0)
        let reader = ImageReader()
        let clock = ContinuousClock()
        let start = clock.now
        #expect(
            throws: ImageError.unreadableFile(
                file: path, reason: "a named pipe (FIFO) that nothing was written to within 0.1 seconds")
        ) {
            try reader.read(contentsOf: path, writerWait: .milliseconds(100))
        }
        #expect(clock.now - start < .seconds(1))
    }

    @Test func aFIFOWhoseWriterStallsMidStreamIsGivenUpOn() throws {
        // 100 bytes of a picture, then nothing for 0.8 seconds with the pipe held open.
        let pipe = try StalledFIFO(silentFor: .milliseconds(800))
        defer { pipe.finish() }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(
            throws: ImageError.unreadableFile(
                file: pipe.path,
                reason: "a named pipe (FIFO) that stalled after 100 bytes: nothing written within 0.2 seconds")
        ) {
            try ImageReader().read(contentsOf: pipe.path, writerWait: .milliseconds(200))
        }
        #expect(clock.now - start < .seconds(1))
    }

    @Test func aFIFOThatTricklesIsGivenUpOnAtTheWholeReadsLimit() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try HostileInputs.fifos("trickle.png", in: scratch)[0]
        // A byte every 20 ms, never a stall of 200 ms: only the limit on the whole read ends it.
        let writer = HostileInputs.startWriter(
            to: path, first: Array(HostileInputs.photo.prefix(40)), trickle: Array(HostileInputs.photo.dropFirst(40)),
            for: .seconds(1))
        defer { writer.finish() }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(
            throws: ImageError.unreadableFile(
                file: path, reason: "a named pipe (FIFO) not read to its end within 0.5 seconds")
        ) {
            try ImageReader().read(contentsOf: path, writerWait: .milliseconds(200), readLimit: .milliseconds(500))
        }
        #expect(clock.now - start < .seconds(1.5))
    }

    @Test func aTerminalIsRefusedAtOnceNotRead() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: ImageError.unreadableFile(file: terminal.path, reason: "a terminal, not a picture")) {
            try ImageReader().read(contentsOf: terminal.path)
        }
        let descriptor = open(terminal.path, O_RDONLY | O_NOCTTY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: ImageError.unreadableFile(file: "<stdin>", reason: "a terminal, not a picture")) {
            try ImageReader().read(descriptor: descriptor, name: "<stdin>")
        }
        #expect(clock.now - start < .milliseconds(500))
    }
}

/// Engines given pictures of degenerate shapes: no crash, no error, no code.
@Suite(.tags(.sanitized)) struct DegenerateImageTests {
    static let shapes: [(Int, Int)] = [
        (1, 1), (1, 2), (2, 1), (2, 2), (3, 3), (7, 7), (20, 1), (1, 1_000), (1_000, 1), (65_535, 1), (1, 65_535),
    ]

    @Test(arguments: shapes)
    func everyEngineReadsNothing(width: Int, height: Int) throws {
        var random = SplitMix64(seed: UInt64(width * 31 + height))
        let images = [
            GrayImage(width: width, height: height, filledWith: 0),
            GrayImage(width: width, height: height, filledWith: 255),
            GrayImage(width: width, height: height, pixels: random.bytes(width * height)),
        ]
        for image in images {
            for engine in DecodeStrategy.standardEngines {
                #expect(try engine.decode(image, cancel: CancellationFlag()).isEmpty, "\(engine.name)")
            }
        }
    }

    @Test func extraPassesOnThinPicturesStayNearTheirSize() {
        // A thin picture's derived pictures (rescaled, padded and smoothed) must not grow
        // with its longer side squared: 65 535 × 1 once became 78 641 × 13 107 (1 GB a copy).
        for (width, height) in Self.shapes + [(1_000_000, 1), (1_000_000, 100), (9_000, 9_000)] {
            let border = ZBarEngine.quietZone(width: width, height: height)
            let padded = (width + 2 * border) * (height + 2 * border)
            #expect(
                padded <= 2 * width * height + 20 * (width + height) + 400,
                "\(width) × \(height) pads to \(padded) pixels")
        }
    }

    /// A code of one pixel a module grows four times for zbar, not to 640 pixels, and
    /// reads; a picture of 300 pixels still grows to 640.
    @Test func zbarGrowsASmallPictureFourTimesAtMost() throws {
        let matrix = try GeometryPictures.matrix()
        let side = matrix.size + 8
        let picture = PictureVariants(GeometryPictures.draw(matrix, width: side, height: side) { $0 })
        let grown = try #require(ZBarEngine.rescaledForZBar(picture))
        #expect(grown.width == 4 * side && grown.height == 4 * side)
        let rescaled = try #require(ZBarEngine().passes.firstIndex(of: .rescaled))
        #expect(try ZBarEngine().decode(picture, pass: rescaled).map(\.text) == [GeometryPictures.text])
        let medium = ZBarEngine.rescaledForZBar(PictureVariants(GrayImage(width: 300, height: 200, filledWith: 9)))
        #expect(medium?.width == 640)
    }

    @Test func zbarRescalesDegenerateShapesWithoutLosingARow() {
        // The rescaled pass must never ask for a 0-pixel side.
        for (width, height) in Self.shapes {
            if let resized = ZBarEngine.rescaledForZBar(
                PictureVariants(GrayImage(width: width, height: height, filledWith: 9)))
            {
                #expect(resized.width >= 1 && resized.height >= 1)
            }
        }
    }
}
