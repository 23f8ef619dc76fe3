// QRKit — PNGWriter: pictures to PNG bytes; the only file that writes through libpng.
//
// Uses libpng's full write API through CPNG's cpng_write, which holds the setjmp libpng's
// errors need, takes rows already packed at the file's bit depth and writes them
// unfiltered. (libpng's simplified API, used before, takes one byte a pixel and packs
// them itself: for a 1-bit code that packing, and the filter search, were most of the
// cost of `qr encode … -o code.png`.)
import QRCore
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
    ///   - dpi: Resolution to record in a pHYs chunk (within `RenderOptions.resolutions`),
    ///     or `nil` for none.
    /// - Returns: The PNG file's bytes.
    /// - Throws: `EncodeError.pngWriteFailed` with libpng's message, or
    ///   `.resolutionOutOfRange`.
    public static func encode(_ image: GrayImage, dpi: Int? = nil) throws -> [UInt8] {
        try write(
            rows: image.pixels, rowBytes: image.width, width: image.width, height: image.height, bitDepth: 8,
            palette: nil, dpi: dpi)
    }

    /// Encodes a palette PNG from one index byte per pixel.
    ///
    /// The indices are packed to the smallest bit depth the palette needs: 1 bit for
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
    ///   message; `.resolutionOutOfRange`.
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
        let depth = palette.count <= 2 ? 1 : palette.count <= 4 ? 2 : palette.count <= 16 ? 4 : 8
        let perByte = 8 / depth
        let rowBytes = (width + perByte - 1) / perByte
        var rows = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            for x in 0..<width {
                let shift = 8 - depth * (x % perByte + 1)
                rows[y * rowBytes + x / perByte] |= indices[y * width + x] << shift
            }
        }
        return try write(
            rows: rows, rowBytes: rowBytes, width: width, height: height, bitDepth: depth, palette: palette, dpi: dpi)
    }

    /// Writes rows already packed at `bitDepth` (leftmost pixel in the high bits): gray
    /// when `palette` is `nil`, else indices into it.
    ///
    /// - Throws: `EncodeError.resolutionOutOfRange` for a resolution outside
    ///   `RenderOptions.resolutions`, `.pngWriteFailed` with libpng's message.
    static func write(
        rows: [UInt8], rowBytes: Int, width: Int, height: Int, bitDepth: Int, palette: [RGBAColor]?, dpi: Int?
    ) throws -> [UInt8] {
        if let dpi { try RenderOptions.validate(dpi: dpi) }
        guard width > 0, height > 0, let width32 = UInt32(exactly: width), let height32 = UInt32(exactly: height),
            width32 <= Int32.max, height32 <= Int32.max, rows.count >= rowBytes * height
        else { throw EncodeError.pngWriteFailed("the rows do not match a \(width)×\(height) picture") }
        let colours = palette ?? []
        let rgb = colours.flatMap { [$0.red, $0.green, $0.blue] }
        // tRNS up to the last entry that is not opaque; the entries after it are opaque.
        let alpha = Array(colours.map(\.alpha).reversed().drop { $0 == 255 }.reversed())
        var result = cpng_write_result()
        defer { cpng_write_result_free(&result) }
        let status = rgb.withUnsafeBufferPointer { rgb in
            alpha.withUnsafeBufferPointer { alpha in
                var header = cpng_write_header()
                header.width = width32
                header.height = height32
                header.bit_depth = Int32(bitDepth)
                header.color_type = palette == nil ? 0 : 3  // PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_PALETTE
                header.palette = rgb.baseAddress
                header.palette_entries = Int32(colours.count)
                header.alpha = alpha.isEmpty ? nil : alpha.baseAddress
                header.alpha_entries = Int32(alpha.count)
                // 1 inch = 0.0254 m; rounded to the nearest pixel per metre.
                header.pixels_per_metre = dpi.map { UInt32(($0 * 10_000 + 127) / 254) } ?? 0
                return rows.withUnsafeBufferPointer { cpng_write(&header, $0.baseAddress, rowBytes, &result) }
            }
        }
        guard status == 0, let data = result.data else {
            let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw EncodeError.pngWriteFailed(message.isEmpty ? "libpng failed without a message" : message)
        }
        return Array(UnsafeBufferPointer(start: data, count: result.size))
    }
}
