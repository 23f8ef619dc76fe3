// QRKit tests — CPNG's reader of 8-bit RGB pictures, and of gray and gray-palette pictures
// of 1 to 8 bits, gives what libpng's general path gives, pixel for pixel, and leaves
// everything else (and every damage) to it.
import CPNG
import Foundation
import QRCorpus
import QRTestSupport
import Testing
@testable import QRCore
@testable import QRPNG

@Suite(.tags(.sanitized)) struct PNGFastReaderTests {
    /// What the general path (libpng's simplified API) reads, or its error.
    func general(_ bytes: [UInt8]) -> Result<GrayImage, ImageError> {
        Result { () throws(ImageError) in try PNGReader.general().read(data: bytes, name: "p.png") }
    }

    func fast(_ bytes: [UInt8]) -> Result<GrayImage, ImageError> {
        Result { () throws(ImageError) in try PNGReader().read(data: bytes, name: "p.png") }
    }

    /// Scanlines of `width` × `height` random samples, `channels` a pixel, each row under
    /// a random filter type byte (0–4): the samples are the filtered bytes, so every
    /// filter is undone on every kind of neighbour.
    func scanlines(width: Int, height: Int, channels: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<height).flatMap { _ in
            [UInt8.random(in: 0...4, using: &random)]
                + (0..<width * channels).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
    }

    @Test(arguments: [(0 as UInt8, 1), (2, 3)])
    func randomPicturesUnderEveryFilterReadAsTheGeneralPathReadsThem(colorType: UInt8, channels: Int) throws {
        for (width, height, seed) in [(1, 1, 1), (7, 5, 2), (64, 48, 3), (333, 17, 4)] as [(Int, Int, UInt64)] {
            let file = PNGBytes.file(
                width: width, height: height, bitDepth: 8, colorType: colorType,
                scanlines: scanlines(width: width, height: height, channels: channels, seed: seed))
            let image = try fast(file).get()
            #expect(image == (try general(file).get()), "\(width) × \(height), colour type \(colorType)")
        }
    }

    /// With a byte more a row, cpng_read_fast inflates an 8-bit gray picture's scanlines
    /// straight into the picture's buffer and moves each row into place: the same picture as
    /// through a buffer of their own, under every filter.
    @Test func grayInflatedInPlaceReadsAsThroughABufferOfItsOwn() throws {
        for (width, height, seed) in [(1, 1, 5), (7, 5, 6), (64, 48, 7), (333, 17, 8)] as [(Int, Int, UInt64)] {
            let file = PNGBytes.file(
                width: width, height: height, bitDepth: 8, colorType: 0,
                scanlines: scanlines(width: width, height: height, channels: 1, seed: seed))
            let separate = try #require(fastReaderAlone(file, width: width, height: height))
            var pixels = [UInt8](repeating: 0, count: width * height + height)
            let read = file.withUnsafeBufferPointer { file in
                pixels.withUnsafeMutableBufferPointer {
                    cpng_read_fast(file.baseAddress, file.count, $0.baseAddress, $0.count)
                }
            }
            #expect(read == 1)
            #expect(Array(pixels.prefix(width * height)) == separate.pixels, "\(width) × \(height)")
        }
    }

    /// `file` reads as the general path reads it, or fails with its error.
    func expectTheGeneralPathsOutcome(_ file: [UInt8], _ name: String) {
        let expected = general(file)
        let got = fast(file)
        switch (got, expected) {
        case (.success(let a), .success(let b)): #expect(a == b, "\(name)")
        case (.failure(let a), .failure(let b)): #expect(a == b, "\(name)")
        default: Issue.record("\(name): \(got) against \(expected)")
        }
    }

    /// What CPNG's fast reader alone makes of `bytes`, a `width` × `height` picture, or nil
    /// when it declines the picture.
    func fastReaderAlone(_ bytes: [UInt8], width: Int, height: Int) -> GrayImage? {
        var pixels = [UInt8](repeating: 0, count: width * height)
        let read = bytes.withUnsafeBufferPointer { file in
            pixels.withUnsafeMutableBufferPointer {
                cpng_read_fast(file.baseAddress, file.count, $0.baseAddress, $0.count)
            }
        }
        return read == 1 ? GrayImage(width: width, height: height, pixels: pixels) : nil
    }

    /// A PLTE chunk of `levels` grays spread over 0–255, darkest first.
    func grayPalette(levels: Int) -> [UInt8] {
        PNGBytes.chunk(
            "PLTE",
            (0..<levels).flatMap { index -> [UInt8] in
                let level = UInt8(index * 255 / max(levels - 1, 1))
                return [level, level, level]
            })
    }

    /// Gray and gray-palette pictures of 1, 2 and 4 bits, whose rows end mid-byte or not,
    /// random bytes under random filters (so every sample value, padding bits included):
    /// the fast reader takes them, and reads them as the general path does.
    @Test(arguments: [1, 2, 4], [0 as UInt8, 3])
    func picturesOfFewerBitsReadAsTheGeneralPathReadsThem(depth: Int, colorType: UInt8) throws {
        for (width, height, seed) in [(1, 1, 21), (7, 5, 22), (64, 48, 23), (333, 17, 24)] as [(Int, Int, UInt64)] {
            let rowBytes = (width * depth + 7) / 8
            var random = SplitMix64(seed: seed)
            let lines = (0..<height).flatMap { _ in
                [UInt8.random(in: 0...4, using: &random)]
                    + (0..<rowBytes).map { _ in UInt8.random(in: 0...255, using: &random) }
            }
            let palette = colorType == 3 ? [grayPalette(levels: 1 << depth)] : []
            let file = PNGBytes.file(
                width: width, height: height, bitDepth: UInt8(depth), colorType: colorType, scanlines: lines,
                extraChunks: palette)
            let label = "\(width) × \(height), \(depth) bits, colour type \(colorType)"
            let expected = try general(file).get()
            #expect(fastReaderAlone(file, width: width, height: height) == expected, "\(label)")
            #expect(try fast(file).get() == expected, "\(label)")
        }
    }

    /// 8-bit palette pictures: every index of a full palette of grays reads as its gray.
    @Test func eightBitPalettesOfGraysReadAsTheGeneralPathReadsThem() throws {
        let lines = scanlines(width: 256, height: 9, channels: 1, seed: 25)
        let file = PNGBytes.file(
            width: 256, height: 9, bitDepth: 8, colorType: 3, scanlines: lines, extraChunks: [grayPalette(levels: 256)])
        let expected = try general(file).get()
        #expect(fastReaderAlone(file, width: 256, height: 9) == expected)
        #expect(try fast(file).get() == expected)
    }

    /// What the fast reader leaves to libpng, which then reads it (or refuses it) as it
    /// would anyway: a palette with a colour in it, an index past the palette's end (in a
    /// whole byte and in a row's last, partial one), a palette picture without PLTE, a
    /// PLTE after the image data, a PLTE in a gray picture.
    @Test func palettesItCannotReadAreLeftToTheGeneralPath() throws {
        let two = PNGBytes.chunk("PLTE", [0, 0, 0, 255, 255, 255])
        // 2-bit indices 0-3 into a palette of two entries: index 2 and 3 are past its end.
        let pastTheEnd: [UInt8] = [0, 0b0001_1011, 0, 0b0001_0000]
        let pastTheEndInLastByte: [UInt8] = [0, 0b0001_0001, 0, 0b0001_1000]
        let cases: [(String, [UInt8])] = [
            (
                "a colour",
                PNGBytes.file(
                    width: 4, height: 2, bitDepth: 2, colorType: 3, scanlines: [0, 0b0001_0001, 0, 0b0001_0001],
                    extraChunks: [PNGBytes.chunk("PLTE", [0, 0, 0, 255, 0, 0])])
            ),
            (
                "an index past the end",
                PNGBytes.file(width: 4, height: 2, bitDepth: 2, colorType: 3, scanlines: pastTheEnd, extraChunks: [two])
            ),
            (
                "an index past the end, in the last byte",
                PNGBytes.file(
                    width: 3, height: 2, bitDepth: 2, colorType: 3, scanlines: pastTheEndInLastByte, extraChunks: [two])
            ),
            (
                "no PLTE",
                PNGBytes.file(width: 4, height: 2, bitDepth: 2, colorType: 3, scanlines: [0, 0, 0, 0])
            ),
            (
                "PLTE after IDAT",
                PNGBytes.signature
                    + PNGBytes.chunk("IHDR", PNGBytes.ihdr(width: 4, height: 2, bitDepth: 2, colorType: 3))
                    + PNGBytes.chunk("IDAT", PNGBytes.zlib([0, 0, 0, 0])) + two + PNGBytes.chunk("IEND", [])
            ),
            (
                "PLTE in a gray picture",
                PNGBytes.file(
                    width: 4, height: 2, bitDepth: 2, colorType: 0, scanlines: [0, 0, 0, 0], extraChunks: [two])
            ),
        ]
        for (name, file) in cases {
            #expect(fastReaderAlone(file, width: 4, height: 2) == nil, "\(name)")
            expectTheGeneralPathsOutcome(file, name)
        }
    }

    /// Rows that are all Paeth, which are unfiltered two at a time, over an odd number of
    /// rows (the last alone) and pixels of every value.
    @Test(arguments: [(0 as UInt8, 1), (2, 3)])
    func runsOfPaethRowsReadAsTheGeneralPathReadsThem(colorType: UInt8, channels: Int) throws {
        var lines = scanlines(width: 101, height: 37, channels: channels, seed: 13)
        for row in 0..<37 { lines[row * (101 * channels + 1)] = 4 }
        let file = PNGBytes.file(width: 101, height: 37, bitDepth: 8, colorType: colorType, scanlines: lines)
        #expect(try fast(file).get() == (try general(file).get()))
    }

    /// Every RGB colour whose channels step by 5 (52³ of them, in gray and in colour),
    /// as one picture: the gamma tables and the weights are libpng's.
    @Test func everyColourReadsAsTheGeneralPathReadsIt() throws {
        let steps = Array(stride(from: 0, through: 255, by: 5)).map(UInt8.init)
        let width = steps.count * steps.count
        let rows: [[UInt8]] = steps.map { red in
            let pixels: [UInt8] = steps.flatMap { green -> [UInt8] in steps.flatMap { blue in [red, green, blue] } }
            return [0] + pixels
        }
        let file = PNGBytes.file(
            width: width, height: steps.count, bitDepth: 8, colorType: 2, scanlines: Array(rows.joined()))
        #expect(try fast(file).get() == (try general(file).get()))
    }

    /// The zlib stream split over several IDAT chunks, with text and pHYs chunks about.
    @Test func splitIDATAndHarmlessChunksReadTheSame() throws {
        let lines = scanlines(width: 40, height: 30, channels: 3, seed: 9)
        let stream = PNGBytes.zlib(lines)
        let cut = [0, 7, stream.count / 2, stream.count]
        let idats = (0..<3).map { PNGBytes.chunk("IDAT", Array(stream[cut[$0]..<cut[$0 + 1]])) }
        let file =
            PNGBytes.signature + PNGBytes.chunk("IHDR", PNGBytes.ihdr(width: 40, height: 30, bitDepth: 8, colorType: 2))
            + PNGBytes.chunk("tEXt", Array("Comment\u{0}hello".utf8))
            + PNGBytes.chunk("pHYs", [0, 0, 0x0B, 0x13, 0, 0, 0x0B, 0x13, 1]) + idats.joined()
            + PNGBytes.chunk("tIME", [0x07, 0xEA, 11, 24, 12, 0, 0]) + PNGBytes.chunk("IEND", [])
        #expect(try fast(file).get() == (try general(file).get()))
    }

    /// An sRGB chunk, which every PNG qr writes holds, says what libpng takes a picture
    /// without gamma to be: the fast reader reads such pictures itself (gray, palette and
    /// RGB, each rendering intent, every colour of the RGB cube by steps of 5), and they
    /// read as the general path reads them. One that is malformed or after the pixels is
    /// left to the general path.
    @Test func anSRGBChunkReadsAsTheGeneralPathReadsIt() throws {
        let steps = Array(stride(from: 0, through: 255, by: 5)).map(UInt8.init)
        let cube: [UInt8] = steps.flatMap { red in
            [0] + steps.flatMap { green -> [UInt8] in steps.flatMap { blue in [red, green, blue] } }
        }
        let pictures: [(name: String, width: Int, height: Int, header: [UInt8], extra: [UInt8], lines: [UInt8])] = [
            (
                "gray", 33, 9, PNGBytes.ihdr(width: 33, height: 9, bitDepth: 8, colorType: 0), [],
                scanlines(width: 33, height: 9, channels: 1, seed: 21)
            ),
            (
                "2-bit palette", 16, 4, PNGBytes.ihdr(width: 16, height: 4, bitDepth: 2, colorType: 3),
                grayPalette(levels: 4), scanlines(width: 4, height: 4, channels: 1, seed: 22)
            ),
            (
                "RGB cube", steps.count * steps.count, steps.count,
                PNGBytes.ihdr(
                    width: UInt32(steps.count * steps.count), height: UInt32(steps.count), bitDepth: 8, colorType: 2),
                [], cube
            ),
        ]
        for picture in pictures {
            for intent in 0...3 as ClosedRange<UInt8> {
                let file =
                    PNGBytes.signature + PNGBytes.chunk("IHDR", picture.header) + PNGBytes.chunk("sRGB", [intent])
                    + picture.extra + PNGBytes.chunk("IDAT", PNGBytes.zlib(picture.lines)) + PNGBytes.chunk("IEND", [])
                let alone = fastReaderAlone(file, width: picture.width, height: picture.height)
                #expect(alone != nil, "\(picture.name), intent \(intent): declined")
                #expect(alone == (try general(file).get()), "\(picture.name), intent \(intent)")
            }
        }
        let lines = scanlines(width: 20, height: 10, channels: 3, seed: 23)
        let header =
            PNGBytes.signature + PNGBytes.chunk("IHDR", PNGBytes.ihdr(width: 20, height: 10, bitDepth: 8, colorType: 2))
        let idat = PNGBytes.chunk("IDAT", PNGBytes.zlib(lines))
        for (name, file) in [
            ("intent 4", header + PNGBytes.chunk("sRGB", [4]) + idat + PNGBytes.chunk("IEND", [])),
            ("two bytes", header + PNGBytes.chunk("sRGB", [0, 0]) + idat + PNGBytes.chunk("IEND", [])),
            ("after IDAT", header + idat + PNGBytes.chunk("sRGB", [0]) + PNGBytes.chunk("IEND", [])),
        ] {
            #expect(fastReaderAlone(file, width: 20, height: 10) == nil, "\(name)")
            expectTheGeneralPathsOutcome(file, name)
        }
    }

    /// Chunks that change the colours (gamma, chromaticities, a profile, significant bits)
    /// are the general path's: the picture reads as it reads it.
    @Test(arguments: ["gAMA", "cHRM", "sBIT"])
    func colourChunksAreLeftToTheGeneralPath(chunk name: String) throws {
        let body: [UInt8] =
            switch name {
            case "gAMA": [0, 0, 0x86, 0xA0]  // 1.0: linear samples
            case "cHRM":
                [
                    0, 0, 0x7A, 0x26, 0, 0, 0x80, 0x84, 0, 0, 0xFA, 0, 0, 0, 0x80, 0xE8, 0, 0, 0x75, 0x30, 0, 0, 0xEA,
                    0x60, 0, 0, 0x3A, 0x98, 0, 0, 0x17, 0x70,
                ]
            default: [5, 5, 5]
            }
        let lines = scanlines(width: 20, height: 10, channels: 3, seed: 11)
        let file =
            PNGBytes.signature + PNGBytes.chunk("IHDR", PNGBytes.ihdr(width: 20, height: 10, bitDepth: 8, colorType: 2))
            + PNGBytes.chunk(name, body) + PNGBytes.chunk("IDAT", PNGBytes.zlib(lines)) + PNGBytes.chunk("IEND", [])
        #expect(try fast(file).get() == (try general(file).get()), "\(name)")
    }

    /// Damage of every kind gives the general path's error, as the fast reader declines
    /// and libpng reports it: a CRC, the Adler-32, a filter type, the stream cut short or
    /// too long, IEND missing.
    @Test func damageGivesTheGeneralPathsError() throws {
        let lines = scanlines(width: 16, height: 8, channels: 3, seed: 12)
        let header =
            PNGBytes.signature + PNGBytes.chunk("IHDR", PNGBytes.ihdr(width: 16, height: 8, bitDepth: 8, colorType: 2))
        var badAdler = PNGBytes.zlib(lines)
        badAdler[badAdler.count - 1] ^= 0xFF
        var badFilter = lines
        badFilter[0] = 9
        let cases: [(String, [UInt8])] = [
            (
                "bad IDAT CRC",
                header + PNGBytes.chunk("IDAT", PNGBytes.zlib(lines), crc: 1) + PNGBytes.chunk("IEND", [])
            ),
            ("bad Adler-32", header + PNGBytes.chunk("IDAT", badAdler) + PNGBytes.chunk("IEND", [])),
            ("bad filter", header + PNGBytes.chunk("IDAT", PNGBytes.zlib(badFilter)) + PNGBytes.chunk("IEND", [])),
            (
                "short",
                header + PNGBytes.chunk("IDAT", PNGBytes.zlib(Array(lines.dropLast(20)))) + PNGBytes.chunk("IEND", [])
            ),
            ("long", header + PNGBytes.chunk("IDAT", PNGBytes.zlib(lines + [0, 0, 0])) + PNGBytes.chunk("IEND", [])),
            ("no IEND", header + PNGBytes.chunk("IDAT", PNGBytes.zlib(lines))),
            ("cut", Array((header + PNGBytes.chunk("IDAT", PNGBytes.zlib(lines))).dropLast(9))),
        ]
        for (name, file) in cases {
            expectTheGeneralPathsOutcome(file, name)
        }
    }

    /// Every shipped PNG, and those of `QRKIT_PNG_COMPARE_DIR` when it names a folder,
    /// reads as the general path reads it.
    @Test func everyShippedPNGReadsAsTheGeneralPathReadsIt() throws {
        var folders = [PackagePaths.root.appendingPathComponent("Samples").path]
        if let extra = ProcessInfo.processInfo.environment["QRKIT_PNG_COMPARE_DIR"] { folders.append(extra) }
        var compared = 0
        for folder in folders {
            let names = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".png") }.sorted()
            for name in names {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
                #expect(try fast(bytes).get() == (try general(bytes).get()), "\(name)")
                compared += 1
            }
        }
        #expect(compared >= 40)
    }
}
