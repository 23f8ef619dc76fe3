// QRKit tests — the BMP and netpbm readers: what `qr encode` writes (PBM, PAM) reads back,
// every variant netpbm's tools write (plain and raw, 16-bit, BMP of each depth) reads as
// the same pixels, and hand-made files cover what the tools do not write (top-down rows,
// run-length data, bit fields, alpha, comments).
import Foundation
import QRCorpus
import QRTestSupport
import Testing

@testable import QRCore
@testable import QRKit

@Suite struct BitmapReaderTests {
    static let encoder = QREncoder()
    static let text = "BMP and netpbm"

    /// A code drawn by QRKit, and its pixels as every lossless variant must give them.
    static func code() throws -> (matrix: QRMatrix, image: GrayImage) {
        let matrix = try encoder.encode(text: text)
        return (matrix, try GrayImageRenderer(options: RenderOptions(scale: 3)).render(matrix))
    }

    /// Runs a netpbm tool on `input`, requiring it to succeed.
    static func tool(_ name: String, _ arguments: [String] = [], _ input: [UInt8]) throws -> [UInt8] {
        let path = try #require(ProgramRunner.tool(name), "\(name) is not installed (make test-deps)")
        let run = try ProgramRunner.run(path, arguments, stdin: input)
        try #require(run.status == 0, "\(name) failed: \(run.stderr)")
        return run.stdout
    }

    static func decoded(_ image: GrayImage) throws -> [String] {
        try QRDecoder().decode(image).symbols.map(\.text)
    }

    @Test func whatQREncodeWritesAsPBMAndPAMReadsBack() throws {
        let (matrix, image) = try Self.code()
        let pbm = try PBMRenderer(options: RenderOptions(scale: 3)).render(matrix)
        let pam = try PAMRenderer(options: RenderOptions(scale: 3)).render(matrix)
        #expect(ImageFormat(sniffing: pbm) == .netpbm && ImageFormat(sniffing: pam) == .netpbm)
        for file in [pbm, pam] {
            let read = try ImageReader().read(data: file, name: "code")
            #expect(read == image)
            #expect(try Self.decoded(read) == [Self.text])
        }
        // A transparent background is white, as on a page.
        let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
        let transparent = try PAMRenderer(options: RenderOptions(scale: 3, background: clear)).render(matrix)
        #expect(try ImageReader().read(data: transparent, name: "clear.pam") == image)
    }

    @Test func everyNetpbmVariantTheToolsWriteReadsAsTheSamePixels() throws {
        let (matrix, image) = try Self.code()
        let pam = try PAMRenderer(options: RenderOptions(scale: 3)).render(matrix)
        let ppm = try Self.tool("pamtopnm", [], pam)
        let pgm = try Self.tool("ppmtopgm", [], ppm)
        let pbm = try Self.tool("pgmtopbm", ["-threshold"], pgm)
        var variants: [(String, [UInt8])] = [("P6", ppm), ("P5", pgm), ("P4", pbm)]
        for (name, file) in variants {
            variants.append(("plain " + name, try Self.tool("pnmtoplainpnm", [], file)))
        }
        for (name, file) in [("P6", ppm), ("P5", pgm)] {
            let deep = try Self.tool("pamdepth", ["65535"], file)
            variants += [("16-bit " + name, deep), ("plain 16-bit " + name, try Self.tool("pnmtoplainpnm", [], deep))]
        }
        variants.append(("P5 of maxval 3", try Self.tool("pamdepth", ["3"], pgm)))
        for (name, file) in variants {
            let read = try NetpbmReader().read(data: file, name: name)
            #expect(read == image, "\(name)")
            #expect(try Self.decoded(read) == [Self.text], "\(name)")
        }
    }

    @Test func everyBMPTheToolsWriteReadsAsTheSamePixels() throws {
        let (matrix, image) = try Self.code()
        let ppm = try Self.tool("pamtopnm", [], try PAMRenderer(options: RenderOptions(scale: 3)).render(matrix))
        let options = [
            ["-bpp", "1"], ["-bpp", "4"], ["-bpp", "8"], ["-bpp", "24"], ["-os2"], ["-os2", "-bpp", "24"],
        ]
        for arguments in options {
            let bmp = try Self.tool("ppmtobmp", arguments, ppm)
            #expect(ImageFormat(sniffing: bmp) == .bmp)
            let read = try ImageReader().read(data: bmp, name: "code.bmp")
            #expect(read == image, "\(arguments)")
            #expect(try Self.decoded(read) == [Self.text], "\(arguments)")
            // And netpbm reads back what it wrote as the same picture.
            let back = try Self.tool("bmptopnm", [], bmp)
            #expect(try NetpbmReader().read(data: back, name: "back") == image, "\(arguments)")
        }
    }

    @Test func topDownBottomUpAndRunLengthBMPsAreTheSamePicture() throws {
        let ramp = HostileInputs.ramp
        for (name, file) in [
            ("bottom-up", BMPFile.gray8(ramp)), ("top-down", BMPFile.gray8(ramp, topDown: true)),
            ("RLE8", BMPFile.rle8(ramp)),
        ] {
            #expect(try BMPReader().read(data: file, name: name) == ramp, "\(name)")
        }
    }

    @Test func runLengthEscapesAndNibblesAreFollowed() throws {
        // 6 × 3, RLE4 of a two-colour palette (black 0, white 1): the bottom row a run of
        // alternating nibbles, the middle row four pixels given one by one, then a delta to
        // the top row's last pixel (what is skipped is white), a run of one, and the end.
        let data: [UInt8] = [6, 0x01, 0, 0, 0, 4, 0x10, 0x10, 0, 2, 1, 1, 1, 0x00, 0, 1]
        let file = BMPFile.make(width: 6, height: 3, bits: 4, compression: 2, palette: [0, 255], data: data)
        let image = try BMPReader().read(data: file, name: "rle4")
        #expect(
            image.pixels == [
                255, 255, 255, 255, 255, 0,
                255, 0, 255, 0, 255, 255,
                0, 255, 0, 255, 0, 255,
            ])
    }

    @Test func bitFieldsAndAlphaAreRead() throws {
        // 2 × 1 of 16 bits, 5-6-5: pure red and white.
        let rgb565 = BMPFile.make(
            width: 2, height: 1, bits: 16, compression: 3, masks: [0xF800, 0x07E0, 0x001F],
            data: [0x00, 0xF8, 0xFF, 0xFF])
        #expect(try BMPReader().read(data: rgb565, name: "565").pixels == [76, 255])
        // 32 bits in a V5 header with an alpha field: black opaque, black clear (white).
        let masks = [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, Int(0xFF00_0000)]
        let alpha = BMPFile.make(
            width: 2, height: 1, bits: 32, compression: 3, headerSize: 124, masks: masks,
            data: [0, 0, 0, 255, 0, 0, 0, 0])
        #expect(try BMPReader().read(data: alpha, name: "alpha").pixels == [0, 255])
        // An alpha field every pixel leaves zero is a byte the writer did not use.
        let unused = BMPFile.make(
            width: 2, height: 1, bits: 32, compression: 3, headerSize: 124, masks: masks,
            data: [0, 0, 0, 0, 255, 255, 255, 0])
        #expect(try BMPReader().read(data: unused, name: "unused").pixels == [0, 255])
        // A BITMAPINFOHEADER's fourth byte is not alpha.
        let plain = BMPFile.make(width: 2, height: 1, bits: 32, data: [0, 0, 0, 0, 255, 255, 255, 0])
        #expect(try BMPReader().read(data: plain, name: "plain").pixels == [0, 255])
    }

    @Test func netpbmHeadersWithCommentsAndPAMAlphaAreRead() throws {
        let commented = Array("P2 # a comment\n# another\n3 1 # width and height\n4\n0 2\n4".utf8)
        #expect(try NetpbmReader().read(data: commented, name: "p2").pixels == [0, 128, 255])
        // Plain PBM pixels need no blanks between them.
        #expect(try NetpbmReader().read(data: Array("P1\n3 1\n101".utf8), name: "p1").pixels == [0, 255, 0])
        // Gray and alpha: black opaque, black clear, black half clear.
        let pam = Array("P7\nWIDTH 3\nHEIGHT 1\nDEPTH 2\nMAXVAL 255\nTUPLTYPE GRAYSCALE_ALPHA\nENDHDR\n".utf8)
        #expect(try NetpbmReader().read(data: pam + [0, 255, 0, 0, 0, 128], name: "pam").pixels == [0, 255, 127])
        // A file of two pictures gives its first.
        let two = Array("P5 1 1 255\n".utf8) + [7] + Array("P5 1 1 255\n".utf8) + [9]
        #expect(try NetpbmReader().read(data: two, name: "two").pixels == [7])
    }

    /// Small files of each kind the readers take apart: raw and plain netpbm, PAM, BMP of a
    /// palette, run lengths and bit fields.
    static let seeds: [[UInt8]] = {
        let ramp = HostileInputs.ramp
        let masks = [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, Int(0xFF00_0000)]
        return [
            Array("P5 24 16 255\n".utf8) + ramp.pixels,
            Array("P2 4 2 255\n0 1 2 3\n# c\n4 5 6 7\n".utf8),
            Array("P1 8 2\n10101010 01010101\n".utf8),
            Array("P6 2 1 65535\n".utf8) + [UInt8](repeating: 0x80, count: 12),
            Array("P7\nWIDTH 2\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nENDHDR\n".utf8) + [1, 2, 3, 4, 5, 6, 7, 8],
            BMPFile.gray8(ramp), BMPFile.gray8(ramp, topDown: true), BMPFile.rle8(ramp),
            BMPFile.make(
                width: 6, height: 3, bits: 4, compression: 2, palette: [0, 255],
                data: [6, 0x01, 0, 0, 0, 4, 0x10, 0x10, 0, 2, 1, 1, 1, 0x00, 0, 1]),
            BMPFile.make(
                width: 2, height: 2, bits: 32, compression: 3, headerSize: 124, masks: masks,
                data: [UInt8](repeating: 0x7F, count: 16)),
        ]
    }()

    @Test("a mutated file is a picture within the limit or an error naming it, never a crash", arguments: 0..<10)
    func mutatedFilesNeverCrash(_ seedIndex: Int) {
        var random = SplitMix64(seed: 0xB17_0000 + UInt64(seedIndex))
        let seed = Self.seeds[seedIndex]
        let reader = ImageReader(pixelLimit: 1 << 20)
        for _ in 0..<1_000 {
            var file = seed
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<file.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: file[at] = UInt8.random(in: 0...255, using: &random)
                case 1: file[at] ^= 1 << UInt8.random(in: 0...7, using: &random)
                case 2: file.removeSubrange(at..<min(file.count, at + Int.random(in: 1...16, using: &random)))
                default: file.insert(contentsOf: [UInt8.random(in: 0...255, using: &random), 0xFF, 0], at: at)
                }
                if file.isEmpty { file = seed }
            }
            do {
                let image = try reader.read(data: file, name: "m")
                #expect(image.pixelCount <= 1 << 20)
            } catch {
                #expect(error.file == "m")
            }
        }
    }

    @Test func theReadersNameTheFormatTheyWereGiven() throws {
        let pbm = Array("P4\n8 1\n".utf8) + [0xAA]
        #expect(throws: ImageError.wrongFormat(file: "x", expected: .bmp, found: .netpbm)) {
            try BMPReader().read(data: pbm, name: "x")
        }
        #expect(throws: ImageError.wrongFormat(file: "x", expected: .netpbm, found: .bmp)) {
            try NetpbmReader().read(data: BMPFile.gray8(HostileInputs.ramp), name: "x")
        }
    }

    @Test func thePixelLimitAndTheMemoryBudgetHoldForBoth() throws {
        let bmp = BMPFile.gray8(HostileInputs.ramp)
        let pgm = Array("P5 24 16 255\n".utf8) + HostileInputs.ramp.pixels
        #expect(throws: ImageError.tooLarge(file: "b", width: 24, height: 16, limit: 383)) {
            try ImageReader(pixelLimit: 383).read(data: bmp, name: "b")
        }
        #expect(throws: ImageError.tooLarge(file: "p", width: 24, height: 16, limit: 383)) {
            try ImageReader(pixelLimit: 383).read(data: pgm, name: "p")
        }
        let budget = MemoryBudget(bytes: 1000)
        for (name, file) in [("b", bmp), ("p", pgm)] {
            #expect(
                throws: ImageError.overMemoryBudget(
                    file: name, needed: 384 * MemoryBudget.decodeBytesPerPixel, budget: 1000)
            ) {
                try ImageReader(memoryBudget: budget).read(data: file, name: name)
            }
        }
    }
}
