// QRKit test support — BitmapHostileInputs: BMP and netpbm files made byte by byte (no
// tool writes the damaged ones), and the bad files of both formats with the error reading
// each must give.
import QRKit

/// BMP files made byte by byte, little-endian as the format is.
public enum BMPFile {
    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// A BMP of `width` × `height` (negative: top-down) whose pixel data is `data` as
    /// stored; `headerSize` 40 (BITMAPINFOHEADER) or 124 (V5), `masks` red, green, blue
    /// and alpha (written inside a V5 header, or after a BITMAPINFOHEADER for
    /// `compression` 3), `palette` of gray levels.
    public static func make(
        width: Int, height: Int, bits: Int, compression: Int = 0, headerSize: Int = 40, masks: [Int] = [],
        palette: [UInt8] = [], data: [UInt8]
    ) -> [UInt8] {
        var info: [UInt8] = le32(headerSize) + le32(width) + le32(height)
        info += le16(1) + le16(bits) + le32(compression)
        info += le32(data.count) + le32(2835) + le32(2835)
        info += le32(palette.count) + le32(0)
        var extra: [UInt8] = []
        if headerSize > 40 {
            for index in 0..<4 { info += le32(index < masks.count ? masks[index] : 0) }
            info += [UInt8](repeating: 0, count: headerSize - info.count)
        } else if compression == 3 {
            extra = masks.prefix(3).flatMap(le32)
        }
        let colours: [UInt8] = palette.flatMap { [$0, $0, $0, 0] }
        let offset = 14 + info.count + extra.count + colours.count
        var file: [UInt8] = Array("BM".utf8) + le32(offset + data.count)
        file += le32(0) + le32(offset)
        return file + info + extra + colours + data
    }

    /// `image` as an uncompressed 8-bit gray-palette BMP, bottom-up unless `topDown`.
    public static func gray8(_ image: GrayImage, topDown: Bool = false) -> [UInt8] {
        let stride = (image.width + 3) / 4 * 4
        var data: [UInt8] = []
        for row in 0..<image.height {
            let y = topDown ? row : image.height - 1 - row
            let line = image.pixels[y * image.width..<(y + 1) * image.width]
            data += line + [UInt8](repeating: 0, count: stride - image.width)
        }
        return make(
            width: image.width, height: topDown ? -image.height : image.height, bits: 8,
            palette: (0...255).map { UInt8($0) }, data: data)
    }

    /// `image` as an RLE8 BMP: each row a run per change of gray, then an end of line.
    public static func rle8(_ image: GrayImage) -> [UInt8] {
        var data: [UInt8] = []
        for y in stride(from: image.height - 1, through: 0, by: -1) {
            var x = 0
            while x < image.width {
                let value = image.pixels[y * image.width + x]
                var run = 1
                while x + run < image.width, run < 255, image.pixels[y * image.width + x + run] == value { run += 1 }
                data += [UInt8(run), value]
                x += run
            }
            data += [0, 0]
        }
        data += [0, 1]
        return make(
            width: image.width, height: image.height, bits: 8, compression: 1, palette: (0...255).map { UInt8($0) },
            data: data)
    }
}

extension HostileInputs {
    /// A small picture (a gray ramp) to store in each format and then damage.
    public static let ramp = GrayImage(
        width: 24, height: 16,
        pixels: (0..<24 * 16).map { (index: Int) -> UInt8 in UInt8(index % 24 * 10 + index / 24) })

    /// The bad BMP and netpbm files.
    public static let bitmapInputs: [HostileInput] = bmpInputs + netpbmInputs

    static let bmpInputs: [HostileInput] = {
        let bmp = BMPFile.gray8(ramp)
        let rle = BMPFile.rle8(ramp)
        // The info header starts at 14: size, width, height, planes, bits, compression.
        var inputs = [empty("empty.bmp")]
        // In the file header, the info header, the palette, the rows; an RLE file mid-stream.
        inputs += cuts(
            bmp, at: [2, 12, 30, 60, 54 + 1024, bmp.count - 30], name: "BMP", format: .bmp, extension: "bmp")
        inputs += cuts(rle, at: [rle.count / 2, rle.count - 3], name: "RLE8 BMP", format: .bmp, extension: "bmp")
        inputs += [
            huge(
                "BMP header claiming 60000 × 60000", "huge-header.bmp",
                patched(bmp, at: 18, BMPFile.le32(60_000) + BMPFile.le32(60_000)),
                width: 60_000, height: 60_000),
            huge(
                "BMP header claiming a height of -2147483648", "huge-top-down.bmp",
                patched(bmp, at: 22, BMPFile.le32(Int(Int32.min))), width: 24, height: 2_147_483_648),
            corrupt(
                "BMP of width 0", "zero-width.bmp", patched(bmp, at: 18, BMPFile.le32(0)), .bmp, "image has no pixels"),
            corrupt(
                "BMP of height 0", "zero-height.bmp", patched(bmp, at: 22, BMPFile.le32(0)), .bmp, "image has no pixels"
            ),
            corrupt(
                "BMP of 2 bits per pixel", "two-bits.bmp", patched(bmp, at: 28, BMPFile.le16(2)), .bmp,
                "unsupported bits per pixel: 2"),
            corrupt(
                "BMP header of 7 bytes", "header-size.bmp", patched(bmp, at: 14, BMPFile.le32(7)), .bmp,
                "unsupported header size 7"),
            corrupt(
                "BMP holding a JPEG", "jpeg-inside.bmp", patched(bmp, at: 30, BMPFile.le32(4)), .bmp,
                "a JPEG inside a BMP, which is not read"),
            corrupt(
                "BMP of compression 9", "compression.bmp", patched(bmp, at: 30, BMPFile.le32(9)), .bmp,
                "unknown compression 9"),
            corrupt(
                "RLE4 of 8 bits per pixel", "rle4-8.bmp", patched(bmp, at: 30, BMPFile.le32(2)), .bmp,
                "RLE4 of 8 bits per pixel"),
            corrupt(
                "RLE8 BMP stored top-down", "rle-top-down.bmp", patched(rle, at: 22, BMPFile.le32(-ramp.height)), .bmp,
                "a run-length picture stored top-down"),
            HostileInput(
                name: "BMP whose pixels start past its end", fileName: "offset.bmp",
                kind: .bytes(patched(bmp, at: 10, BMPFile.le32(1 << 30)))
            ) { .truncated(file: $0, format: .bmp) },
            HostileInput(
                name: "RLE8 BMP of a megabyte of runs past its first row's end", fileName: "runs.bmp",
                kind: .bytes(
                    BMPFile.make(
                        width: 16, height: 16, bits: 8, compression: 1, palette: [0, 255],
                        data: [UInt8]((0..<(1 << 19)).flatMap { _ in [255, 1] as [UInt8] })))
            ) { .truncated(file: $0, format: .bmp) },
            HostileInput(
                name: "BM and garbage", fileName: "garbage.bmp",
                kind: .bytes(Array("BM".utf8) + [UInt8](repeating: 0xEE, count: 64))
            ) { .corrupt(file: $0, format: .bmp, reason: "unsupported header size 4008636142") },
        ]
        return inputs
    }()

    static let netpbmInputs: [HostileInput] = {
        let pgm = Array("P5\n24 16\n255\n".utf8) + ramp.pixels
        let plain = Array("P2\n24 16\n255\n".utf8) + Array(ramp.pixels.map { "\($0)" }.joined(separator: " ").utf8)
        let pam = Array("P7\nWIDTH 24\nHEIGHT 16\nDEPTH 1\nMAXVAL 255\nTUPLTYPE GRAYSCALE\nENDHDR\n".utf8) + ramp.pixels
        func text(_ header: String) -> [UInt8] { Array(header.utf8) + [UInt8](repeating: 0, count: 16) }
        var inputs = [empty("empty.pbm")]
        inputs += cuts(
            pgm, at: [3, 8, 12, pgm.count / 2, pgm.count - 1], name: "PGM", format: .netpbm, extension: "pgm")
        inputs += cuts(plain, at: [plain.count / 2], name: "plain PGM", format: .netpbm, extension: "pgm")
        inputs += cuts(pam, at: [20, 60, pam.count - 1], name: "PAM", format: .netpbm, extension: "pam")
        inputs += [
            huge(
                "PGM header claiming 100000 × 100000", "huge-header.pgm", text("P5\n100000 100000\n255\n"),
                width: 100_000, height: 100_000),
            huge(
                "PBM header claiming 4000000000 × 4000000000", "huge-header.pbm", text("P4\n4000000000 4000000000\n"),
                width: 4_000_000_000, height: 4_000_000_000),
            corrupt(
                "PGM width of 21 digits", "long-number.pgm", text("P5\n999999999999999999999 1\n255\n"), .netpbm,
                "the width is too large"),
            corrupt("PGM of width 0", "zero-width.pgm", text("P5\n0 16\n255\n"), .netpbm, "image has no pixels"),
            corrupt("PPM of height 0", "zero-height.ppm", text("P6 4 0 255\n"), .netpbm, "image has no pixels"),
            corrupt(
                "PGM of maxval 0", "maxval-0.pgm", text("P5\n2 2\n0\n"), .netpbm, "maxval 0 is not between 1 and 65535"),
            corrupt(
                "PPM of maxval 70000", "maxval-70000.ppm", text("P6\n2 2\n70000\n"), .netpbm,
                "maxval 70000 is not between 1 and 65535"),
            corrupt(
                "PGM of a width in letters", "letters.pgm", text("P5\nabc 2\n255\n"), .netpbm,
                "the width is not a number"),
            corrupt(
                "PGM without a blank after its header", "no-blank.pgm", text("P5\n2 2\n255A"), .netpbm,
                "no blank after the header"),
            corrupt(
                "plain PGM of a sample over its maxval", "over-maxval.pgm", Array("P2\n2 1\n15\n3 16\n".utf8), .netpbm,
                "a sample of 16 is over the maxval 15"),
            corrupt(
                "plain PBM of a pixel 2", "pixel-2.pbm", Array("P1\n2 1\n0 2\n".utf8), .netpbm,
                "a PBM pixel that is not 0 or 1"),
            corrupt(
                "PAM of depth 5", "depth-5.pam", text("P7\nWIDTH 2\nHEIGHT 2\nDEPTH 5\nMAXVAL 255\nENDHDR\n"), .netpbm,
                "unsupported depth 5"),
            corrupt(
                "PAM without MAXVAL", "no-maxval.pam", text("P7\nWIDTH 2\nHEIGHT 2\nDEPTH 1\nENDHDR\n"), .netpbm,
                "the PAM header has no MAXVAL"),
            corrupt(
                "PAM of an unknown field", "field.pam", text("P7\nWIDTH 2\nCOLOUR 3\n"), .netpbm,
                "unknown PAM header field COLOUR"),
        ]
        return inputs
    }()
}
