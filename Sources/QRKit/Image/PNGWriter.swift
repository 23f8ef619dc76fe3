// QRKit — PNGWriter: pictures to PNG bytes; the only file that writes through libpng.
//
// Uses libpng's simplified API (png_image_write_to_memory), which reports errors in the
// png_image instead of longjmp-ing out of Swift. That API cannot write pHYs, so the
// resolution chunk is spliced in after IHDR here, with a CRC-32 computed in Swift.
import CPNG

/// Writes PNG files in memory.
///
/// ```swift
/// let png = try PNGWriter.encode(GrayImage(width: 2, height: 1, pixels: [0, 255]), dpi: 300)
/// ```
public enum PNGWriter {
    /// Encodes an 8-bit grayscale PNG.
    ///
    /// - Parameters:
    ///   - image: The picture.
    ///   - dpi: Resolution to record in a pHYs chunk (1–100000), or `nil` for none.
    /// - Returns: The PNG file's bytes.
    /// - Throws: `EncodeError.pngWriteFailed` with libpng's message, or
    ///   `.invalidRenderOption` for a resolution out of range.
    public static func encode(_ image: GrayImage, dpi: Int? = nil) throws -> [UInt8] {
        var header = png_image()
        header.version = UInt32(PNG_IMAGE_VERSION)
        header.width = UInt32(image.width)
        header.height = UInt32(image.height)
        header.format = UInt32(PNG_FORMAT_GRAY)
        let png = try write(&header, pixels: image.pixels, rowStride: image.width, colormap: [])
        guard let dpi else { return png }
        return try insertResolution(dpi, into: png)
    }

    /// Encodes a palette PNG from one index byte per pixel.
    ///
    /// libpng packs the indices to the smallest bit depth the palette needs: 1 bit for
    /// 2 entries, 2 bits for up to 4, 4 bits for up to 16. Entries that are not opaque
    /// give a tRNS chunk.
    ///
    /// - Parameters:
    ///   - indices: `width * height` palette indices, row-major, top-left first.
    ///   - width: Pixels per row, at least 1.
    ///   - height: Rows, at least 1.
    ///   - palette: 1 to 256 colours.
    ///   - dpi: Resolution to record in a pHYs chunk, or `nil` for none.
    /// - Returns: The PNG file's bytes.
    /// - Throws: `EncodeError.pngWriteFailed` for a bad geometry or palette, or libpng's
    ///   message; `.invalidRenderOption` for a resolution out of range.
    ///
    /// ```swift
    /// let png = try PNGWriter.encode(indices: [0, 1, 1, 0], width: 2, height: 2, palette: [.white, .black])
    /// ```
    public static func encode(
        indices: [UInt8], width: Int, height: Int, palette: [RGBAColor], dpi: Int? = nil
    ) throws -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max),
            indices.count == width * height
        else { throw EncodeError.pngWriteFailed("the indices do not match a \(width)×\(height) picture") }
        guard (1...256).contains(palette.count) else {
            throw EncodeError.pngWriteFailed("a palette holds 1 to 256 colours, not \(palette.count)")
        }
        guard let largest = indices.max(), Int(largest) < palette.count else {
            throw EncodeError.pngWriteFailed("an index points past the \(palette.count)-colour palette")
        }
        let withAlpha = palette.contains { !$0.isOpaque }
        let colormap = palette.flatMap { colour in
            withAlpha ? [colour.red, colour.green, colour.blue, colour.alpha] : [colour.red, colour.green, colour.blue]
        }
        var header = png_image()
        header.version = UInt32(PNG_IMAGE_VERSION)
        header.width = UInt32(width)
        header.height = UInt32(height)
        header.format = UInt32(withAlpha ? PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA : PNG_FORMAT_FLAG_COLOR)
            | UInt32(PNG_FORMAT_FLAG_COLORMAP)
        header.colormap_entries = UInt32(palette.count)
        let png = try write(&header, pixels: indices, rowStride: width, colormap: colormap)
        guard let dpi else { return png }
        return try insertResolution(dpi, into: png)
    }

    /// Runs png_image_write_to_memory, growing the buffer once if libpng asks for more.
    private static func write(
        _ header: inout png_image, pixels: [UInt8], rowStride: Int, colormap: [UInt8]
    ) throws -> [UInt8] {
        guard rowStride <= Int(Int32.max) else { throw EncodeError.pngWriteFailed("rows are too long") }
        // Raw rows plus a little for zlib's worst case and the chunks around them.
        var capacity = pixels.count + pixels.count / 64 + Int(header.height) + 1024
        for _ in 0..<2 {
            var output = [UInt8](repeating: 0, count: capacity)
            var size = capacity
            let written = output.withUnsafeMutableBytes { memory in
                pixels.withUnsafeBytes { buffer in
                    colormap.withUnsafeBytes { map in
                        png_image_write_to_memory(
                            &header, memory.baseAddress, &size, 0, buffer.baseAddress, Int32(rowStride),
                            colormap.isEmpty ? nil : map.baseAddress)
                    }
                }
            }
            let message = libpngMessage(header)
            png_image_free(&header)
            if written != 0 {
                output.removeSubrange(size...)
                return output
            }
            guard size > capacity else {
                throw EncodeError.pngWriteFailed(message.isEmpty ? "libpng failed without a message" : message)
            }
            capacity = size
            header.opaque = nil
            header.warning_or_error = 0
        }
        throw EncodeError.pngWriteFailed("libpng kept asking for a larger buffer")
    }

    /// The NUL-terminated message libpng left in the image.
    private static func libpngMessage(_ header: png_image) -> String {
        withUnsafeBytes(of: header.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    // MARK: - pHYs

    /// Inserts a pHYs chunk (pixels per metre, both axes) right after IHDR.
    ///
    /// - Throws: `EncodeError.invalidRenderOption` for a resolution outside 1–100000,
    ///   `.pngWriteFailed` when `png` does not start with a PNG signature and IHDR.
    static func insertResolution(_ dpi: Int, into png: [UInt8]) throws -> [UInt8] {
        guard (1...100_000).contains(dpi) else {
            throw EncodeError.invalidRenderOption("resolution \(dpi) dpi is out of range: use 1 to 100000")
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let ihdrEnd = 8 + 4 + 4 + 13 + 4
        guard png.count >= ihdrEnd, Array(png[0..<8]) == signature,
            Array(png[12..<16]) == Array("IHDR".utf8)
        else { throw EncodeError.pngWriteFailed("libpng's output does not start with IHDR") }
        // 1 inch = 0.0254 m; rounded to the nearest pixel per metre.
        let perMetre = UInt32((dpi * 10_000 + 127) / 254)
        var chunk = bigEndian(9)
        var body = Array("pHYs".utf8)
        body += bigEndian(perMetre) + bigEndian(perMetre) + [1]  // unit: metre
        chunk += body + bigEndian(crc32(body))
        var result = png
        result.insert(contentsOf: chunk, at: ihdrEnd)
        return result
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 as PNG uses it (ISO 3309, polynomial 0xEDB88320, reflected).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }
}
