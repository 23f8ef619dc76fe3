// QRKit — BMPReader: Windows bitmaps into GrayImage.
//
// Written in Swift rather than through a library: Debian's fitting one, stb_image, would
// need a C shim, and its errors are a few words that name no cause a user can act on;
// gdk-pixbuf would bring GLib. An uncompressed or run-length bitmap is a header and rows,
// and every read here is bounds-checked.

/// Reads Windows bitmaps (BMP, DIB) as 8-bit grayscale.
///
/// Headers: OS/2 `BITMAPCOREHEADER` and Windows `BITMAPINFOHEADER` to `BITMAPV5HEADER`.
/// Pixels: 1, 4 and 8 bits through a palette, uncompressed or run-length encoded (RLE4,
/// RLE8); 16, 24 and 32 bits, with default or given bit fields. Rows bottom-up or
/// top-down. Colour becomes its Rec. 601 luma; an alpha channel given by a bit field is
/// composited on white, unless every pixel's alpha is zero (writers that leave the byte
/// unused). What a run-length picture skips is white.
///
/// ```swift
/// let image = try BMPReader().read(contentsOf: "scan.bmp")
/// ```
public struct BMPReader: ImageFileReader {
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
    public init(pixelLimit: Int = BMPReader.defaultPixelLimit, memoryBudget: MemoryBudget = .shared) {
        self.pixelLimit = pixelLimit
        self.memoryBudget = memoryBudget
    }

    /// The one format this reader decodes.
    public var formats: [ImageFormat] { [.bmp] }

    /// Reads BMP bytes already in memory.
    ///
    /// - Parameters:
    ///   - data: The whole file.
    ///   - name: What error messages call the data, such as `<stdin>`.
    /// - Returns: The picture's luminance, upright.
    /// - Throws: ``ImageError/wrongFormat(file:expected:found:)`` for bytes of another
    ///   format, ``ImageError/truncated(file:format:)`` when the data ends before the
    ///   picture does, ``ImageError/tooLarge(file:width:height:limit:)`` over the pixel
    ///   limit, and ``ImageError/corrupt(file:format:reason:)`` naming what is wrong or
    ///   not read (a JPEG or PNG inside a BMP, a bit depth of 2).
    public func read(data: [UInt8], name: String) throws(ImageError) -> GrayImage {
        _ = try sniff(data, name: name)
        let file = BMPBytes(data: data, name: name)
        let header = try file.header()
        let count = try checkedPixelCount(width: header.width, height: header.height, format: .bmp, name: name)
        guard header.pixelOffset < data.count else { throw file.truncated }
        if !header.runLength {
            // Rows have a known length (the last row's padding may be missing): a cut file
            // is refused before memory is taken.
            let (rows, overflow) = header.stride.multipliedReportingOverflow(by: header.height - 1)
            let needed = header.pixelOffset + min(rows, data.count) + (header.width * header.bitsPerPixel + 7) / 8
            guard !overflow, rows <= data.count, needed <= data.count else { throw file.truncated }
        } else if header.topDown {
            throw file.corrupt("a run-length picture stored top-down")
        }
        let reservation = try reserveMemory(pixels: count, readerBytes: count, name: name)
        let pixels =
            header.runLength ? try file.runLengthPixels(header, count: count) : file.pixels(header, count: count)
        return GrayImage(width: header.width, height: header.height, pixels: pixels).holding(reservation)
    }
}

/// What a BMP's headers say.
private struct BMPHeader {
    var width = 0
    var height = 0
    var topDown = false
    var bitsPerPixel = 0
    /// RLE8 or RLE4.
    var runLength = false
    var pixelOffset = 0
    /// Each palette index's luminance (an index past the palette is black).
    var palette: [UInt8] = []
    /// The bit fields of red, green, blue and alpha in a 16- or 32-bit pixel.
    var masks: [UInt32] = [0, 0, 0, 0]

    /// Bytes a stored row takes: its pixels padded to four bytes.
    var stride: Int { (width * bitsPerPixel + 31) / 32 * 4 }
}

/// A BMP file's bytes, read little-endian and checked at every step.
private struct BMPBytes {
    let data: [UInt8]
    let name: String

    func corrupt(_ reason: String) -> ImageError { .corrupt(file: name, format: .bmp, reason: reason) }

    var truncated: ImageError { .truncated(file: name, format: .bmp) }

    func u16(_ at: Int) throws(ImageError) -> Int {
        guard at + 2 <= data.count else { throw truncated }
        return Int(data[at]) | Int(data[at + 1]) << 8
    }

    func u32(_ at: Int) throws(ImageError) -> UInt32 {
        guard at + 4 <= data.count else { throw truncated }
        return UInt32(data[at]) | UInt32(data[at + 1]) << 8 | UInt32(data[at + 2]) << 16 | UInt32(data[at + 3]) << 24
    }

    /// Reads the file and bitmap headers, the bit fields and the palette.
    func header() throws(ImageError) -> BMPHeader {
        var header = BMPHeader()
        header.pixelOffset = Int(try u32(10))
        let size = Int(try u32(14))
        let compression: UInt32
        if size == 12 {
            // OS/2 1.x: 16-bit sides, no compression, three-byte palette entries.
            header.width = try u16(18)
            header.height = try u16(20)
            header.bitsPerPixel = try u16(24)
            compression = 0
        } else if size >= 40 && size <= 124 {
            let height = Int(Int32(bitPattern: try u32(22)))
            header.width = Int(Int32(bitPattern: try u32(18)))
            header.topDown = height < 0
            header.height = abs(height)
            header.bitsPerPixel = try u16(28)
            compression = try u32(30)
        } else {
            throw corrupt("unsupported header size \(size)")
        }
        header.runLength = compression == 1 || compression == 2
        switch (compression, header.bitsPerPixel) {
        case (0, 1), (0, 4), (0, 8), (0, 16), (0, 24), (0, 32), (1, 8), (2, 4), (3, 16), (3, 32), (6, 16), (6, 32):
            break
        case (0, _), (3, _), (6, _): throw corrupt("unsupported bits per pixel: \(header.bitsPerPixel)")
        case (1, _), (2, _): throw corrupt("RLE\(compression == 1 ? 8 : 4) of \(header.bitsPerPixel) bits per pixel")
        case (4, _): throw corrupt("a JPEG inside a BMP, which is not read")
        case (5, _): throw corrupt("a PNG inside a BMP, which is not read")
        default: throw corrupt("unknown compression \(compression)")
        }
        header.masks = try masks(header, compression: compression, headerSize: size)
        if header.bitsPerPixel <= 8 { header.palette = try palette(header, headerSize: size) }
        return header
    }

    /// The red, green, blue and alpha bit fields of a 16- or 32-bit pixel: given after
    /// a `BITMAPINFOHEADER` or inside a later header, or the defaults.
    private func masks(_ header: BMPHeader, compression: UInt32, headerSize: Int) throws(ImageError) -> [UInt32] {
        if compression == 3 || compression == 6 {
            let start = 14 + 40
            let count = compression == 6 || headerSize >= 56 ? 4 : 3
            var masks: [UInt32] = [0, 0, 0, 0]
            for index in 0..<count { masks[index] = try u32(start + 4 * index) }
            return masks
        }
        if header.bitsPerPixel == 16 { return [0x7C00, 0x03E0, 0x001F, 0] }
        // A V4 or V5 header's alpha field is honoured; a BITMAPINFOHEADER's fourth byte is unused.
        let alpha = header.bitsPerPixel == 32 && headerSize >= 56 ? try u32(14 + 52) : 0
        return [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, alpha]
    }

    /// The palette's colours as luminance.
    private func palette(_ header: BMPHeader, headerSize: Int) throws(ImageError) -> [UInt8] {
        let entrySize = headerSize == 12 ? 3 : 4
        let used = headerSize >= 40 ? Int(try u32(46)) : 0
        let count = min(used == 0 ? 1 << header.bitsPerPixel : used, 1 << header.bitsPerPixel)
        // Bit fields of a BITMAPINFOHEADER come before the palette (none for these depths).
        let start = 14 + headerSize
        guard start + count * entrySize <= data.count else { throw truncated }
        return (0..<count).map { index in
            let entry = start + index * entrySize
            return PixelMath.luma(red: data[entry + 2], green: data[entry + 1], blue: data[entry])
        }
    }

    /// The luminance of an uncompressed picture, whose rows the caller has checked are there.
    func pixels(_ header: BMPHeader, count: Int) -> [UInt8] {
        let width = header.width
        var pixels = [UInt8](repeating: 0, count: count)
        let fields = header.masks.map(BitField.init)
        // An alpha field every pixel leaves zero is a byte the writer did not use.
        var alphaUsed = false
        var alphas: [UInt8] = []
        if header.bitsPerPixel >= 16, header.masks[3] != 0 { alphas = [UInt8](repeating: 0, count: count) }
        for row in 0..<header.height {
            let start = header.pixelOffset + row * header.stride
            let y = header.topDown ? row : header.height - 1 - row
            for x in 0..<width {
                let gray: UInt8
                switch header.bitsPerPixel {
                case 1, 4, 8:
                    let bits = header.bitsPerPixel
                    let byte = data[start + x * bits / 8]
                    let shift = 8 - bits - (x * bits % 8)
                    let index = Int(byte >> UInt8(shift)) & (1 << bits - 1)
                    gray = index < header.palette.count ? header.palette[index] : 0
                case 24:
                    let at = start + x * 3
                    gray = PixelMath.luma(red: data[at + 2], green: data[at + 1], blue: data[at])
                default:
                    let bytes = header.bitsPerPixel / 8
                    let at = start + x * bytes
                    var value = UInt32(data[at]) | UInt32(data[at + 1]) << 8
                    if bytes == 4 { value |= UInt32(data[at + 2]) << 16 | UInt32(data[at + 3]) << 24 }
                    gray = PixelMath.luma(red: fields[0][value], green: fields[1][value], blue: fields[2][value])
                    if !alphas.isEmpty {
                        let alpha = fields[3][value]
                        alphaUsed = alphaUsed || alpha != 0
                        alphas[y * width + x] = alpha
                    }
                }
                pixels[y * width + x] = gray
            }
        }
        if alphaUsed {
            for index in 0..<count {
                pixels[index] = PixelMath.onWhite(gray: Int(pixels[index]), alpha: Int(alphas[index]), maxAlpha: 255)
            }
        }
        return pixels
    }

    /// The luminance of an RLE8 or RLE4 picture (bottom-up), white where it skips.
    func runLengthPixels(_ header: BMPHeader, count: Int) throws(ImageError) -> [UInt8] {
        let width = header.width
        let nibbles = header.bitsPerPixel == 4
        var pixels = [UInt8](repeating: 255, count: count)
        var at = header.pixelOffset
        var x = 0
        var row = 0
        func put(_ index: Int) {
            if x < width, row < header.height {
                pixels[(header.height - 1 - row) * width + x] = index < header.palette.count ? header.palette[index] : 0
            }
            x += 1
        }
        while row < header.height {
            guard at + 2 <= data.count else { throw truncated }
            let first = Int(data[at])
            let second = Int(data[at + 1])
            at += 2
            if first > 0 {
                // A run: `first` pixels of one index, or of two alternating nibbles. What
                // reaches past the row is skipped, not walked: runs of nothing would
                // otherwise cost 127 steps a byte.
                let inside = max(0, min(first, width - x))
                for step in 0..<inside { put(nibbles ? (step % 2 == 0 ? second >> 4 : second & 0xF) : second) }
                x += first - inside
                continue
            }
            switch second {
            case 0:
                x = 0
                row += 1
            case 1:
                return pixels
            case 2:
                guard at + 2 <= data.count else { throw truncated }
                x += Int(data[at])
                row += Int(data[at + 1])
                at += 2
            default:
                // `second` pixels given one by one, padded to a two-byte boundary.
                let length = nibbles ? (second + 1) / 2 : second
                guard at + length <= data.count else { throw truncated }
                for step in 0..<second {
                    let byte = Int(data[at + (nibbles ? step / 2 : step)])
                    put(nibbles ? (step % 2 == 0 ? byte >> 4 : byte & 0xF) : byte)
                }
                at += (length + 1) / 2 * 2
            }
        }
        return pixels
    }
}

/// One colour's bit field in a 16- or 32-bit pixel, read as 0...255.
private struct BitField {
    let mask: UInt32
    let shift: UInt32
    let maximum: UInt32

    init(_ mask: UInt32) {
        self.mask = mask
        shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
        maximum = mask >> shift
    }

    subscript(pixel: UInt32) -> UInt8 {
        guard maximum > 0 else { return 0 }
        let value = UInt64((pixel & mask) >> shift)
        return UInt8(min(255, (value * 255 + UInt64(maximum) / 2) / UInt64(maximum)))
    }
}
