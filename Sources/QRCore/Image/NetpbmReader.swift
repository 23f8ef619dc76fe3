// QRKit — NetpbmReader: PBM, PGM, PPM and PAM files, raw and plain, into GrayImage.
//
// Written in Swift rather than through libnetpbm: the formats are a text header and rows
// of samples, libnetpbm reports errors by exiting or by longjmp and reads from a FILE,
// and stb_image reads only the raw PGM and PPM. Every read here is bounds-checked.

/// Reads netpbm pictures as 8-bit grayscale: PBM (`P1`, `P4`), PGM (`P2`, `P5`), PPM
/// (`P3`, `P6`), and PAM (`P7`) of depth 1 to 4, with any maxval up to 65535.
///
/// Black in a PBM is 1; samples are scaled from the maxval to 0...255; colour becomes its
/// Rec. 601 luma; a PAM's alpha (depth 2 or 4) is composited on white. Only the first
/// picture of a file of several is read.
///
/// ```swift
/// let image = try NetpbmReader().read(contentsOf: "code.pbm")
/// ```
public struct NetpbmReader: ImageFileReader {
    /// The most pixels (`width * height`) a picture may have, checked against the header
    /// before decoding. Zero or less refuses every picture.
    public var pixelLimit: Int

    /// The budget a picture's reading and decoding take their memory from.
    public var memoryBudget: MemoryBudget

    /// Makes a reader.
    ///
    /// - Parameters:
    ///   - pixelLimit: The most pixels a picture may have; 100 megapixels by default.
    ///   - memoryBudget: The budget reading and decoding a picture take their memory
    ///     from; the process's by default.
    public init(pixelLimit: Int = NetpbmReader.defaultPixelLimit, memoryBudget: MemoryBudget = .shared) {
        self.pixelLimit = pixelLimit
        self.memoryBudget = memoryBudget
    }

    /// The one format this reader decodes.
    public var formats: [ImageFormat] { [.netpbm] }

    /// Reads netpbm bytes already in memory.
    ///
    /// - Parameters:
    ///   - data: The whole file.
    ///   - name: What error messages call the data, such as `<stdin>`.
    /// - Returns: The picture's luminance.
    /// - Throws: ``ImageError/wrongFormat(file:expected:found:)`` for bytes of another
    ///   format, ``ImageError/truncated(file:format:)`` when the data ends before the
    ///   picture does, ``ImageError/tooLarge(file:width:height:limit:)`` over the pixel
    ///   limit, and ``ImageError/corrupt(file:format:reason:)`` naming what is wrong in
    ///   the header or the samples.
    public func read(data: [UInt8], name: String) throws(ImageError) -> GrayImage {
        _ = try sniff(data, name: name)
        var scanner = NetpbmScanner(data: data, name: name)
        let header = try scanner.header()
        let count = try checkedPixelCount(width: header.width, height: header.height, format: .netpbm, name: name)
        if !header.plain {
            // Raw samples have a known length: a cut file is refused before memory is taken.
            let (rows, overflow) = header.rowBytes.multipliedReportingOverflow(by: header.height)
            guard !overflow, data.count - scanner.offset >= rows else { throw .truncated(file: name, format: .netpbm) }
        }
        let reservation = try reserveMemory(pixels: count, readerBytes: count, name: name)
        let pixels = try scanner.pixels(header, count: count)
        return GrayImage(width: header.width, height: header.height, pixels: pixels).holding(reservation)
    }
}

/// What a netpbm header says.
private struct NetpbmHeader {
    var width = 0
    var height = 0
    /// Samples a pixel: 1 (gray or bits), 2 (gray and alpha), 3 (RGB), 4 (RGB and alpha).
    var depth = 1
    var maxval = 1
    /// A PBM: one bit a pixel, 1 for black.
    var bits = false
    /// Samples written as decimal text (`P1` to `P3`).
    var plain = false

    /// Bytes a raw row holds.
    var rowBytes: Int {
        if bits { return (width + 7) / 8 }
        let (samples, overflow) = width.multipliedReportingOverflow(by: depth * (maxval > 255 ? 2 : 1))
        return overflow ? .max : samples
    }
}

/// Reads a netpbm file's header and samples from its bytes, front to back.
private struct NetpbmScanner {
    let data: [UInt8]
    let name: String
    var offset = 0

    init(data: [UInt8], name: String) {
        self.data = data
        self.name = name
    }

    /// The largest number a header field may hold; more is refused rather than overflowed.
    static let largestNumber = 1 << 40

    func corrupt(_ reason: String) -> ImageError { .corrupt(file: name, format: .netpbm, reason: reason) }

    var truncated: ImageError { .truncated(file: name, format: .netpbm) }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// Reads the magic number and the header, leaving `offset` at the first sample.
    mutating func header() throws(ImageError) -> NetpbmHeader {
        // The sniffer has seen "P1" to "P7" and a blank.
        let kind = Int(data[1] - UInt8(ascii: "0"))
        offset = 2
        if kind == 7 { return try pamHeader() }
        var header = NetpbmHeader()
        header.plain = kind <= 3
        header.bits = kind == 1 || kind == 4
        header.depth = kind == 3 || kind == 6 ? 3 : 1
        header.width = try number("width")
        header.height = try number("height")
        if !header.bits { header.maxval = try maxval(number("maxval")) }
        if header.plain { return header }
        // One blank ends a raw header; the samples follow it at once, whatever they are.
        guard offset < data.count else { throw truncated }
        guard Self.isSpace(data[offset]) else { throw corrupt("no blank after the header") }
        offset += 1
        return header
    }

    /// A maxval netpbm allows: 1 to 65535.
    func maxval(_ value: Int) throws(ImageError) -> Int {
        guard (1...65535).contains(value) else { throw corrupt("maxval \(value) is not between 1 and 65535") }
        return value
    }

    /// Skips blanks and `#` comments (to the end of their line).
    mutating func skipBlanks() {
        while offset < data.count {
            if data[offset] == UInt8(ascii: "#") {
                while offset < data.count, data[offset] != 0x0A, data[offset] != 0x0D { offset += 1 }
            } else if Self.isSpace(data[offset]) {
                offset += 1
            } else {
                return
            }
        }
    }

    /// A decimal number after blanks and comments; `field` names it in messages.
    mutating func number(_ field: String) throws(ImageError) -> Int {
        skipBlanks()
        guard offset < data.count else { throw truncated }
        guard Self.isDigit(data[offset]) else { throw corrupt("the \(field) is not a number") }
        var value = 0
        while offset < data.count, Self.isDigit(data[offset]) {
            value = value * 10 + Int(data[offset] - UInt8(ascii: "0"))
            guard value <= Self.largestNumber else { throw corrupt("the \(field) is too large") }
            offset += 1
        }
        return value
    }

    /// A PAM header: lines of a field name and a value, to `ENDHDR`.
    mutating func pamHeader() throws(ImageError) -> NetpbmHeader {
        var header = NetpbmHeader()
        var seen: Set<String> = []
        while true {
            skipBlanks()
            let start = offset
            while offset < data.count, !Self.isSpace(data[offset]) { offset += 1 }
            guard offset < data.count else { throw truncated }
            let field = String(decoding: data[start..<min(offset, start + 20)], as: UTF8.self)
            switch field {
            case "ENDHDR":
                // The samples start after the end of this line.
                while offset < data.count, data[offset] != 0x0A { offset += 1 }
                guard offset < data.count else { throw truncated }
                offset += 1
                for needed in ["WIDTH", "HEIGHT", "DEPTH", "MAXVAL"] where !seen.contains(needed) {
                    throw corrupt("the PAM header has no \(needed)")
                }
                return header
            case "WIDTH": header.width = try number("width")
            case "HEIGHT": header.height = try number("height")
            case "DEPTH":
                header.depth = try number("depth")
                guard (1...4).contains(header.depth) else { throw corrupt("unsupported depth \(header.depth)") }
            case "MAXVAL": header.maxval = try maxval(number("maxval"))
            case "TUPLTYPE":
                // The depth says what the samples are; the type's words are skipped.
                while offset < data.count, data[offset] != 0x0A, data[offset] != 0x0D { offset += 1 }
            default:
                throw corrupt("unknown PAM header field \(field)")
            }
            seen.insert(field)
        }
    }

    /// Reads the samples of `header`'s picture of `count` pixels as luminance.
    mutating func pixels(_ header: NetpbmHeader, count: Int) throws(ImageError) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: count)
        let width = header.width
        if header.bits {
            for y in 0..<header.height {
                for x in 0..<width {
                    let black: Bool
                    if header.plain {
                        black = try bit()
                    } else {
                        black = data[offset + x / 8] & (0x80 >> UInt8(x % 8)) != 0
                    }
                    pixels[y * width + x] = black ? 0 : 255
                }
                if !header.plain { offset += header.rowBytes }
            }
            return pixels
        }
        let maxval = header.maxval
        // Each sample scaled to 0...255 once, through a table as long as maxval.
        let scale = (0...maxval).map { UInt8(($0 * 255 + maxval / 2) / maxval) }
        var samples = [Int](repeating: 0, count: header.depth)
        for index in 0..<count {
            for channel in 0..<header.depth {
                let value = try sample(header)
                guard value <= maxval else { throw corrupt("a sample of \(value) is over the maxval \(maxval)") }
                samples[channel] = value
            }
            let gray =
                header.depth >= 3
                ? PixelMath.luma(red: scale[samples[0]], green: scale[samples[1]], blue: scale[samples[2]])
                : scale[samples[0]]
            if header.depth == 2 || header.depth == 4 {
                pixels[index] = PixelMath.onWhite(gray: Int(gray), alpha: samples[header.depth - 1], maxAlpha: maxval)
            } else {
                pixels[index] = gray
            }
        }
        return pixels
    }

    /// One sample: a decimal number, or one or two raw bytes (most significant first).
    mutating func sample(_ header: NetpbmHeader) throws(ImageError) -> Int {
        if header.plain { return try number("sample") }
        if header.maxval > 255 {
            defer { offset += 2 }
            return Int(data[offset]) << 8 | Int(data[offset + 1])
        }
        defer { offset += 1 }
        return Int(data[offset])
    }

    /// One pixel of a plain PBM: `0` or `1`, blanks between them optional.
    mutating func bit() throws(ImageError) -> Bool {
        skipBlanks()
        guard offset < data.count else { throw truncated }
        defer { offset += 1 }
        switch data[offset] {
        case UInt8(ascii: "0"): return false
        case UInt8(ascii: "1"): return true
        default: throw corrupt("a PBM pixel that is not 0 or 1")
        }
    }
}
