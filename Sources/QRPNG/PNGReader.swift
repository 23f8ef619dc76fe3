// QRKit — PNGReader: PNG files and bytes into GrayImage, through libpng's simplified API.
//
// The one file that talks to libpng for reading, and the one place its pointers live.
// libpng's simplified API (png_image_*) catches libpng's errors itself and reports them in
// png_image.message, so there is no setjmp/longjmp here.

import QRCore
import CPNG

#if canImport(Glibc)
import Glibc
#endif

/// Reads PNG pictures as 8-bit grayscale.
///
/// Any PNG reads: gray at 1, 2, 4, 8 or 16 bits, palette with or without transparency,
/// RGB, RGBA, gray with alpha, 16-bit colour, Adam7 interlaced. Colour becomes luminance
/// (libpng's Rec. 709 weights, applied in linear light), and transparency is mixed on
/// white in sRGB, as image viewers show it: half-transparent black becomes 128 (libpng's
/// own mixing, in linear light, would give 187). 16-bit samples without a `gAMA`
/// or `sRGB` chunk are taken as sRGB, as nearly every program that writes them means, so
/// gray 0x8080 reads as 128 (libpng alone would take them as linear and give 186); a file
/// that declares its gamma is read as it declares.
///
/// The reader refuses pictures with more than ``pixelLimit`` pixels, judged from the
/// header before any pixel memory is allocated.
///
/// ```swift
/// let image = try PNGReader().read(contentsOf: "code.png")
/// print(image.width, image.height)
/// ```
public struct PNGReader: ImageFileReader {
    /// The longest side libpng reads, in pixels (its default user limit); a longer side is
    /// refused with ``/QRCore/ImageError/tooLarge(file:width:height:limit:)`` whatever the limit.
    public static let maximumSide = ImageError.pngMaximumSide

    /// The most bytes libpng's simplified API writes into one buffer (4 GiB - 1): at one
    /// byte a pixel, the most pixels it can read; a ``pixelLimit`` above it acts as it.
    static let libpngPixelCeiling = Int(UInt32.max)

    /// The most pixels (`width * height`) a picture may have.
    ///
    /// Checked against the PNG header before the picture is decoded, so a small file that
    /// declares a huge picture is refused at once. Zero or less refuses every picture.
    /// Values above what libpng can fill in one buffer act as that: 4 294 967 295 pixels,
    /// a half or a quarter of it for interlaced 16-bit files, which need 2 or 4 bytes a
    /// pixel on the way.
    public var pixelLimit: Int

    /// The budget a picture's reading and decoding take their memory from.
    public var memoryBudget: MemoryBudget

    /// Makes a reader.
    ///
    /// - Parameters:
    ///   - pixelLimit: The most pixels a picture may have; 100 megapixels by default.
    ///
    /// ```swift
    /// let thumbnails = PNGReader(pixelLimit: 1_000_000)
    /// ```
    ///
    /// - Parameter memoryBudget: The budget reading and decoding a picture take their
    ///   memory from; the process's by default.
    public init(pixelLimit: Int = PNGReader.defaultPixelLimit, memoryBudget: MemoryBudget = .shared) {
        self.pixelLimit = pixelLimit
        self.memoryBudget = memoryBudget
    }

    /// Whether CPNG's readers of the common kinds (8-bit gray and RGB, gray of fewer bits,
    /// gray palettes) are tried before libpng's simplified API. Off, every picture is read
    /// the general way: what tests compare the fast readers with.
    package var fastPaths = true

    /// A reader that reads every picture the general way, through libpng's simplified API.
    package static func general(
        pixelLimit: Int = PNGReader.defaultPixelLimit, memoryBudget: MemoryBudget = .shared
    ) -> PNGReader {
        var reader = PNGReader(pixelLimit: pixelLimit, memoryBudget: memoryBudget)
        reader.fastPaths = false
        return reader
    }

    /// The one format this reader decodes.
    public var formats: [ImageFormat] { [.png] }

    /// Reads PNG bytes already in memory.
    ///
    /// The signature is checked first, so bytes of another format fail with a message that
    /// says what they look like. Then libpng reads the header, the size is checked against
    /// ``pixelLimit``, and only then is the picture decoded.
    ///
    /// - Parameters:
    ///   - data: The whole PNG file.
    ///   - name: What error messages call the data, such as `<stdin>`.
    /// - Returns: The picture as 8-bit luminance, transparency composited on white.
    /// - Throws: ``/QRCore/ImageError/wrongFormat(file:expected:found:)`` without the PNG signature,
    ///   ``/QRCore/ImageError/truncated(file:format:)`` when the data ends early,
    ///   ``/QRCore/ImageError/checksumError(file:)`` on a CRC-32 or Adler-32 mismatch,
    ///   ``/QRCore/ImageError/tooLarge(file:width:height:limit:)`` over the pixel limit, and
    ///   ``/QRCore/ImageError/corrupt(file:format:reason:)`` for anything else libpng refuses.
    ///
    /// ```swift
    /// let bytes: [UInt8] = try downloadedPNG()
    /// let image = try PNGReader().read(data: bytes, name: "download.png")
    /// ```
    public func read(data: [UInt8], name: String) throws(ImageError) -> GrayImage {
        _ = try sniff(data, name: name)
        // Shorter than the signature, but a beginning of it.
        guard data.count > ImageFormat.pngSignature.count else { throw .truncated(file: name, format: .png) }
        return try decode(data, name: name).get()
    }

    /// Runs libpng's simplified read over `data`, which starts with the PNG signature.
    private func decode(_ data: [UInt8], name: String) -> Result<GrayImage, ImageError> {
        data.withUnsafeBytes { file in
            // libpng keeps the png_image's address between calls (its error handler writes
            // the message there), so the struct lives at one fixed address, not in a Swift
            // variable passed inout.
            withUnsafeTemporaryAllocation(of: png_image.self, capacity: 1) { slot in
                Result { () throws(ImageError) -> GrayImage in
                    guard let image = slot.baseAddress else {
                        throw .corrupt(file: name, format: .png, reason: "no memory for libpng")
                    }
                    image.initialize(to: png_image())
                    image.pointee.version = UInt32(PNG_IMAGE_VERSION)
                    defer {
                        png_image_free(image)
                        image.deinitialize(count: 1)
                    }
                    guard png_image_begin_read_from_memory(image, file.baseAddress, file.count) != 0 else {
                        let limit = min(pixelLimit, Self.libpngPixelCeiling)
                        throw failure(of: image, data: data, name: name, limit: limit)
                    }
                    return try finish(image, data: data, name: name)
                }
            }
        }
    }

    /// Decodes the picture whose header libpng has read.
    ///
    /// libpng turns the picture into 8-bit sRGB gray, with alpha when there is any, which
    /// is mixed on white here in sRGB, as viewers show it. 16-bit Adam7-interlaced files
    /// are the exception: libpng 1.6.39 scrambles them when it reduces them to 8 bits
    /// itself (rows of earlier passes are lost), so they come out as linear 16-bit gray,
    /// premultiplied when there is alpha, and are encoded to 8 bits and mixed on white
    /// here, within a level of what the same picture not interlaced gives.
    private func finish(_ image: UnsafeMutablePointer<png_image>, data: [UInt8], name: String) throws(ImageError)
        -> GrayImage
    {
        // Set after begin_read, which resets the flags: without it libpng takes 16-bit
        // samples with no gAMA or sRGB chunk as linear, and gray 0x8080 comes out 186.
        image.pointee.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        let sixteenBit = image.pointee.format & PNG_FORMAT_FLAG_LINEAR != 0
        let alpha = image.pointee.format & PNG_FORMAT_FLAG_ALPHA != 0
        // begin_read has checked that IHDR comes first, so its interlace byte is at 28.
        let interlaced = data.count > 28 && data[28] == 1
        let linear = sixteenBit && interlaced
        let channels = alpha ? 2 : 1
        let bytesPerPixel = channels * (linear ? 2 : 1)

        let width = Int(image.pointee.width)
        let height = Int(image.pointee.height)
        guard width > 0, height > 0 else { throw .corrupt(file: name, format: .png, reason: "image has no pixels") }
        let limit = min(pixelLimit, Self.libpngPixelCeiling / bytesPerPixel)
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= limit, let stride = Int32(exactly: width * channels) else {
            throw .tooLarge(file: name, width: width, height: height, limit: limit)
        }
        // The samples as libpng gives them, the picture, and the fast readers' whole
        // inflated file (up to three bytes a pixel and a filter byte a row).
        let reservation = try reserveMemory(
            pixels: count, readerBytes: count * (channels * (linear ? 2 : 1) + 4) + height, name: name)
        return try decoded(
            image, data: data, name: name, width: width, height: height, count: count, stride: stride,
            alpha: alpha, linear: linear, interlaced: interlaced, limit: limit, channels: channels
        ).holding(reservation)
    }

    /// The picture, decoded once its header has been read and its memory taken.
    private func decoded(
        _ image: UnsafeMutablePointer<png_image>, data: [UInt8], name: String, width: Int, height: Int, count: Int,
        stride: Int32, alpha: Bool, linear: Bool, interlaced: Bool, limit: Int, channels: Int
    ) throws(ImageError) -> GrayImage {

        // 8-bit RGB, and gray or gray-palette pictures of at most 8 bits (IHDR's bit depth
        // at 24, colour type at 25), the most common in photos and generated codes:
        // inflated in one call, unfiltered and expanded in CPNG, to the values the general
        // path gives. The buffer is not zeroed first: CPNG fills all of it or the picture is
        // not one it reads (a gAMA chunk, say), and then nothing of it was wasted on zeroing.
        if fastPaths, !linear, !alpha, !interlaced, data.count > 28, data[24] <= 8,
            data[25] == 0 || data[25] == 2 || data[25] == 3
        {
            if let image = read(data, width: width, height: height, count: count, with: cpng_read_fast) {
                return image
            }
        }
        // Gray and gray-palette pictures of at most 8 bits that the reader above declined
        // (chunks it leaves alone, such as sRGB or sBIT; IDAT chunks apart): read by libpng
        // row by row and expanded by table in CPNG, to the values the general path gives.
        if fastPaths, !linear, !alpha, !interlaced, data.count > 28, data[24] <= 8, data[25] == 0 || data[25] == 3 {
            if let image = read(data, width: width, height: height, count: count, with: cpng_read_gray) {
                return image
            }
        }
        if !linear {
            // With alpha, ask for gray+alpha and mix on white here, in sRGB as image viewers
            // do (libpng's own background mixing works in linear light: half-transparent
            // black would come out 187 where every viewer shows 128).
            image.pointee.format = UInt32(alpha ? Int(PNG_FORMAT_GA) : Int(PNG_FORMAT_GRAY))
            var samples = [UInt8](repeating: 255, count: count * channels)
            let finished = samples.withUnsafeMutableBytes { buffer in
                png_image_finish_read(image, nil, buffer.baseAddress, stride, nil)
            }
            guard finished != 0 else { throw failure(of: image, data: data, name: name, limit: limit) }
            guard alpha else { return GrayImage(width: width, height: height, pixels: samples) }
            let pixels = (0..<count).map { index in
                PixelMath.onWhite(gray: Int(samples[2 * index]), alpha: Int(samples[2 * index + 1]), maxAlpha: 255)
            }
            return GrayImage(width: width, height: height, pixels: pixels)
        }

        image.pointee.format = UInt32(alpha ? PNG_FORMAT_LINEAR_Y_ALPHA : PNG_FORMAT_LINEAR_Y)
        var samples = [UInt16](repeating: 0, count: count * channels)
        let finished = samples.withUnsafeMutableBytes { buffer in
            png_image_finish_read(image, nil, buffer.baseAddress, stride, nil)
        }
        guard finished != 0 else { throw failure(of: image, data: data, name: name, limit: limit) }
        let encode = Self.encodedFromLinear
        if !alpha {
            return GrayImage(width: width, height: height, pixels: samples.map { encode[Int($0)] })
        }
        // Linear output is premultiplied: divide the alpha out, encode, then mix on white in sRGB.
        let pixels = (0..<count).map { index in
            let opacity = Int(samples[2 * index + 1])
            guard opacity > 0 else { return UInt8(255) }
            let straight = min(Int(samples[2 * index]) * 65_535 / opacity, 65_535)
            return PixelMath.onWhite(gray: Int(encode[straight]), alpha: opacity, maxAlpha: 65_535)
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// The picture one of CPNG's readers makes of `data` (`width` × `height`, `count`
    /// pixels), or nil when that reader declines it. The buffer has a byte more a row, which
    /// cpng_read_fast inflates an 8-bit gray picture's scanlines into, filter bytes and all.
    private func read(
        _ data: [UInt8], width: Int, height: Int, count: Int,
        with reader: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, Int) -> Int32
    ) -> GrayImage? {
        let pixels = [UInt8](unsafeUninitializedCapacity: count + height) { out, initialized in
            let read = data.withUnsafeBufferPointer { file in
                reader(file.baseAddress, file.count, out.baseAddress, out.count)
            }
            initialized = read == 1 ? count : 0
        }
        return pixels.count == count ? GrayImage(width: width, height: height, pixels: pixels) : nil
    }

    /// The 8-bit encoding of each 16-bit linear value, rounded to nearest.
    ///
    /// The curve is libpng's stand-in for sRGB, a power of 1/2.2 (`PNG_DEFAULT_sRGB`,
    /// 0.45455): its linear output decodes sRGB with that same power, so the two cancel
    /// and 16-bit sRGB gray round-trips to within one level.
    private static let encodedFromLinear: [UInt8] = (0...65_535).map { value in
        let encoded = pow(Double(value) / 65_535, 0.454_55)
        return UInt8(min(max((encoded * 255).rounded(), 0), 255))
    }

    /// The error for a libpng failure, chosen from libpng's message.
    ///
    /// The messages matched are libpng 1.6's: its memory reader's `read beyond end of
    /// data`, `<chunk>: CRC error`, zlib's `incorrect data check` (Adler-32), and
    /// `Invalid IHDR data`, which hides the warning that said a side was over libpng's
    /// limit, so the header is read here to tell that case apart.
    private func failure(of image: UnsafePointer<png_image>, data: [UInt8], name: String, limit: Int) -> ImageError {
        let message = Self.message(of: image)
        if message.contains("read beyond end of data") || message.contains("Truncated compressed data") {
            return .truncated(file: name, format: .png)
        }
        if message.contains("CRC error") || message.contains("incorrect data check") {
            return .checksumError(file: name)
        }
        if let (width, height) = Self.declaredSize(data) {
            let sides = 1...Int(Int32.max)
            if message.contains("IHDR"), sides.contains(width), sides.contains(height),
                width > Self.maximumSide || height > Self.maximumSide
            {
                return .tooLarge(file: name, width: width, height: height, limit: pixelLimit)
            }
            if message.contains("image too large") {
                return .tooLarge(file: name, width: width, height: height, limit: limit)
            }
        }
        return .corrupt(file: name, format: .png, reason: message.isEmpty ? "libpng gave no reason" : message)
    }

    /// Width and height as the IHDR chunk states them, if the data has one where the PNG
    /// specification puts it (right after the signature).
    private static func declaredSize(_ data: [UInt8]) -> (width: Int, height: Int)? {
        guard data.count >= 24, Array(data[12..<16]) == Array("IHDR".utf8) else { return nil }
        func uint32(at offset: Int) -> Int {
            data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        return (uint32(at: 16), uint32(at: 20))
    }

    /// libpng's error or warning text, held in the png_image.
    private static func message(of image: UnsafePointer<png_image>) -> String {
        withUnsafeBytes(of: image.pointee.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
