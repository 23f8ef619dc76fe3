// QRKit — JPEGReader: JPEG files and bytes into GrayImage, through libjpeg-turbo.
//
// The one file that talks to libjpeg, through CJPEG: libjpeg's errors end in longjmp, so
// the calls that may fail sit in a small C shim that holds the setjmp, and this file sees
// only return codes.

import QRCore
import CJPEG

/// Reads JPEG pictures as 8-bit grayscale, upright as their EXIF orientation says.
///
/// Baseline, progressive and arithmetic-coded JPEGs read, in gray, YCbCr, RGB, CMYK or
/// YCCK. A colour picture gives its luma, the Y that JPEG stores, so no colour
/// conversion is done at all for the common YCbCr file. The EXIF Orientation tag of a
/// phone photo is applied (``/QRCore/ImageOrientation``), so that corners are where a person sees
/// them.
///
/// The picture's size is checked against ``pixelLimit`` from the frame header before
/// any pixel memory is allocated; a progressive JPEG of more than ``maximumScans`` scans
/// is refused, as each scan passes over the whole picture.
///
/// ```swift
/// let image = try JPEGReader().read(contentsOf: "photo.jpg")
/// ```
public struct JPEGReader: ImageFileReader {
    /// The most scans a JPEG may have. Encoders write at most a dozen or so; a file of
    /// thousands of tiny scans would take minutes to decode.
    public static let maximumScans = 500

    /// The most pixels (`width * height`) a picture may have, checked against the frame
    /// header before decoding. Zero or less refuses every picture.
    public var pixelLimit: Int

    /// The budget a picture's reading and decoding take their memory from.
    public var memoryBudget: MemoryBudget

    /// The most CPU time decoding one picture may take, refused past it; nil for no limit.
    /// Each scan of a progressive JPEG passes over the whole picture, so a small file of
    /// hundreds of scans of a large picture takes long however few scans are allowed.
    public var cpuBudget: Duration?

    /// Makes a reader.
    ///
    /// - Parameters:
    ///   - pixelLimit: The most pixels a picture may have; 100 megapixels by default.
    ///   - memoryBudget: The budget reading and decoding a picture take their memory
    ///     from; the process's by default.
    ///   - cpuBudget: The most CPU time decoding a picture may take; a decoder's default
    ///     budget (``/QRCore/QRDecoder/defaultCPUBudget``) by default, nil for no limit.
    public init(
        pixelLimit: Int = JPEGReader.defaultPixelLimit, memoryBudget: MemoryBudget = .shared,
        cpuBudget: Duration? = QRDecoder.defaultCPUBudget
    ) {
        self.pixelLimit = pixelLimit
        self.memoryBudget = memoryBudget
        self.cpuBudget = cpuBudget
    }

    /// The one format this reader decodes.
    public var formats: [ImageFormat] { [.jpeg] }

    /// Reads JPEG bytes already in memory.
    ///
    /// - Parameters:
    ///   - data: The whole JPEG file.
    ///   - name: What error messages call the data, such as `<stdin>`.
    /// - Returns: The picture's luminance, turned as its EXIF orientation says.
    /// - Throws: ``/QRCore/ImageError/wrongFormat(file:expected:found:)`` for bytes of another
    ///   format, ``/QRCore/ImageError/truncated(file:format:)`` when the data ends before the
    ///   picture does, ``/QRCore/ImageError/tooLarge(file:width:height:limit:)`` over the pixel
    ///   limit, and ``/QRCore/ImageError/corrupt(file:format:reason:)`` with libjpeg's message
    ///   for anything else it refuses.
    ///
    /// ```swift
    /// let image = try JPEGReader(pixelLimit: 20_000_000).read(data: bytes, name: "upload.jpg")
    /// ```
    public func read(data: [UInt8], name: String) throws(ImageError) -> GrayImage {
        _ = try sniff(data, name: name)
        // Metadata first: it is cheap, bounded, and read whatever libjpeg thinks of the rest.
        let orientation = EXIF.orientation(inJPEG: data) ?? .topLeft
        var result = cjpeg_result()
        let header = data.withUnsafeBufferPointer { cjpeg_read_header($0.baseAddress, $0.count, &result) }
        guard header == 0 else { throw failure(result, name: name) }
        let width = Int(result.width)
        let height = Int(result.height)
        let count = try checkedPixelCount(width: width, height: height, format: .jpeg, name: name)
        // libjpeg's whole-image buffers (a progressive file keeps every coefficient, two
        // bytes each, for up to ten components) stay within what such a picture needs.
        let memory = count * 24 + 64 << 20
        // The picture, and a progressive file's coefficients: two bytes each, for every
        // component at full size at most.
        let components = result.progressive != 0 ? max(1, Int(result.components)) : 0
        let reservation = try reserveMemory(pixels: count, readerBytes: count * (1 + 2 * components), name: name)
        let cpuLimit = cpuBudget.map { Int64(max(1, $0.milliseconds)) * 1_000_000 } ?? 0
        var pixels = [UInt8](repeating: 0, count: count)
        let decoded = data.withUnsafeBufferPointer { file in
            pixels.withUnsafeMutableBufferPointer { out in
                cjpeg_decode_gray(
                    file.baseAddress, file.count, out.baseAddress, out.count, Int32(Self.maximumScans), memory,
                    cpuLimit, &result)
            }
        }
        guard decoded == 0 else { throw failure(result, name: name) }
        return GrayImage(width: width, height: height, pixels: pixels).oriented(from: orientation)
            .holding(reservation)
    }

    /// The error for a failed CJPEG call.
    private func failure(_ result: cjpeg_result, name: String) -> ImageError {
        if result.over_budget != 0, let cpuBudget {
            return .overCPUBudget(file: name, format: .jpeg, budget: cpuBudget)
        }
        if result.truncated != 0 { return .truncated(file: name, format: .jpeg) }
        var message = withUnsafeBytes(of: result.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        // "Corrupt JPEG data: bad Huffman code" would read "corrupt JPEG (Corrupt JPEG data: ...)".
        let prefix = "Corrupt JPEG data: "
        if message.hasPrefix(prefix) { message.removeFirst(prefix.count) }
        return .corrupt(file: name, format: .jpeg, reason: message.isEmpty ? "libjpeg gave no reason" : message)
    }
}
