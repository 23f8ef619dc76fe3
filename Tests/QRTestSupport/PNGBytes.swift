// QRKit test support — PNGBytes: PNG files assembled byte by byte, for tests that need
// exact, damaged or hostile files.
//
// Chunks with CRC-32, zlib streams of stored deflate blocks (or, for pictures far larger
// than their file, fixed-Huffman runs), scanlines with filter type 0, Adam7 when asked.
// Nothing here depends on libpng, so a test states exactly what a file holds.

/// A picture as PNG samples: one array of channel values per pixel, row-major.
public struct Picture: Sendable, CustomStringConvertible {
    public enum Color: UInt8, Sendable {
        case gray = 0
        case rgb = 2
        case palette = 3
        case grayAlpha = 4
        case rgba = 6
    }

    public let width: Int
    public let height: Int
    public let depth: Int
    public let color: Color
    public let samples: [[Int]]

    public init(width: Int, height: Int, depth: Int, color: Color, samples: [[Int]]) {
        self.width = width
        self.height = height
        self.depth = depth
        self.color = color
        self.samples = samples
    }

    public static func gray(width: Int, height: Int, depth: Int, _ values: [Int]) -> Picture {
        Picture(width: width, height: height, depth: depth, color: .gray, samples: values.map { [$0] })
    }

    public var description: String { "\(color) \(depth)-bit \(width)×\(height)" }
}

/// Hand-made PNG files.
public enum PNGBytes {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A whole PNG file holding `picture`.
    public static func file(_ picture: Picture, interlaced: Bool = false, extraChunks: [[UInt8]] = []) -> [UInt8] {
        file(
            width: picture.width, height: picture.height, bitDepth: UInt8(picture.depth),
            colorType: picture.color.rawValue, interlaced: interlaced,
            scanlines: scanlines(picture, interlaced: interlaced), extraChunks: extraChunks)
    }

    /// A whole PNG file around ready-made scanlines (filter bytes included).
    public static func file(
        width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, interlaced: Bool = false,
        scanlines: [UInt8], extraChunks: [[UInt8]] = []
    ) -> [UInt8] {
        file(
            width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: interlaced,
            zlibStream: zlib(scanlines), extraChunks: extraChunks)
    }

    /// A whole PNG file around a ready-made zlib stream of scanlines.
    public static func file(
        width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, interlaced: Bool = false,
        zlibStream: [UInt8], extraChunks: [[UInt8]] = []
    ) -> [UInt8] {
        let header = ihdr(
            width: UInt32(width), height: UInt32(height), bitDepth: bitDepth, colorType: colorType,
            interlace: interlaced ? 1 : 0)
        return signature + chunk("IHDR", header) + extraChunks.joined() + chunk("IDAT", zlibStream)
            + chunk("IEND", [])
    }

    /// A black or white gray picture, `width` × `height` at `depth` bits (1 or 8), whose
    /// file is far smaller than its pixels: the scanlines are deflated as runs.
    ///
    /// A 20 000 × 20 000 black picture at 1 bit is a file of about 310 KB; decoded to 8-bit
    /// gray it needs 400 MB.
    public static func flat(width: Int, height: Int, depth: Int = 1, black: Bool = true) -> [UInt8] {
        let rowBytes = (width * depth + 7) / 8
        let sample: UInt8 = black ? 0 : 0xFF
        let runs: [(byte: UInt8, count: Int)]
        if sample == 0 {
            runs = [(0, (rowBytes + 1) * height)]  // filter byte 0 and zero samples: one run
        } else {
            runs = Array(repeating: [(UInt8(0), 1), (sample, rowBytes)], count: height).flatMap { $0 }
        }
        return file(
            width: width, height: height, bitDepth: UInt8(depth), colorType: 0, zlibStream: zlib(runs: runs))
    }

    /// An IHDR chunk's data.
    public static func ihdr(
        width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, interlace: UInt8 = 0
    ) -> [UInt8] {
        bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, interlace]
    }

    /// A PNG with the given IHDR fields and a small, otherwise valid, body.
    public static func header(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 0) -> [UInt8] {
        signature
            + chunk("IHDR", ihdr(width: width, height: height, bitDepth: bitDepth, colorType: colorType))
            + chunk("IDAT", zlib([0, 0, 0, 0, 0]))
            + chunk("IEND", [])
    }

    /// A chunk: length, type, data, and the CRC-32 of type and data (or `crc`, to break it).
    public static func chunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc ?? crc32(typeAndData))
    }

    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A zlib stream holding `data` in stored deflate blocks.
    public static func zlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        return out + bigEndian(adler32(data))
    }

    /// A zlib stream of runs of bytes, in one fixed-Huffman deflate block: each run is a
    /// literal and then back-references of distance 1 (up to 258 bytes each, 13 bits).
    /// About 2 000 times smaller than the data for long runs.
    public static func zlib(runs: [(byte: UInt8, count: Int)]) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman
        for run in runs where run.count > 0 {
            bits.writeLiteral(Int(run.byte))
            var left = run.count - 1
            while left > 0 {
                // A match of 1 or 2 cannot be coded; end a run with literals instead.
                if left < 3 {
                    bits.writeLiteral(Int(run.byte))
                    left -= 1
                    continue
                }
                // Leave at least 3 for the last match.
                var length = min(left, 258)
                if (1...2).contains(left - length) { length -= 3 }
                bits.writeLength(length)
                bits.write(0, count: 5)  // distance code 0: distance 1
                left -= length
            }
        }
        bits.writeSymbol(256)  // end of block
        return [0x78, 0x01] + bits.bytes + bigEndian(adler32(runs: runs))
    }

    public static func adler32(_ data: [UInt8]) -> UInt32 {
        adler32(runs: data.map { ($0, 1) })
    }

    /// The Adler-32 of the bytes `runs` spell out, in time proportional to the runs.
    public static func adler32(runs: [(byte: UInt8, count: Int)]) -> UInt32 {
        let modulus: UInt64 = 65_521
        var a: UInt64 = 1
        var b: UInt64 = 0
        for (byte, count) in runs where count > 0 {
            // After n bytes of value v: b += n·a + v·n(n+1)/2, a += n·v.
            let n = UInt64(count)
            let triangle = (n * (n + 1) / 2) % modulus
            b = (b + (n % modulus) * a + UInt64(byte) * triangle) % modulus
            a = (a + (n % modulus) * UInt64(byte)) % modulus
        }
        return UInt32(b << 16 | a)
    }

    static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    /// The CRC-32 of `bytes`, as PNG chunks carry it: the tests' own, so that the CRCs
    /// libpng writes into the library's PNGs are checked against an implementation that
    /// is neither libpng's nor the library's (which has none).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { c, byte in crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    }

    /// The filtered (type 0) scanlines of `picture`, in Adam7 pass order when interlaced.
    public static func scanlines(_ picture: Picture, interlaced: Bool) -> [UInt8] {
        // (first column, first row, column step, row step) of each pass.
        let passes =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var out: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            let columns = Array(stride(from: x0, to: picture.width, by: dx))
            guard !columns.isEmpty else { continue }
            for y in stride(from: y0, to: picture.height, by: dy) {
                out.append(0)
                out += pack(columns.flatMap { picture.samples[y * picture.width + $0] }, depth: picture.depth)
            }
        }
        return out
    }

    /// Samples packed at `depth` bits: big-endian pairs at 16, several to a byte below 8.
    public static func pack(_ samples: [Int], depth: Int) -> [UInt8] {
        switch depth {
        case 16: return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return samples.map { UInt8($0) }
        default:
            var out: [UInt8] = []
            var bits = 0
            for sample in samples {
                if bits % 8 == 0 { out.append(0) }
                out[out.count - 1] |= UInt8(sample << (8 - depth - bits % 8))
                bits += depth
            }
            return out
        }
    }
}

/// Writes a deflate bit stream: fields least significant bit first, Huffman codes most
/// significant bit first (RFC 1951, 3.1.1).
private struct BitWriter {
    var bytes: [UInt8] = []
    private var used = 8

    mutating func write(_ value: Int, count: Int) {
        for i in 0..<count { put(value >> i & 1) }
    }

    mutating func writeCode(_ code: Int, count: Int) {
        for i in (0..<count).reversed() { put(code >> i & 1) }
    }

    /// A literal/length symbol in the fixed code.
    mutating func writeSymbol(_ symbol: Int) {
        switch symbol {
        case 0...143: writeCode(0x30 + symbol, count: 8)
        case 144...255: writeCode(0x190 + symbol - 144, count: 9)
        case 256...279: writeCode(symbol - 256, count: 7)
        default: writeCode(0xC0 + symbol - 280, count: 8)
        }
    }

    mutating func writeLiteral(_ byte: Int) { writeSymbol(byte) }

    /// A match length, 3...258: its symbol and extra bits.
    mutating func writeLength(_ length: Int) {
        let bases = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
            227, 258,
        ]
        let extra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        let index = bases.lastIndex { $0 <= length }!
        writeSymbol(257 + index)
        write(length - bases[index], count: extra[index])
    }

    private mutating func put(_ bit: Int) {
        if used == 8 {
            bytes.append(0)
            used = 0
        }
        bytes[bytes.count - 1] |= UInt8(bit) << UInt8(used)
        used += 1
    }
}
