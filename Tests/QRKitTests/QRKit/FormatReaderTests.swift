// QRKit tests — the JPEG, WebP, TIFF and GIF readers: the same photographs saved in each
// format (Samples/formats, made by scripts/make-format-samples.sh) read as their PNGs do;
// orientation tags turn pictures upright; the format is chosen by content.
import Foundation
import QRBench
import QRCorpus
import QRTestSupport
import Testing
@testable import QRCore
@testable import QRKit
@testable import QRGIF

/// The picture a sample of Samples/formats was made from: `photos/NAME.png` for
/// `formats/NAME.VARIANT.EXT`.
func photo(of sample: String) -> String {
    let name = sample.split(separator: "/").last.map(String.init) ?? sample
    return "photos/" + (name.split(separator: ".").first.map(String.init) ?? name) + ".png"
}

/// The largest difference between two pictures' pixels, and the mean one.
func difference(_ a: GrayImage, _ b: GrayImage) -> (largest: Int, mean: Double) {
    let differences = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }
    return (differences.max() ?? 0, Double(differences.reduce(0, +)) / Double(max(1, differences.count)))
}

@Suite(.tags(.sanitized)) struct FormatReaderTests {
    static let samples = SampleCorpus.pictures(under: "formats")

    @Test func everyFormatIsShipped() {
        #expect(Set(Self.samples.map(SampleCorpus.extensionOf)) == ["jpg", "webp", "tif", "gif"])
        // Three photographs in ten variants, and four more of one of them.
        #expect(Self.samples.count == 34)
    }

    @Test("a sample reads at its photo's size and decodes to its text, and to nothing else", arguments: samples)
    func readsAsItsPhoto(_ sample: String) throws {
        let image = try ImageReader().read(contentsOf: SampleCorpus.path(sample))
        let original = try PNGReader().read(contentsOf: SampleCorpus.path(photo(of: sample)))
        #expect(image.width == original.width && image.height == original.height)
        let expected = try SampleCorpus.expected(for: sample)
        #expect(expected == (try SampleCorpus.expected(for: photo(of: sample))))
        // The race's answer, and every symbol either engine reads: the text, never another.
        #expect(try QRDecoder().decode(image).symbols.map { Array($0.text.utf8) } == expected)
        let all = try QRDecoder(strategy: StrategyName.all.makeStrategy()).decode(image).symbols
        #expect(!all.isEmpty && all.allSatisfy { expected.contains(Array($0.text.utf8)) }, "\(all.map(\.text))")
    }

    /// How far each variant's pixels may be from the PNG's: none for lossless storage of
    /// the same grays (the photos are gray, so a GIF palette and CMYK hold them exactly);
    /// one level for lossless WebP, which libwebp hands over as video-range luma; for lossy
    /// coding, what the files show (2026-11-23: q95 at most 8 and 0.49 on average, q85
    /// progressive 29 and 1.5, q75 45 and 2.6, lossy WebP 24 and 1.2) with a margin. The
    /// G4 files are thresholded to 1 bit and left out.
    static let tolerances: [(suffix: String, largest: Int, mean: Double)] = [
        (".uncompressed.tif", 0, 0), (".lzw.tif", 0, 0), (".deflate.tif", 0, 0), (".two-pages.tif", 0, 0),
        (".cmyk.tif", 0, 0), (".gif", 0, 0), (".lossless.webp", 1, 0.05),
        (".q95.jpg", 16, 0.75), (".q85-progressive.jpg", 48, 2), (".q75.jpg", 64, 3.5),
        (".lossy.webp", 32, 1.5), (".animated.webp", 32, 1.5),
    ]

    @Test("a sample's pixels are its photo's, as near as its coding keeps them", arguments: samples)
    func pixelsMatchThePhoto(_ sample: String) throws {
        guard let tolerance = Self.tolerances.first(where: { sample.hasSuffix($0.suffix) }) else { return }
        let image = try ImageReader().read(contentsOf: SampleCorpus.path(sample))
        let original = try PNGReader().read(contentsOf: SampleCorpus.path(photo(of: sample)))
        let (largest, mean) = difference(image, original)
        #expect(largest <= tolerance.largest && mean <= tolerance.mean, "largest \(largest), mean \(mean)")
    }

    @Test("ImageReader hands each format to its own reader", arguments: samples)
    func dispatchByContent(_ sample: String) throws {
        let data = try #require(FileManager.default.contents(atPath: SampleCorpus.path(sample)).map(Array.init))
        let format = ImageFormat(sniffing: data)
        let readers: [ImageFormat: any ImageFileReader] = [
            .jpeg: JPEGReader(), .webp: WebPReader(), .tiff: TIFFReader(), .gif: GIFReader(),
        ]
        let own = try #require(readers[format], "\(format)")
        #expect(try ImageReader().read(data: data, name: sample) == own.read(data: data, name: sample))
        // Every other reader of one format names the format it was given.
        for (other, reader) in readers where other != format {
            #expect(throws: ImageError.wrongFormat(file: sample, expected: other, found: format)) {
                try reader.read(data: data, name: sample)
            }
        }
        #expect(throws: ImageError.wrongFormat(file: sample, expected: .png, found: format)) {
            try PNGReader().read(data: data, name: sample)
        }
    }

    @Test func aPictureReadsByItsContentWhateverItsName() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let jpeg = try #require(FileManager.default.contents(atPath: SampleCorpus.path("formats/qrcode-3-03.q75.jpg")))
        let png = try #require(FileManager.default.contents(atPath: SampleCorpus.path("photos/qrcode-3-03.png")))
        let jpegAsPNG = try scratch.file("photo.png", Array(jpeg))
        let pngAsJPEG = try scratch.file("photo.JPG", Array(png))
        let noName = try scratch.file("picture", Array(jpeg))
        #expect(try ImageReader().read(contentsOf: jpegAsPNG) == JPEGReader().read(data: Array(jpeg), name: "j"))
        #expect(try ImageReader().read(contentsOf: pngAsJPEG) == PNGReader().read(data: Array(png), name: "p"))
        #expect(try ImageReader().read(contentsOf: noName) == ImageReader().read(contentsOf: jpegAsPNG))
    }

    @Test func everyFormatReadsFromManyThreadsAtOnceAsItDoesAlone() throws {
        // The libraries keep no state between files (libtiff's handlers are per file),
        // so concurrent reads give what one read at a time gives.
        let paths = Self.samples.map(SampleCorpus.path)
        let alone = try paths.map { try ImageReader().read(contentsOf: $0) }
        let together = Locked([GrayImage?](repeating: nil, count: paths.count * 3))
        DispatchQueue.concurrentPerform(iterations: paths.count * 3) { index in
            let image = try? ImageReader().read(contentsOf: paths[index % paths.count])
            together.withLock { $0[index] = image }
        }
        for (index, image) in together.withLock({ $0 }).enumerated() {
            #expect(image == alone[index % paths.count], "\(paths[index % paths.count])")
        }
    }

    @Test func thePixelLimitIsTheReadersOwnForEveryFormat() throws {
        // 159 × 148 = 23 532 pixels: one pixel short is refused, the exact count reads.
        for sample in ["qrcode-3-03.q75.jpg", "qrcode-3-03.lossy.webp", "qrcode-3-03.lzw.tif", "qrcode-3-03.gif"] {
            let path = SampleCorpus.path("formats/" + sample)
            #expect(throws: ImageError.tooLarge(file: path, width: 159, height: 148, limit: 23_531)) {
                try ImageReader(pixelLimit: 23_531).read(contentsOf: path)
            }
            #expect(try ImageReader(pixelLimit: 23_532).read(contentsOf: path).pixelCount == 23_532)
        }
    }

    @Test func anAnimatedWebPGivesItsFirstFrameAndATwoPageTIFFItsFirstPage() throws {
        // The animation's second frame is blank, and the TIFF's second page another photo:
        // reading either would give no code or another text.
        let expected = try SampleCorpus.expected(for: "photos/qrcode-3-03.png")
        for sample in ["formats/qrcode-3-03.animated.webp", "formats/qrcode-3-03.two-pages.tif"] {
            let image = try ImageReader().read(contentsOf: SampleCorpus.path(sample))
            #expect(try QRDecoder().decode(image).symbols.map { Array($0.text.utf8) } == expected, "\(sample)")
        }
    }

    @Test func aJPEGWarningThatIsNoDamageStillReads() throws {
        // An unknown JFIF major version (the byte after "JFIF\0"): libjpeg warns and the
        // pixels are as written, so the picture reads; damage warnings refuse it
        // (HostileInputs.jpegInputs).
        let jpeg = HostileInputs.jpeg
        try #require(Array(jpeg[6..<11]) == Array("JFIF\0".utf8))
        let original = try JPEGReader().read(data: jpeg, name: "original.jpg")
        #expect(try JPEGReader().read(data: HostileInputs.patched(jpeg, at: 11, [2]), name: "jfif2.jpg") == original)
    }

    @Test func damagedPicturesOfEveryFormatNameTheirCause() throws {
        // The damage each library decodes past or reports in a code of its own: every one
        // is refused with words, never read as a picture that has no code.
        let damaged = HostileInputs.formats.filter {
            [
                "cut-scan.jpg", "corrupt-scan.jpg", "vp8-bits.webp", "g4-garbage.tif", "g4-short.tif", "samples.tif",
                "code-size.gif",
            ].contains($0.fileName)
        }
        #expect(damaged.count == 7)
        for input in damaged {
            guard case .bytes(let bytes) = input.kind else { continue }
            do {
                _ = try ImageReader().read(data: bytes, name: input.fileName)
                Issue.record("\(input.name) read")
            } catch {
                #expect(error == input.error(input.fileName))
                #expect(!error.description.contains("status"), "\(error)")
                #expect(!error.description.contains("truncated"), "\(error)")
            }
        }
    }

    @Test func interlacedGIFRowsComeInFourPasses() {
        #expect(GIFReader.rowOrder(height: 10, interlaced: true) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
        #expect(GIFReader.rowOrder(height: 3, interlaced: false) == [0, 1, 2])
        #expect(GIFReader.rowOrder(height: 1, interlaced: true) == [0])
    }
}

/// Pictures stored turned, with the tag that says so: Tests/Fixtures/orientation holds one
/// photo in each of the 8 orientations, as JPEG (EXIF) and TIFF.
@Suite(.tags(.sanitized)) struct OrientationTests {
    static func fixture(_ tag: Int, _ suffix: String) throws -> [UInt8] {
        let path = PackagePaths.fixture("orientation/orientation-\(tag).\(suffix)")
        return try #require(FileManager.default.contents(atPath: path).map(Array.init), "\(path)")
    }

    @Test("a JPEG is turned upright as its EXIF orientation says", arguments: 1...8)
    func jpeg(_ tag: Int) throws {
        let data = try Self.fixture(tag, "jpg")
        #expect(EXIF.orientation(inJPEG: data) == ImageOrientation(rawValue: tag))
        let upright = try JPEGReader().read(data: Self.fixture(1, "jpg"), name: "upright")
        let image = try JPEGReader().read(data: data, name: "turned")
        #expect(image.width == upright.width && image.height == upright.height)
        // jpegtran turned the picture without decoding it; only the rounding of the inverse
        // DCT, done rows first, may differ once turned.
        let (largest, mean) = difference(image, upright)
        #expect(largest <= 2 && mean < 0.1, "largest \(largest), mean \(mean)")
        try expectSameCorners(image, upright)
    }

    @Test("a TIFF is turned upright as its Orientation tag says", arguments: 1...8)
    func tiff(_ tag: Int) throws {
        let upright = try TIFFReader().read(data: Self.fixture(1, "tif"), name: "upright")
        let image = try TIFFReader().read(data: Self.fixture(tag, "tif"), name: "turned")
        #expect(image == upright)
        try expectSameCorners(image, upright)
    }

    /// Both engines find the code at the same corners in both pictures.
    func expectSameCorners(_ image: GrayImage, _ upright: GrayImage) throws {
        for engine in DecodeStrategy.standardEngines {
            let seen = try #require(try engine.decode(image, cancel: CancellationFlag()).first, "\(engine.name)")
            let expected = try #require(try engine.decode(upright, cancel: CancellationFlag()).first)
            for (a, b) in zip(seen.corners, expected.corners) {
                #expect(
                    abs(a.x - b.x) <= 1 && abs(a.y - b.y) <= 1,
                    "\(engine.name): \(seen.corners) against \(expected.corners)")
            }
        }
    }

    @Test func eachOrientationMovesEveryPixelWhereTheTagSays() {
        // 1 2 3
        // 4 5 6
        let stored = GrayImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])
        let seen: [ImageOrientation: (Int, [UInt8])] = [
            .topLeft: (3, [1, 2, 3, 4, 5, 6]),
            .topRight: (3, [3, 2, 1, 6, 5, 4]),
            .bottomRight: (3, [6, 5, 4, 3, 2, 1]),
            .bottomLeft: (3, [4, 5, 6, 1, 2, 3]),
            .leftTop: (2, [1, 4, 2, 5, 3, 6]),
            .rightTop: (2, [4, 1, 5, 2, 6, 3]),
            .rightBottom: (2, [6, 3, 5, 2, 4, 1]),
            .leftBottom: (2, [3, 6, 2, 5, 1, 4]),
        ]
        for orientation in ImageOrientation.allCases {
            let (width, pixels) = seen[orientation]!
            #expect(
                stored.oriented(from: orientation) == GrayImage(width: width, height: 6 / width, pixels: pixels),
                "\(orientation)")
        }
    }

    /// A JPEG start with one APP1 segment holding `exif`.
    static func jpeg(exif: [UInt8]) -> [UInt8] {
        let body = Array("Exif\0\0".utf8) + exif
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
            + [0xFF, 0xDA, 0, 2]
    }

    @Test func theEXIFTagIsReadInEitherByteOrderAndOnlyWhereItIs() {
        let bigEndian: [UInt8] = [
            0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0,
        ]
        let littleEndian: [UInt8] = [
            0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0,
        ]
        #expect(EXIF.orientation(inJPEG: Self.jpeg(exif: bigEndian)) == .rightTop)
        #expect(EXIF.orientation(inJPEG: Self.jpeg(exif: littleEndian)) == .leftBottom)
        // After a JFIF segment, as cameras that write both do.
        let jfif: [UInt8] = [0xFF, 0xE0, 0, 16] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
        let both = Array(Self.jpeg(exif: bigEndian).prefix(2)) + jfif + Array(Self.jpeg(exif: bigEndian).dropFirst(2))
        #expect(EXIF.orientation(inJPEG: both) == .rightTop)
        // Another tag, a value out of range, an IFD past the end, a segment longer than the file.
        var otherTag = bigEndian
        otherTag[11] = 0x13
        var outOfRange = bigEndian
        outOfRange[19] = 9
        var farIFD = bigEndian
        farIFD[7] = 200
        #expect(EXIF.orientation(inJPEG: Self.jpeg(exif: otherTag)) == nil)
        #expect(EXIF.orientation(inJPEG: Self.jpeg(exif: outOfRange)) == nil)
        #expect(EXIF.orientation(inJPEG: Self.jpeg(exif: farIFD)) == nil)
        #expect(EXIF.orientation(inJPEG: Array(Self.jpeg(exif: bigEndian).prefix(20))) == nil)
        // After the first scan, a segment is picture data, not metadata.
        let late = [0xFF, 0xD8, 0xFF, 0xDA, 0, 2] + Array(Self.jpeg(exif: bigEndian).dropFirst(2))
        #expect(EXIF.orientation(inJPEG: late) == nil)
        #expect(EXIF.orientation(inJPEG: HostileInputs.jpeg) == nil)
    }

    @Test func damagedEXIFBlocksNeverCrashOrReadOutside() {
        // Every one-byte change, and random bytes, in and around the block.
        let bigEndian: [UInt8] = [
            0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0,
        ]
        let file = Self.jpeg(exif: bigEndian)
        for index in file.indices {
            for value: UInt8 in [0, 1, 0x7F, 0x80, 0xFF] {
                var damaged = file
                damaged[index] = value
                _ = EXIF.orientation(inJPEG: damaged)
                _ = EXIF.orientation(inJPEG: Array(damaged.prefix(index)))
            }
        }
        var random = SplitMix64(seed: 0xE1F)
        for _ in 0..<2_000 {
            _ = EXIF.orientation(inJPEG: [0xFF, 0xD8] + random.bytes(Int(random.next() % 64)))
            _ = EXIF.orientation(inTIFF: ArraySlice(random.bytes(Int(random.next() % 64))))
        }
    }
}
