// QRKit — WebPReader: WebP files and bytes into GrayImage, through libwebp.
//
// The one file that talks to libwebp. libwebp returns a status code from every call; it
// never prints, exits or jumps.

import QRCore
import CWebP

/// Reads WebP pictures as 8-bit grayscale: lossy, lossless, with or without alpha, and the
/// first frame of an animation.
///
/// A still picture is decoded straight to its luma plane (lossy WebP stores luma; a
/// lossless one is converted by libwebp), which libwebp gives in the video range 16–235
/// and is stretched here to 0–255, as libwebp itself does when it makes RGB. Transparency
/// is mixed on white, as viewers show it.
///
/// The picture's size is checked against ``pixelLimit`` from the header before any pixel
/// memory is allocated.
///
/// ```swift
/// let image = try WebPReader().read(contentsOf: "screenshot.webp")
/// ```
public struct WebPReader: ImageFileReader {
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
    public init(pixelLimit: Int = WebPReader.defaultPixelLimit, memoryBudget: MemoryBudget = .shared) {
        self.pixelLimit = pixelLimit
        self.memoryBudget = memoryBudget
    }

    /// The one format this reader decodes.
    public var formats: [ImageFormat] { [.webp] }

    /// Reads WebP bytes already in memory.
    ///
    /// - Parameters:
    ///   - data: The whole WebP file.
    ///   - name: What error messages call the data, such as `<stdin>`.
    /// - Returns: The picture's luminance, transparency mixed on white; the first frame of
    ///   an animation, on its canvas.
    /// - Throws: ``/QRCore/ImageError/wrongFormat(file:expected:found:)`` for bytes of another
    ///   format, ``/QRCore/ImageError/truncated(file:format:)`` when the data ends before the
    ///   picture does, ``/QRCore/ImageError/tooLarge(file:width:height:limit:)`` over the pixel
    ///   limit, and ``/QRCore/ImageError/corrupt(file:format:reason:)`` for anything else libwebp
    ///   refuses.
    public func read(data: [UInt8], name: String) throws(ImageError) -> GrayImage {
        _ = try sniff(data, name: name)
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else { throw failure(status, data: data, name: name) }
        let width = Int(features.width)
        let height = Int(features.height)
        let count = try checkedPixelCount(width: width, height: height, format: .webp, name: name)
        if features.has_animation != 0 {
            // libwebp's animation decoder holds two RGBA canvases, whatever the frame's size.
            let reservation = try reserveMemory(pixels: count, readerBytes: count * 9, name: name)
            return try firstFrame(of: data, width: width, height: height, name: name).holding(reservation)
        }
        // Luma, chroma and alpha planes, and the picture.
        let reservation = try reserveMemory(pixels: count, readerBytes: count * 4, name: name)
        return try still(data, width: width, height: height, alpha: features.has_alpha != 0, name: name)
            .holding(reservation)
    }

    /// Decodes a still picture into luma (and alpha) planes of our own.
    private func still(_ data: [UInt8], width: Int, height: Int, alpha: Bool, name: String) throws(ImageError)
        -> GrayImage
    {
        let count = width * height
        let chromaWidth = (width + 1) / 2
        let chromaCount = chromaWidth * ((height + 1) / 2)
        var luma = [UInt8](repeating: 0, count: count)
        var blue = [UInt8](repeating: 0, count: chromaCount)
        var red = [UInt8](repeating: 0, count: chromaCount)
        var opacity = [UInt8](repeating: 255, count: alpha ? count : 0)
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw .corrupt(file: name, format: .webp, reason: "libwebp is not the version QRKit was built with")
        }
        config.output.colorspace = alpha ? MODE_YUVA : MODE_YUV
        config.output.is_external_memory = 1
        // The planes are ours: libwebp writes into them and allocates none of its own.
        let status = luma.withUnsafeMutableBufferPointer { y in
            blue.withUnsafeMutableBufferPointer { u in
                red.withUnsafeMutableBufferPointer { v in
                    opacity.withUnsafeMutableBufferPointer { a -> VP8StatusCode in
                        var planes = WebPYUVABuffer()
                        planes.y = y.baseAddress
                        planes.u = u.baseAddress
                        planes.v = v.baseAddress
                        // Without alpha, no plane at all: libwebp writes alpha wherever `a` points.
                        planes.a = alpha ? a.baseAddress : nil
                        planes.y_stride = Int32(width)
                        planes.u_stride = Int32(chromaWidth)
                        planes.v_stride = Int32(chromaWidth)
                        planes.a_stride = alpha ? Int32(width) : 0
                        planes.y_size = y.count
                        planes.u_size = u.count
                        planes.v_size = v.count
                        planes.a_size = a.count
                        config.output.u.YUVA = planes
                        defer { WebPFreeDecBuffer(&config.output) }
                        return data.withUnsafeBufferPointer { WebPDecode($0.baseAddress, $0.count, &config) }
                    }
                }
            }
        }
        guard status == VP8_STATUS_OK else { throw failure(status, data: data, name: name) }
        let stretch = Self.fullRange
        if alpha {
            for index in 0..<count {
                luma[index] = PixelMath.onWhite(
                    gray: Int(stretch[Int(luma[index])]), alpha: Int(opacity[index]), maxAlpha: 255)
            }
        } else {
            for index in 0..<count { luma[index] = stretch[Int(luma[index])] }
        }
        return GrayImage(width: width, height: height, pixels: luma)
    }

    /// Luma in the video range (16 black, 235 white) stretched to 0–255, rounded: what
    /// libwebp's own YUV to RGB conversion gives a gray.
    private static let fullRange: [UInt8] = (0...255).map { (y: Int) -> UInt8 in
        let stretched: Int = ((y - 16) * 510 + 219) / 438
        return UInt8(min(max(stretched, 0), 255))
    }

    /// The first frame of an animated WebP, drawn on its canvas (transparent where the
    /// frame does not cover it, so white here).
    private func firstFrame(of data: [UInt8], width: Int, height: Int, name: String) throws(ImageError) -> GrayImage {
        let pixels = data.withUnsafeBufferPointer { file -> [UInt8]? in
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { return nil }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            var input = WebPData(bytes: file.baseAddress, size: file.count)
            guard let decoder = WebPAnimDecoderNew(&input, &options) else { return nil }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0,
                Int(info.canvas_width) == width, Int(info.canvas_height) == height
            else { return nil }
            var frame: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else { return nil }
            return (0..<width * height).map { index in
                let pixel = frame + 4 * index
                let gray = PixelMath.luma(red: pixel[0], green: pixel[1], blue: pixel[2])
                return PixelMath.onWhite(gray: Int(gray), alpha: Int(pixel[3]), maxAlpha: 255)
            }
        }
        guard let pixels else {
            // libwebp's animation decoder says no more than that it failed.
            if Self.isCut(data) { throw .truncated(file: name, format: .webp) }
            throw .corrupt(file: name, format: .webp, reason: "libwebp could not decode the animation's first frame")
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// Whether the file is shorter than its RIFF header says.
    private static func isCut(_ data: [UInt8]) -> Bool {
        guard data.count >= 8 else { return true }
        let declared = data[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        return data.count < declared + 8
    }

    /// The error for a libwebp status other than OK: a file cut short is truncated, any
    /// other status its meaning in words.
    private func failure(_ status: VP8StatusCode, data: [UInt8], name: String) -> ImageError {
        // A cut file often fails inside the bitstream, or on a part that claims more bytes
        // than are left, rather than at its end.
        let shortOfData = [VP8_STATUS_NOT_ENOUGH_DATA, VP8_STATUS_SUSPENDED, VP8_STATUS_BITSTREAM_ERROR]
        if shortOfData.contains(status) && Self.isCut(data) { return .truncated(file: name, format: .webp) }
        return .corrupt(file: name, format: .webp, reason: Self.words(for: status))
    }

    /// What a libwebp status means (libwebp has names for them, not messages).
    static func words(for status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OK: "no error"
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "unsupported feature"
        // Whole data in memory: a part claims more bytes than the file holds.
        case VP8_STATUS_SUSPENDED, VP8_STATUS_NOT_ENOUGH_DATA: "not enough data"
        case VP8_STATUS_USER_ABORT: "decoding aborted"
        default: "libwebp status \(status.rawValue)"
        }
    }
}
