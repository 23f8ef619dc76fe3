// QRKit — tests of PNGReader and ImageError: every kind of PNG, every way of failing.
//
// The PNG files are assembled byte by byte (QRTestSupport's PNGBytes: chunks with CRC-32,
// zlib streams of stored deflate blocks), so each test states exactly what the file holds
// and the tests need nothing but the library under test.

import Foundation
import QRCorpus
import QRTestSupport
import Testing
@testable import QRCore
@testable import QRKit

// MARK: - Reading every kind of PNG

/// A PNG that reads, with the luminance it must read as.
struct ReadCase: Sendable, CustomTestStringConvertible {
    let name: String
    let picture: Picture
    /// Chunks between IHDR and IDAT (PLTE, tRNS, gAMA, ...).
    var extraChunks: [[UInt8]] = []
    let expected: [UInt8]
    /// How far each pixel may stray from `expected`: 0 for gray that passes straight
    /// through, 1 or 2 where libpng converts colour or composites alpha in fixed point.
    var tolerance = 0

    var testDescription: String { name }

    func file(interlaced: Bool) -> [UInt8] {
        PNGBytes.file(picture, interlaced: interlaced, extraChunks: extraChunks)
    }
}

let readCases: [ReadCase] = [
    ReadCase(
        name: "gray 1-bit, width not a multiple of 8",
        picture: .gray(width: 10, height: 2, depth: 1, [1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 1, 1, 0, 1]),
        expected: [255, 0, 255, 255, 0, 0, 0, 0, 255, 0, 0, 255, 0, 0, 255, 255, 255, 255, 0, 255]),
    ReadCase(
        name: "gray 2-bit",
        picture: .gray(width: 4, height: 1, depth: 2, [0, 1, 2, 3]),
        expected: [0, 85, 170, 255]),
    ReadCase(
        name: "gray 4-bit",
        picture: .gray(width: 3, height: 2, depth: 4, [0, 5, 10, 15, 1, 14]),
        expected: [0, 85, 170, 255, 17, 238]),
    ReadCase(
        name: "gray 8-bit",
        picture: .gray(width: 5, height: 1, depth: 8, [0, 1, 64, 128, 255]),
        expected: [0, 1, 64, 128, 255]),
    // No gAMA or sRGB chunk: libpng alone would take these as linear and read 0x8080 as
    // 186; the reader takes them as sRGB, like the 8-bit values they widen.
    ReadCase(
        name: "gray 16-bit",
        picture: .gray(width: 5, height: 1, depth: 16, [0x0000, 0x4040, 0x8080, 0xC0C0, 0xFFFF]),
        expected: [0, 64, 128, 192, 255]),
    ReadCase(
        name: "gray 16-bit with an sRGB chunk",
        picture: .gray(width: 3, height: 1, depth: 16, [0x0000, 0x8080, 0xFFFF]),
        extraChunks: [PNGBytes.chunk("sRGB", [0])],
        expected: [0, 128, 255]),
    // A file that says it is linear (gAMA 1.0) is read as linear: mid gray is 186 in sRGB.
    ReadCase(
        name: "gray 16-bit declared linear by gAMA",
        picture: .gray(width: 3, height: 1, depth: 16, [0x0000, 0x8080, 0xFFFF]),
        extraChunks: [PNGBytes.chunk("gAMA", PNGBytes.bigEndian(100_000))],
        expected: [0, 186, 255], tolerance: 1),
    ReadCase(
        name: "gray 8-bit with tRNS",
        picture: .gray(width: 3, height: 1, depth: 8, [0, 10, 128]),
        extraChunks: [PNGBytes.chunk("tRNS", [0, 10])],
        expected: [0, 255, 128]),
    ReadCase(
        name: "gray 16-bit with tRNS",
        picture: .gray(width: 3, height: 1, depth: 16, [0, 0x1234, 0x8080]),
        extraChunks: [PNGBytes.chunk("tRNS", [0x12, 0x34])],
        expected: [0, 255, 128]),
    ReadCase(
        name: "palette",
        picture: Picture(width: 4, height: 1, depth: 8, color: .palette, samples: [[0], [1], [2], [3]]),
        extraChunks: [PNGBytes.chunk("PLTE", [0, 0, 0, 255, 255, 255, 128, 128, 128, 255, 0, 0])],
        expected: [0, 255, 128, 126], tolerance: 2),
    ReadCase(
        name: "palette 2-bit",
        picture: Picture(width: 5, height: 1, depth: 2, color: .palette, samples: [[0], [1], [2], [1], [0]]),
        extraChunks: [PNGBytes.chunk("PLTE", [0, 0, 0, 255, 255, 255, 64, 64, 64])],
        expected: [0, 255, 64, 255, 0]),
    // tRNS shorter than PLTE: entries past its end are opaque. Half-transparent black on
    // white is mixed in sRGB, as viewers show it: 128 (libpng's linear-light mixing gives 187).
    ReadCase(
        name: "palette with tRNS",
        picture: Picture(width: 5, height: 1, depth: 8, color: .palette, samples: [[0], [1], [2], [3], [4]]),
        extraChunks: [
            PNGBytes.chunk("PLTE", [0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 128, 128, 128]),
            PNGBytes.chunk("tRNS", [255, 0, 128, 128]),
        ],
        expected: [0, 255, 128, 255, 128], tolerance: 1),
    ReadCase(
        name: "RGB 8-bit",
        picture: Picture(
            width: 6, height: 1, depth: 8, color: .rgb,
            samples: [[0, 0, 0], [255, 255, 255], [128, 128, 128], [255, 0, 0], [0, 255, 0], [0, 0, 255]]),
        // Rec. 709 luminance in linear light, back to sRGB: red 127, green 220, blue 76.
        expected: [0, 255, 128, 127, 220, 76], tolerance: 2),
    ReadCase(
        name: "RGB 16-bit",
        picture: Picture(
            width: 4, height: 1, depth: 16, color: .rgb,
            samples: [[0, 0, 0], [0xFFFF, 0xFFFF, 0xFFFF], [0x8080, 0x8080, 0x8080], [0xFFFF, 0, 0]]),
        expected: [0, 255, 128, 127], tolerance: 2),
    ReadCase(
        name: "RGBA 8-bit",
        picture: Picture(
            width: 6, height: 1, depth: 8, color: .rgba,
            samples: [
                [0, 0, 0, 0], [0, 0, 0, 255], [0, 0, 0, 128], [255, 255, 255, 128], [128, 128, 128, 255],
                [9, 99, 199, 0],
            ]),
        expected: [255, 0, 128, 255, 128, 255], tolerance: 1),
    ReadCase(
        name: "RGBA 16-bit",
        picture: Picture(
            width: 5, height: 1, depth: 16, color: .rgba,
            samples: [
                [0, 0, 0, 0], [0, 0, 0, 0xFFFF], [0, 0, 0, 0x8000], [0x8080, 0x8080, 0x8080, 0xFFFF],
                [0x1234, 0x5678, 0x9ABC, 0],
            ]),
        expected: [255, 0, 128, 128, 255], tolerance: 1),
    ReadCase(
        name: "gray+alpha 8-bit",
        picture: Picture(
            width: 5, height: 1, depth: 8, color: .grayAlpha,
            samples: [[0, 0], [0, 255], [0, 128], [128, 255], [255, 128]]),
        expected: [255, 0, 128, 128, 255], tolerance: 1),
    ReadCase(
        name: "gray+alpha 16-bit",
        picture: Picture(
            width: 5, height: 1, depth: 16, color: .grayAlpha,
            samples: [[0, 0], [0, 0xFFFF], [0, 0x8000], [0x8080, 0xFFFF], [0xFFFF, 0x8000]]),
        expected: [255, 0, 128, 128, 255], tolerance: 1),
]

@Test("reads every kind of PNG", .tags(.sanitized), arguments: readCases, [false, true])
func readsEveryKindOfPNG(_ readCase: ReadCase, interlaced: Bool) throws {
    let image = try PNGReader().read(data: readCase.file(interlaced: interlaced), name: "case.png")
    #expect(image.width == readCase.picture.width)
    #expect(image.height == readCase.picture.height)
    let differences = zip(image.pixels, readCase.expected).map { abs(Int($0) - Int($1)) }
    #expect(
        image.pixels.count == readCase.expected.count && differences.allSatisfy { $0 <= readCase.tolerance },
        "read \(image.pixels), expected \(readCase.expected) ± \(readCase.tolerance)")
}

/// Pictures big enough for all seven Adam7 passes, with sizes that are not multiples of 8.
let interlaceCases: [Picture] = [
    .gray(width: 13, height: 11, depth: 1, (0..<143).map { ($0 * 7 / 3) % 2 }),
    .gray(width: 17, height: 9, depth: 4, (0..<153).map { $0 % 16 }),
    .gray(width: 19, height: 23, depth: 8, (0..<437).map { $0 * 37 % 256 }),
    .gray(width: 9, height: 10, depth: 16, (0..<90).map { $0 * 7919 % 65536 }),
    Picture(
        width: 11, height: 7, depth: 8, color: .rgb,
        samples: (0..<77).map { [$0 * 3 % 256, $0 * 5 % 256, $0 * 11 % 256] }),
    Picture(
        width: 10, height: 12, depth: 16, color: .rgba,
        samples: (0..<120).map { [$0 * 601 % 65536, $0 * 907 % 65536, $0 * 3 % 65536, $0 * 5003 % 65536] }),
    Picture(
        width: 15, height: 9, depth: 8, color: .grayAlpha,
        samples: (0..<135).map { [$0 * 13 % 256, $0 * 29 % 256] }),
    Picture(
        width: 11, height: 10, depth: 16, color: .grayAlpha,
        samples: (0..<110).map { [$0 * 7919 % 65536, $0 * 4001 % 65536] }),
    Picture(
        width: 10, height: 9, depth: 16, color: .rgb,
        samples: (0..<90).map { [$0 * 601 % 65536, $0 * 7919 % 65536, $0 * 3001 % 65536] }),
    .gray(width: 1, height: 1, depth: 8, [77]),
    .gray(width: 2, height: 3, depth: 8, [1, 2, 3, 4, 5, 6]),
]

@Test("an interlaced PNG reads the same as its plain twin", .tags(.sanitized), arguments: interlaceCases)
func interlacedReadsLikePlain(_ picture: Picture) throws {
    let reader = PNGReader()
    let plain = try reader.read(data: PNGBytes.file(picture, interlaced: false), name: "plain.png")
    let interlaced = try reader.read(data: PNGBytes.file(picture, interlaced: true), name: "adam7.png")
    if picture.depth < 16 {
        #expect(interlaced == plain)
    } else {
        // Interlaced 16-bit goes through libpng's linear output (see PNGReader.finish):
        // the same picture, within one level.
        #expect(interlaced.width == plain.width && interlaced.height == plain.height)
        #expect(zip(interlaced.pixels, plain.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }
}

@Test("16-bit gray: every value reads as its nearest 8-bit level", .tags(.sanitized), arguments: [false, true])
func everySixteenBitGrayValue(interlaced: Bool) throws {
    let picture = Picture.gray(width: 256, height: 256, depth: 16, Array(0..<65_536))
    let image = try PNGReader().read(data: PNGBytes.file(picture, interlaced: interlaced), name: "ramp.png")
    let nearest = (0..<65_536).map { ($0 * 255 + 32_767) / 65_535 }
    let misses = zip(image.pixels, nearest).filter { Int($0) != $1 }
    if interlaced {
        // Through linear 16-bit, darks lose a little: 0x0081...0x0100 read 0, not 1.
        #expect(zip(image.pixels, nearest).allSatisfy { abs(Int($0) - $1) <= 1 })
        #expect(misses.count < 65_536 / 100)
    } else {
        #expect(misses.isEmpty)
    }
}

@Test(.tags(.sanitized)) func palettedInterlacedPictureWithTransparency() throws {
    let samples = (0..<(12 * 9)).map { [$0 % 3] }
    let picture = Picture(width: 12, height: 9, depth: 8, color: .palette, samples: samples)
    let chunks = [PNGBytes.chunk("PLTE", [0, 0, 0, 255, 255, 255, 0, 0, 0]), PNGBytes.chunk("tRNS", [255, 255, 0])]
    let reader = PNGReader()
    let plain = try reader.read(data: PNGBytes.file(picture, interlaced: false, extraChunks: chunks), name: "p")
    let interlaced = try reader.read(data: PNGBytes.file(picture, interlaced: true, extraChunks: chunks), name: "i")
    #expect(interlaced == plain)
    #expect(plain.pixels == samples.map { [0, 255, 255][$0[0]] })
}

@Test(.tags(.sanitized)) func everyFilterTypeReads() throws {
    // The same row under each of the five filters (None, Sub, Up, Average, Paeth).
    let row: [UInt8] = [10, 200, 30, 250, 0, 128]
    var raw: [UInt8] = []
    var previous = [UInt8](repeating: 0, count: row.count)
    for filter in UInt8(0)...4 {
        raw.append(filter)
        for (x, value) in row.enumerated() {
            let a = x > 0 ? Int(row[x - 1]) : 0
            let b = Int(previous[x])
            let c = x > 0 ? Int(previous[x - 1]) : 0
            let predictor: Int
            switch filter {
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = (a + b) / 2
            case 4:
                let p = a + b - c
                let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            default: predictor = 0
            }
            raw.append(UInt8(truncatingIfNeeded: Int(value) - predictor))
        }
        previous = row
    }
    let file = PNGBytes.file(width: row.count, height: 5, bitDepth: 8, colorType: 0, scanlines: raw)
    let image = try PNGReader().read(data: file, name: "filters.png")
    #expect(image.pixels == Array([[UInt8]](repeating: row, count: 5).joined()))
}

@Test(.tags(.sanitized)) func ancillaryChunkWithBadCRCIsIgnored() throws {
    // libpng warns ("tEXt: CRC error") and skips the chunk; the picture is intact.
    let picture = Picture.gray(width: 2, height: 1, depth: 8, [3, 4])
    let text = PNGBytes.chunk("tEXt", Array("Comment\0hi".utf8), crc: 0xDEAD_BEEF)
    let image = try PNGReader().read(data: PNGBytes.file(picture, extraChunks: [text]), name: "x.png")
    #expect(image.pixels == [3, 4])
}

@Test(.tags(.sanitized)) func missingIENDStillReads() throws {
    // Everything the picture needs is there; libpng stops after the image data.
    let file = PNGBytes.file(.gray(width: 2, height: 2, depth: 8, [1, 2, 3, 4]))
    let image = try PNGReader().read(data: Array(file.dropLast(12)), name: "x.png")
    #expect(image.pixels == [1, 2, 3, 4])
}

/// What libpng's simplified API alone makes of a PNG without transparency, as 8-bit gray:
/// the reference for the reader's table expansion of gray and gray-palette pictures.
private func simplifiedGray(_ file: [UInt8]) -> [UInt8]? {
    TestDecoding.png(file)?.image.pixels
}

@Test(
    "gray and gray-palette pictures read as libpng's general path reads them", .tags(.sanitized),
    arguments: [1, 2, 4, 8])
func tableExpansionMatchesLibpng(depth: Int) throws {
    let levels = 1 << depth
    let width = 37  // rows that end mid-byte at every depth
    let values = (0..<(width * 3)).map { ($0 * 7 + 3) % levels }
    // Gray samples, every level.
    let gray = PNGBytes.file(.gray(width: width, height: 3, depth: depth, values))
    #expect(try PNGReader().read(data: gray, name: "gray.png").pixels == simplifiedGray(gray))
    // A palette of grays spread over 0–255 (every level at 8 bits), and one of colours,
    // which the general path reads.
    let grays = (0..<levels).map { index -> [UInt8] in
        let level = UInt8(index * 255 / (levels - 1))
        return [level, level, level]
    }
    let colours = (0..<levels).map { index -> [UInt8] in [UInt8(index * 255 / (levels - 1)), 40, 200] }
    for entries in [grays, colours] {
        let palette = Picture(width: width, height: 3, depth: depth, color: .palette, samples: values.map { [$0] })
        let file = PNGBytes.file(palette, extraChunks: [PNGBytes.chunk("PLTE", Array(entries.joined()))])
        let image = try PNGReader().read(data: file, name: "palette.png")
        #expect(image.pixels == simplifiedGray(file))
    }
}

@Test(.tags(.sanitized)) func everyShippedPNGReadsAsLibpngsGeneralPathReadsIt() throws {
    let root = PackagePaths.root.appendingPathComponent("Samples").path
    let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".png") }.sorted()
    #expect(files.count >= 40)
    for name in files {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + name)))
        // Transparency is mixed on white by the reader and not by the reference.
        guard !Data(bytes).contains(Data("tRNS".utf8)), bytes.count > 25, [0, 2, 3].contains(bytes[25]) else {
            continue
        }
        #expect(try PNGReader().read(data: bytes, name: name).pixels == simplifiedGray(bytes), "\(name)")
    }
}

// MARK: - Failing, by cause

/// Bytes that do not read, and the error they must give.
struct FailCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let expected: ImageError
    var testDescription: String { name }
}

/// A valid 4×2 gray PNG whose layout the failure cases rely on: signature 0..<8, IHDR
/// chunk 8..<33 (its data 16..<29, CRC 29..<33), IDAT chunk from 33 (data from 41).
let samplePNG = PNGBytes.file(.gray(width: 4, height: 2, depth: 8, [0, 1, 2, 3, 4, 5, 6, 7]))

func flipping(_ bytes: [UInt8], at index: Int) -> [UInt8] {
    var bytes = bytes
    bytes[index] ^= 0x01
    return bytes
}

let failCases: [FailCase] = {
    let n = "bad.png"
    let ihdr4x2 = PNGBytes.chunk("IHDR", PNGBytes.ihdr(width: 4, height: 2, bitDepth: 8, colorType: 0))
    let scanlines: [UInt8] = [0, 0, 1, 2, 3, 0, 4, 5, 6, 7]
    let stream = PNGBytes.zlib(scanlines)
    // Two IDAT chunks, so the file can end cleanly between them.
    let split =
        PNGBytes.signature + ihdr4x2 + PNGBytes.chunk("IDAT", Array(stream[0..<9]))
        + PNGBytes.chunk("IDAT", Array(stream[9...])) + PNGBytes.chunk("IEND", [])
    var adler = stream
    adler[adler.count - 1] ^= 0xFF
    var random = SplitMix64(seed: 7)
    return [
        FailCase(name: "empty", bytes: [], expected: .wrongFormat(file: n, expected: .png, found: .empty)),
        FailCase(
            name: "random bytes", bytes: (0..<300).map { _ in UInt8(truncatingIfNeeded: random.next() | 1) },
            expected: .wrongFormat(file: n, expected: .png, found: .unknown)),
        FailCase(
            name: "JPEG", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1],
            expected: .wrongFormat(file: n, expected: .png, found: .jpeg)),
        FailCase(
            name: "GIF", bytes: Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0],
            expected: .wrongFormat(file: n, expected: .png, found: .gif)),
        FailCase(
            name: "SVG", bytes: Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8),
            expected: .wrongFormat(file: n, expected: .png, found: .svg)),
        FailCase(
            name: "PNG through a CRLF → LF transfer",
            bytes: [0x89, 0x50, 0x4E, 0x47, 0x0A, 0x1A, 0x0A] + samplePNG[8...],
            expected: .wrongFormat(file: n, expected: .png, found: .pngWithConvertedLineEndings)),
        FailCase(
            name: "truncated in the signature", bytes: Array(samplePNG[0..<5]),
            expected: .truncated(file: n, format: .png)),
        FailCase(
            name: "truncated after the signature", bytes: Array(samplePNG[0..<8]),
            expected: .truncated(file: n, format: .png)),
        FailCase(
            name: "truncated in IHDR", bytes: Array(samplePNG[0..<20]), expected: .truncated(file: n, format: .png)),
        FailCase(
            name: "truncated after IHDR", bytes: Array(samplePNG[0..<33]), expected: .truncated(file: n, format: .png)),
        FailCase(
            name: "truncated in IDAT's header", bytes: Array(samplePNG[0..<37]),
            expected: .truncated(file: n, format: .png)),
        FailCase(
            name: "truncated in IDAT's data", bytes: Array(samplePNG[0..<47]),
            expected: .truncated(file: n, format: .png)),
        FailCase(
            name: "truncated in IDAT's CRC", bytes: Array(samplePNG[0..<(41 + stream.count + 2)]),
            expected: .truncated(file: n, format: .png)),
        FailCase(
            name: "truncated between two IDATs", bytes: Array(split[0..<(33 + 12 + 9)]),
            expected: .truncated(file: n, format: .png)),
        FailCase(name: "bad CRC in IHDR", bytes: flipping(samplePNG, at: 31), expected: .checksumError(file: n)),
        FailCase(
            name: "bad CRC in IDAT", bytes: flipping(samplePNG, at: 41 + stream.count + 1),
            expected: .checksumError(file: n)),
        FailCase(
            name: "bad Adler-32 in the zlib stream",
            bytes: PNGBytes.signature + ihdr4x2 + PNGBytes.chunk("IDAT", adler) + PNGBytes.chunk("IEND", []),
            expected: .checksumError(file: n)),
        FailCase(
            name: "changed pixel byte", bytes: flipping(samplePNG, at: 41 + 8), expected: .checksumError(file: n)),
        FailCase(
            name: "zero width", bytes: PNGBytes.header(width: 0, height: 2),
            expected: .corrupt(file: n, format: .png, reason: "Invalid IHDR data")),
        FailCase(
            name: "bit depth 3", bytes: PNGBytes.header(width: 4, height: 2, bitDepth: 3),
            expected: .corrupt(file: n, format: .png, reason: "Invalid IHDR data")),
        FailCase(
            name: "colour type 5", bytes: PNGBytes.header(width: 4, height: 2, colorType: 5),
            expected: .corrupt(file: n, format: .png, reason: "Invalid IHDR data")),
        FailCase(
            name: "16-bit palette", bytes: PNGBytes.header(width: 4, height: 2, bitDepth: 16, colorType: 3),
            expected: .corrupt(file: n, format: .png, reason: "Invalid IHDR data")),
        FailCase(
            name: "width over 2^31 - 1", bytes: PNGBytes.header(width: 0x8000_0000, height: 1),
            expected: .corrupt(file: n, format: .png, reason: "PNG unsigned integer out of range")),
        FailCase(
            name: "palette without PLTE", bytes: PNGBytes.header(width: 4, height: 1, colorType: 3),
            expected: .corrupt(file: n, format: .png, reason: "IDAT: Missing PLTE before IDAT")),
        FailCase(
            name: "IDAT before IHDR",
            bytes: PNGBytes.signature + PNGBytes.chunk("IDAT", stream) + PNGBytes.chunk("IEND", []),
            expected: .corrupt(file: n, format: .png, reason: "IDAT: Missing IHDR before IDAT")),
        FailCase(
            name: "no IDAT", bytes: PNGBytes.signature + ihdr4x2 + PNGBytes.chunk("IEND", []),
            expected: .corrupt(file: n, format: .png, reason: "IEND: out of place")),
        FailCase(
            name: "unknown filter type",
            bytes: PNGBytes.file(width: 4, height: 1, bitDepth: 8, colorType: 0, scanlines: [9, 0, 0, 0, 0]),
            expected: .corrupt(file: n, format: .png, reason: "bad adaptive filter value")),
        FailCase(
            name: "too little image data",
            bytes: PNGBytes.file(width: 4, height: 2, bitDepth: 8, colorType: 0, scanlines: [0, 1, 2, 3, 4]),
            expected: .corrupt(file: n, format: .png, reason: "Not enough image data")),
        FailCase(
            name: "broken deflate stream",
            bytes: PNGBytes.signature + ihdr4x2 + PNGBytes.chunk("IDAT", [0x78, 0x01, 0xFF, 0xFF])
                + PNGBytes.chunk("IEND", []),
            expected: .corrupt(file: n, format: .png, reason: "IDAT: invalid block type")),
        FailCase(
            name: "side over libpng's limit", bytes: PNGBytes.header(width: 2_000_000, height: 1),
            expected: .tooLarge(file: n, width: 2_000_000, height: 1, limit: PNGReader.defaultPixelLimit)),
        FailCase(
            name: "100000 × 100000", bytes: PNGBytes.header(width: 100_000, height: 100_000),
            expected: .tooLarge(file: n, width: 100_000, height: 100_000, limit: PNGReader.defaultPixelLimit)),
    ]
}()

@Test("each way of failing gives its own error", .tags(.sanitized), arguments: failCases)
func failsWithTypedError(_ failCase: FailCase) {
    #expect(throws: failCase.expected) {
        try PNGReader().read(data: failCase.bytes, name: "bad.png")
    }
}

@Test(.tags(.sanitized)) func hugeHeaderIsRefusedAtOnce() {
    // 10^10 pixels: decoding would need 10 GB. The header alone must settle it.
    let file = PNGBytes.header(width: 100_000, height: 100_000)
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        #expect(throws: ImageError.tooLarge(file: "big.png", width: 100_000, height: 100_000, limit: 100_000_000)) {
            try PNGReader().read(data: file, name: "big.png")
        }
    }
    #expect(elapsed < .milliseconds(200))
}

@Test(.tags(.sanitized)) func limitAboveWhatLibpngCanFillActsAsItsCeiling() {
    // libpng's simplified API fills at most 2^32 - 1 bytes, so that is the real limit.
    #expect(throws: ImageError.tooLarge(file: "big.png", width: 100_000, height: 100_000, limit: 4_294_967_295)) {
        try PNGReader(pixelLimit: .max).read(data: PNGBytes.header(width: 100_000, height: 100_000), name: "big.png")
    }
}

@Test(.tags(.sanitized), arguments: [(15, false), (16, true), (0, false), (-1, false), (Int.max, true)])
func configuredPixelLimit(limit: Int, reads: Bool) throws {
    let file = PNGBytes.file(.gray(width: 4, height: 4, depth: 8, Array(0..<16)))
    let reader = PNGReader(pixelLimit: limit)
    if reads {
        #expect(try reader.read(data: file, name: "4x4.png").pixels == Array(0..<16))
    } else {
        #expect(throws: ImageError.tooLarge(file: "4x4.png", width: 4, height: 4, limit: limit)) {
            try reader.read(data: file, name: "4x4.png")
        }
    }
}

@Test(.tags(.sanitized)) func defaultLimitIsOneHundredMegapixels() {
    #expect(PNGReader().pixelLimit == 100_000_000)
    var reader = PNGReader()
    reader.pixelLimit = 5
    #expect(reader.pixelLimit == 5)
}

@Test(.tags(.sanitized)) func neverCrashesOnDamagedBytes() {
    // Every prefix, and every single-bit change, of a small interlaced colour PNG with a
    // palette and transparency: each either reads or throws an ImageError.
    let picture = Picture(width: 9, height: 9, depth: 4, color: .palette, samples: (0..<81).map { [$0 % 3] })
    let file = PNGBytes.file(
        picture, interlaced: true,
        extraChunks: [PNGBytes.chunk("PLTE", [0, 0, 0, 255, 255, 255, 9, 9, 9]), PNGBytes.chunk("tRNS", [0, 128])])
    let reader = PNGReader()
    var outcomes = 0
    for length in 0...file.count {
        _ = try? reader.read(data: Array(file[0..<length]), name: "prefix.png")
        outcomes += 1
    }
    for index in file.indices {
        for bit in 0..<8 {
            var damaged = file
            damaged[index] ^= UInt8(1) << UInt8(bit)
            _ = try? reader.read(data: damaged, name: "flipped.png")
            outcomes += 1
        }
    }
    #expect(outcomes == file.count + 1 + file.count * 8)
}

@Test(.tags(.sanitized)) func readsFromManyTasksAtOnce() async throws {
    let file = PNGBytes.file(.gray(width: 64, height: 64, depth: 8, (0..<4096).map { $0 % 256 }), interlaced: true)
    let expected = try PNGReader().read(data: file, name: "a.png")
    let reader = PNGReader()
    let results = await withTaskGroup(of: GrayImage?.self) { group in
        for _ in 0..<16 {
            group.addTask { try? reader.read(data: file, name: "a.png") }
        }
        return await group.reduce(into: [GrayImage?]()) { $0.append($1) }
    }
    #expect(results.count == 16)
    #expect(results.allSatisfy { $0 == expected })
}

// MARK: - Files

@Test(.tags(.sanitized)) func readsAFile() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.cleanUp() }
    let path = try scratch.file("code.png", samplePNG)
    let image = try PNGReader().read(contentsOf: path)
    #expect(image == GrayImage(width: 4, height: 2, pixels: [0, 1, 2, 3, 4, 5, 6, 7]))
}

@Test(.tags(.sanitized)) func missingFile() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.cleanUp() }
    let path = "\(scratch.path)/nothing.png"
    #expect(throws: ImageError.unreadableFile(file: path, reason: "No such file or directory")) {
        try PNGReader().read(contentsOf: path)
    }
}

@Test(.tags(.sanitized)) func directory() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.cleanUp() }
    #expect(throws: ImageError.unreadableFile(file: scratch.path, reason: "Is a directory")) {
        try PNGReader().read(contentsOf: scratch.path)
    }
}

@Test(.tags(.sanitized)) func emptyFile() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.cleanUp() }
    let path = try scratch.file("empty.png", [])
    #expect(throws: ImageError.wrongFormat(file: path, expected: .png, found: .empty)) {
        try PNGReader().read(contentsOf: path)
    }
}

@Test(.tags(.sanitized)) func truncatedFileNamesItsPath() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.cleanUp() }
    let path = try scratch.file("cut.png", Array(samplePNG.prefix(45)))
    #expect(throws: ImageError.truncated(file: path, format: .png)) {
        try PNGReader().read(contentsOf: path)
    }
}

// Root reads any file whatever its mode, so this test cannot fail the open as root;
// `readErrorOnAFileThatOpens` covers a failing read there instead.
@Test(.tags(.sanitized), .enabled(if: geteuid() != 0, "root reads files whatever their mode"))
func fileWithoutReadPermission() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.cleanUp() }
    let path = try scratch.file("locked.png", samplePNG)
    #expect(chmod(path, 0) == 0)
    #expect(throws: ImageError.unreadableFile(file: path, reason: "Permission denied")) {
        try PNGReader().read(contentsOf: path)
    }
}

// Reading /proc/self/mem at offset 0 fails with EIO (nothing is mapped there): a file that
// opens and then fails to read, for every user, root included.
@Test(.tags(.sanitized), .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/mem"), "needs Linux procfs"))
func readErrorOnAFileThatOpens() {
    #expect(throws: ImageError.unreadableFile(file: "/proc/self/mem", reason: "Input/output error")) {
        try PNGReader().read(contentsOf: "/proc/self/mem")
    }
}

// MARK: - Messages

@Test(
    .tags(.sanitized),
    arguments: [
        (
            ImageError.unreadableFile(file: "a.png", reason: "No such file or directory"),
            "a.png: cannot read: No such file or directory"
        ),
        (
            .wrongFormat(file: "photo.png", expected: .png, found: .jpeg),
            "photo.png: not a PNG file (it looks like a JPEG)"
        ),
        (.wrongFormat(file: "<stdin>", expected: .png, found: .empty), "<stdin>: not a PNG file (the file is empty)"),
        (
            .wrongFormat(file: "x", expected: .png, found: .unknown),
            "x: not a PNG file (it starts like none of PNG, JPEG, WebP, TIFF, GIF, BMP or netpbm)"
        ),
        (.wrongFormat(file: "p.gif", expected: .gif, found: .png), "p.gif: not a GIF file (it looks like a PNG)"),
        (
            .unsupportedFormat(file: "IMG_0001.HEIC", format: .heif),
            "IMG_0001.HEIC: a HEIF/HEIC picture, which cannot be read (only PNG, JPEG, WebP, TIFF, GIF, BMP and netpbm can)"
        ),
        (.unsupportedFormat(file: "e.jpg", format: .empty), "e.jpg: the file is empty"),
        (
            .unsupportedFormat(file: "r", format: .unknown),
            "r: not a picture that can be read (it starts like none of PNG, JPEG, WebP, TIFF, GIF, BMP or netpbm)"
        ),
        (
            .truncated(file: "t.webp", format: .webp),
            "t.webp: truncated WebP (the file ends before the image does; it may be an incomplete copy)"
        ),
        (
            .corrupt(file: "c.tif", format: .tiff, reason: "Sorry, can not handle images with 3-bit samples"),
            "c.tif: corrupt TIFF (Sorry, can not handle images with 3-bit samples)"
        ),
        (
            .truncated(file: "t.png", format: .png),
            "t.png: truncated PNG (the file ends before the image does; it may be an incomplete copy)"
        ),
        (
            .checksumError(file: "c.png"),
            "c.png: damaged PNG (a checksum does not match; the file changed after it was written)"
        ),
        (
            .tooLarge(file: "big.png", width: 20_000, height: 10_000, limit: 100_000_000),
            "big.png: image too large (20000 × 10000 pixels; the limit is 100000000 pixels)"
        ),
        (
            .tooLarge(file: "wide.png", width: 2_000_000, height: 1, limit: 100_000_000),
            "wide.png: image too large (2000000 × 1 pixels; libpng reads at most 1000000 pixels a side)"
        ),
        (.corrupt(file: "b.png", format: .png, reason: "Invalid IHDR data"), "b.png: corrupt PNG (Invalid IHDR data)"),
    ])
func messages(error: ImageError, text: String) {
    #expect(error.description == text)
    #expect(error.file == String(text.prefix { $0 != ":" }))
}

/// Bytes of other formats, and what they are.
let otherFormats: [([UInt8], ImageFormat)] = [
    ([UInt8]([0x42, 0x4D, 0x3E, 0, 0, 0]), .bmp),
    (Array("II*\0abcd".utf8), .tiff),
    (Array("MM\0*abcd".utf8), .tiff),
    (Array("II+\0\u{8}\0\0\0".utf8), .tiff),
    (Array("RIFF\u{10}\0\0\0WEBPVP8 ".utf8), .webp),
    ([0xFF, 0xD8, 0xFF, 0xE1], .jpeg),
    ([0, 0, 0, 0x18] + Array("ftypheic".utf8), .heif),
    ([0, 0, 0, 0x1C] + Array("ftypavif".utf8), .avif),
    ([0, 0, 0, 0x20] + Array("ftypisom".utf8), .isoMedia),
    ([0xFF, 0x0A, 0xFA], .jpegXL),
    ([0, 0, 0, 0x0C] + Array("jP  \r\n".utf8), .jpeg2000),
    (Array("%!PS-Adobe-3.0 EPSF-3.0".utf8), .postScript),
    (Array("P4\n21 21\n".utf8), .netpbm),
    (Array("%PDF-1.7\n".utf8), .pdf),
    (Array("<?xml version=\"1.0\"?>".utf8), .svg),
    (Array("GIF87a....".utf8), .gif),
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0D, 0x0A, 0x1A, 0x0D, 0x0A], .pngWithConvertedLineEndings),
]

@Test(.tags(.sanitized), arguments: otherFormats)
func recognisesOtherFormats(bytes: [UInt8], format: ImageFormat) {
    #expect(ImageFormat(sniffing: bytes) == format)
    #expect(throws: ImageError.wrongFormat(file: "f", expected: .png, found: format)) {
        try PNGReader().read(data: bytes, name: "f")
    }
}

@Test(.tags(.sanitized)) func readerAndErrorAreSendable() {
    func requireSendable<T: Sendable>(_: T.Type) {}
    requireSendable(PNGReader.self)
    requireSendable(ImageError.self)
}
