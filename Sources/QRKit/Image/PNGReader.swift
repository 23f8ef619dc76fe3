// QRKit — PNGReader: PNG files and bytes into GrayImage, through libpng's simplified API.
//
// The one file that talks to libpng for reading, and the one place its pointers live.
// libpng's simplified API (png_image_*) catches libpng's errors itself and reports them in
// png_image.message, so there is no setjmp/longjmp here.

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
public struct PNGReader: Sendable {
    /// The pixel limit a reader has unless told otherwise: 100 megapixels.
    public static let defaultPixelLimit = 100_000_000

    /// The longest side libpng reads, in pixels (its default user limit); a longer side is
    /// refused with ``ImageError/tooLarge(file:width:height:limit:)`` whatever the limit.
    public static let maximumSide = 1_000_000

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

    /// Makes a reader.
    ///
    /// - Parameters:
    ///   - pixelLimit: The most pixels a picture may have; 100 megapixels by default.
    ///
    /// ```swift
    /// let thumbnails = PNGReader(pixelLimit: 1_000_000)
    /// ```
    public init(pixelLimit: Int = PNGReader.defaultPixelLimit) {
        self.pixelLimit = pixelLimit
    }

    /// Reads a PNG file.
    ///
    /// The whole file is read into memory, then decoded as ``read(data:name:)`` does.
    ///
    /// - Parameters:
    ///   - path: The file to read. Error messages name it as given.
    /// - Returns: The picture as 8-bit luminance, transparency composited on white.
    /// - Throws: ``ImageError/unreadableFile(file:reason:)`` when the file is missing, a
    ///   directory, not permitted or fails to read, and otherwise any error that
    ///   ``read(data:name:)`` throws.
    ///
    /// ```swift
    /// do {
    ///     let image = try PNGReader().read(contentsOf: "photo.png")
    ///     print("\(image.width) × \(image.height)")
    /// } catch {
    ///     print(error)  // photo.png: not a PNG file (it looks like a JPEG)
    /// }
    /// ```
    public func read(contentsOf path: String) throws(ImageError) -> GrayImage {
        let bytes = try FileContents.bytes(of: path, limit: maximumFileSize, writerWait: pipeWriterWait)
        return try read(data: bytes, name: path)
    }

    /// Reads a PNG from an open file descriptor, such as standard input (0), to its end.
    ///
    /// The same bounds as ``read(contentsOf:)`` hold: a stream that does not start like a
    /// PNG is read no further than its first bytes, and no more than a picture within
    /// ``pixelLimit`` could need is read in all, so `cat /dev/zero | qr decode -` ends
    /// with an error instead of filling memory. The descriptor is left open.
    ///
    /// - Parameters:
    ///   - descriptor: The descriptor to read from.
    ///   - name: What error messages call it, such as `<stdin>`.
    public func read(descriptor: Int32, name: String) throws(ImageError) -> GrayImage {
        let bytes = try FileContents.bytes(of: descriptor, name: name, limit: maximumFileSize)
        return try read(data: bytes, name: name)
    }

    /// How long ``read(contentsOf:)`` waits for a writer to a named pipe (FIFO) that has
    /// none: a writer started just before or after the reader connects well within it, and
    /// a pipe nobody writes to is reported instead of waited on forever.
    var pipeWriterWait: Duration = .seconds(2)

    /// The most bytes ``read(contentsOf:)`` reads from one file: what a picture of
    /// ``pixelLimit`` pixels could need at 8 bytes a pixel (16-bit RGBA, stored without
    /// compression), and 16 MiB for other chunks. A longer file (or an endless stream that
    /// starts like a PNG) is refused rather than read into memory.
    var maximumFileSize: Int {
        let pixels = max(0, min(pixelLimit, Self.libpngPixelCeiling))
        return pixels * 8 + 16 << 20
    }

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
    /// - Throws: ``ImageError/notPNG(file:looksLike:)`` without the PNG signature,
    ///   ``ImageError/truncated(file:)`` when the data ends early,
    ///   ``ImageError/checksumError(file:)`` on a CRC-32 or Adler-32 mismatch,
    ///   ``ImageError/tooLarge(file:width:height:limit:)`` over the pixel limit, and
    ///   ``ImageError/corrupt(file:reason:)`` for anything else libpng refuses.
    ///
    /// ```swift
    /// let bytes: [UInt8] = try downloadedPNG()
    /// let image = try PNGReader().read(data: bytes, name: "download.png")
    /// ```
    public func read(data: [UInt8], name: String) throws(ImageError) -> GrayImage {
        if let format = ImageError.Format(sniffing: data) {
            throw .notPNG(file: name, looksLike: format)
        }
        // Shorter than the signature, but a beginning of it.
        guard data.count > ImageError.Format.pngSignature.count else { throw .truncated(file: name) }
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
                        throw .corrupt(file: name, reason: "no memory for libpng")
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
        guard width > 0, height > 0 else { throw .corrupt(file: name, reason: "image has no pixels") }
        let limit = min(pixelLimit, Self.libpngPixelCeiling / bytesPerPixel)
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= limit, let stride = Int32(exactly: width * channels) else {
            throw .tooLarge(file: name, width: width, height: height, limit: limit)
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
                Self.onWhite(gray: Int(samples[2 * index]), alpha: Int(samples[2 * index + 1]), maxAlpha: 255)
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
            return Self.onWhite(gray: Int(encode[straight]), alpha: opacity, maxAlpha: 65_535)
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// An sRGB gray of opacity `alpha` (out of `maxAlpha`) over white, rounded.
    private static func onWhite(gray: Int, alpha: Int, maxAlpha: Int) -> UInt8 {
        UInt8((gray * alpha + 255 * (maxAlpha - alpha) + maxAlpha / 2) / maxAlpha)
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
            return .truncated(file: name)
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
        return .corrupt(file: name, reason: message.isEmpty ? "libpng gave no reason" : message)
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

/// Reads whole files with POSIX calls, turning each failure into an ``ImageError`` that
/// names the file and gives the system's reason.
///
/// Hostile paths are handled without hanging or filling memory: a FIFO is opened without
/// blocking and waited on for a writer for a bounded time, a stream that does not start
/// like a PNG (`/dev/zero`, a video renamed `.png`) is read no further than its first
/// bytes, and no more than `limit` bytes are read in all.
private enum FileContents {
    /// Bytes read per `read(2)` call.
    static let chunkSize = 1 << 20

    /// The bytes of the file at `path`, or of its first bytes when they show it is not a
    /// PNG (reading those fails with the format they look like).
    static func bytes(of path: String, limit: Int, writerWait: Duration) throws(ImageError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer, forever.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw unreadable(path, errno) }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(path, errno) }
        let type = status.st_mode & S_IFMT
        // open(2) accepts a directory for reading; read(2) would then fail with EISDIR.
        if type == S_IFDIR { throw unreadable(path, EISDIR) }

        let first = type == S_IFIFO ? try awaitWriter(descriptor, path: path, wait: writerWait) : []
        let size = type == S_IFREG ? Int(status.st_size) : 0
        return try readToEnd(descriptor, name: path, limit: limit, first: first, expectedSize: size)
    }

    /// The bytes of an open descriptor, read to its end under the same bounds.
    static func bytes(of descriptor: Int32, name: String, limit: Int) throws(ImageError) -> [UInt8] {
        var status = stat()
        let size = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
        return try readToEnd(descriptor, name: name, limit: limit, first: [], expectedSize: size)
    }

    /// Waits, at most `wait`, for a writer to the FIFO opened without blocking as
    /// `descriptor`, and returns what it wrote first (empty when it is connected but has
    /// written nothing yet).
    ///
    /// A FIFO without a writer reads as end of file; one with a writer but no data yet
    /// fails with EAGAIN. Until either data or a writer shows up, it polls.
    private static func awaitWriter(_ descriptor: Int32, path: String, wait: Duration) throws(ImageError) -> [UInt8] {
        let clock = ContinuousClock()
        let deadline = clock.now + wait
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let (count, code) = read(descriptor, into: &chunk)
            if count > 0 { return Array(chunk[0..<count]) }
            if count == 0 {
                if clock.now >= deadline {
                    throw .unreadableFile(
                        file: path, reason: "a named pipe (FIFO) that nothing was written to within \(wait)")
                }
                usleep(5_000)
            } else if code == EAGAIN || code == EWOULDBLOCK {
                return []
            } else if code != EINTR {
                throw unreadable(path, code)
            }
        }
    }

    /// Reads `descriptor` to its end after the bytes `first` already read from it.
    ///
    /// Stops early, returning what it has, when the first 16 bytes show another format,
    /// and fails past `limit` bytes. A descriptor without data yet (non-blocking) is
    /// waited on with poll(2), so its flags, maybe shared with other processes, stay as
    /// they are.
    private static func readToEnd(
        _ descriptor: Int32, name: String, limit: Int, first: [UInt8], expectedSize: Int
    ) throws(ImageError) -> [UInt8] {
        var bytes = first
        if expectedSize > 0 { bytes.reserveCapacity(min(expectedSize, limit, 1 << 28)) }
        var sniffed = false
        // A regular file's size is known: a chunk of that size and one byte more reads it
        // whole and sees its end, without zeroing a megabyte for a file of a few hundred bytes.
        var chunk = [UInt8](repeating: 0, count: expectedSize > 0 ? min(chunkSize, expectedSize + 1) : chunkSize)
        while true {
            if !sniffed, bytes.count >= 16 {
                sniffed = true
                if ImageError.Format(sniffing: bytes) != nil { return bytes }
            }
            if bytes.count > limit {
                throw .unreadableFile(
                    file: name, reason: "the file is larger than any PNG within the pixel limit needs (over \(limit) bytes)")
            }
            let (count, code) = read(descriptor, into: &chunk)
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return bytes
            } else if code == EAGAIN || code == EWOULDBLOCK {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, -1)
            } else if code != EINTR {
                throw unreadable(name, code)
            }
        }
    }

    /// One read(2) into `chunk`: the count, and errno when it failed.
    private static func read(_ descriptor: Int32, into chunk: inout [UInt8]) -> (Int, Int32) {
        chunk.withUnsafeMutableBytes { buffer in
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            return (count, count < 0 ? errno : 0)
        }
    }

    /// The error for `path` failing with `code`, an `errno` value.
    static func unreadable(_ path: String, _ code: Int32) -> ImageError {
        .unreadableFile(file: path, reason: FileSystem.reason(code))
    }
}
