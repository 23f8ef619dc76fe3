// QRKit — TIFFReader: the first page of a TIFF into GrayImage, through libtiff.
//
// The one file that talks to libtiff, through CTIFF (libtiff's read callbacks and
// printf-style error handlers are C). libtiff's messages are kept per file, never
// printed.

import QRCore
import CTIFF

/// Reads the first page of a TIFF as 8-bit grayscale, upright as its Orientation tag says.
///
/// Whatever libtiff's RGBA interface reads: bilevel (uncompressed, PackBits, CCITT G3 and
/// G4 fax), gray and palette of 1 to 16 bits, RGB, CMYK, YCbCr, with LZW, Deflate, JPEG,
/// ZSTD, LZMA or WebP compression, in strips or tiles. Colour becomes its Rec. 601 luma;
/// alpha is mixed on white. A multi-page TIFF (a fax, a scan of several sheets) gives
/// its first page only.
///
/// The page's size is checked against ``pixelLimit`` from its directory before any pixel
/// memory is allocated, and libtiff may allocate no more in one piece than a picture
/// within the limit could need. The picture is decoded a strip (or a row of tiles) at a
/// time.
///
/// ```swift
/// let page = try TIFFReader().read(contentsOf: "fax.tif")
/// ```
public struct TIFFReader: ImageFileReader {
    /// The most pixels (`width * height`) a picture may have, checked against the first
    /// page's directory before decoding. Zero or less refuses every picture.
    public var pixelLimit: Int

    /// The budget a picture's reading and decoding take their memory from.
    public var memoryBudget: MemoryBudget

    /// Makes a reader.
    ///
    /// - Parameters:
    ///   - pixelLimit: The most pixels a picture may have; 100 megapixels by default.
    ///   - memoryBudget: The budget reading and decoding a picture take their memory
    ///     from; the process's by default.
    public init(pixelLimit: Int = TIFFReader.defaultPixelLimit, memoryBudget: MemoryBudget = .shared) {
        self.pixelLimit = pixelLimit
        self.memoryBudget = memoryBudget
    }

    /// The one format this reader decodes.
    public var formats: [ImageFormat] { [.tiff] }

    /// Reads TIFF bytes already in memory: the first page.
    ///
    /// - Parameters:
    ///   - data: The whole TIFF file.
    ///   - name: What error messages call the data, such as `<stdin>`.
    /// - Returns: The first page's luminance, turned as its Orientation tag says.
    /// - Throws: ``/QRCore/ImageError/wrongFormat(file:expected:found:)`` for bytes of another
    ///   format, ``/QRCore/ImageError/truncated(file:format:)`` when libtiff needs bytes past the
    ///   end, ``/QRCore/ImageError/tooLarge(file:width:height:limit:)`` over the pixel limit, and
    ///   ``/QRCore/ImageError/corrupt(file:format:reason:)`` with libtiff's message for anything
    ///   else it refuses.
    public func read(data: [UInt8], name: String) throws(ImageError) -> GrayImage {
        _ = try sniff(data, name: name)
        return try data.withUnsafeBufferPointer { bytes in
            Result { () throws(ImageError) -> GrayImage in
                guard let file = ctiff_new(bytes.baseAddress, bytes.count, maximumFileSize) else {
                    throw .corrupt(file: name, format: .tiff, reason: "out of memory")
                }
                defer { ctiff_free(file) }
                return try decode(file, name: name)
            }
        }.get()
    }

    /// Reads the first page of the TIFF `file` holds.
    private func decode(_ file: OpaquePointer, name: String) throws(ImageError) -> GrayImage {
        var width: UInt32 = 0
        var height: UInt32 = 0
        var tag: UInt16 = 1
        guard ctiff_open(file) == 0, ctiff_describe(file, &width, &height, &tag) == 0 else {
            throw failure(file, name: name)
        }
        let columns = Int(width)
        let rows = Int(height)
        let count = try checkedPixelCount(width: columns, height: rows, format: .tiff, name: name)
        var band: UInt32 = 0
        guard ctiff_begin(file, &band) == 0 else { throw failure(file, name: name) }
        let bandRows = Int(band)
        // The picture, a band of RGBA, and libtiff's band of samples (at most eight bytes
        // a pixel: 16-bit RGBA).
        let reservation = try reserveMemory(
            pixels: count, readerBytes: count + 12 * columns * min(rows, bandRows), name: name)
        var pixels = [UInt8](repeating: 255, count: count)
        var raster = [UInt32](repeating: 0, count: columns * bandRows)
        for top in stride(from: 0, to: rows, by: bandRows) {
            let bandHeight = min(bandRows, rows - top)
            let read = raster.withUnsafeMutableBufferPointer {
                ctiff_read(file, UInt32(top), UInt32(bandHeight), $0.baseAddress)
            }
            guard read == 0 else { throw failure(file, name: name) }
            pixels.withUnsafeMutableBufferPointer { out in
                for index in 0..<columns * bandHeight {
                    let pixel = raster[index]
                    let gray = PixelMath.luma(
                        red: UInt8(truncatingIfNeeded: pixel), green: UInt8(truncatingIfNeeded: pixel >> 8),
                        blue: UInt8(truncatingIfNeeded: pixel >> 16))
                    out[top * columns + index] = PixelMath.premultipliedOnWhite(gray: gray, alpha: UInt8(pixel >> 24))
                }
            }
        }
        let image = GrayImage(width: columns, height: rows, pixels: pixels)
        return image.oriented(from: ImageOrientation(rawValue: Int(tag)) ?? .topLeft).holding(reservation)
    }

    /// The error for libtiff's failure on `file`.
    private func failure(_ file: OpaquePointer, name: String) -> ImageError {
        if ctiff_ran_out(file) != 0 { return .truncated(file: name, format: .tiff) }
        let message = String(cString: ctiff_message(file))
        return .corrupt(file: name, format: .tiff, reason: message.isEmpty ? "libtiff gave no reason" : message)
    }
}
