// QRKit — ImageFileReader: what every picture reader promises, and the bounded reading of
// files, pipes and devices that they share.

/// Reads pictures of one or more formats as 8-bit grayscale.
///
/// Every reader keeps the same promises, whatever the format:
///
/// - the picture's size is checked against ``pixelLimit`` from its header, before any
///   pixel memory is allocated, so a small file that declares a huge picture is refused
///   at once (``ImageError/tooLarge(file:width:height:limit:)``);
/// - every failure is an ``ImageError`` that names the file and says why; no input
///   crashes the process, prints on its own, or is read without end;
/// - files, pipes and devices are read within bounds: a stream that does not start like a
///   format the reader decodes is read no further than its first bytes, and no more is
///   read in all than a picture within the pixel limit could need.
///
/// The readers of one format are `PNGReader`, `JPEGReader`, `WebPReader`, `TIFFReader`,
/// `GIFReader`, `BMPReader` and `NetpbmReader`; `ImageReader` reads all seven, choosing
/// by content.
///
/// ```swift
/// let image = try ImageReader().read(contentsOf: "photo.jpg")
/// ```
public protocol ImageFileReader: Sendable {
    /// The formats this reader decodes.
    var formats: [ImageFormat] { get }

    /// The most pixels (`width * height`) a picture may have; zero or less refuses every
    /// picture.
    var pixelLimit: Int { get }

    /// The memory budget a picture's reading and decoding are taken from
    /// (``MemoryBudget/shared`` unless the reader was given its own).
    var memoryBudget: MemoryBudget { get }

    /// Reads a picture file already in memory.
    ///
    /// - Parameters:
    ///   - data: The whole file.
    ///   - name: What error messages call the data, such as `<stdin>`.
    /// - Returns: The picture as 8-bit luminance, upright as a person sees it, any
    ///   transparency composited on white.
    /// - Throws: ``ImageError``, naming `name`.
    func read(data: [UInt8], name: String) throws(ImageError) -> GrayImage
}

extension ImageFileReader {
    /// The pixel limit a reader has unless told otherwise: 100 megapixels.
    public static var defaultPixelLimit: Int { 100_000_000 }

    /// The process's budget.
    public var memoryBudget: MemoryBudget { .shared }

    /// Takes from ``memoryBudget`` what reading and decoding a picture of `pixels` pixels
    /// will hold: `readerBytes` for the reader's own buffers and the picture as it reads,
    /// or what the engines' copies of it hold when they decode it
    /// (`MemoryBudget.decodeBytesPerPixel` a pixel), whichever is more. Called from the
    /// header, before any of it is allocated; the picture read holds the reservation
    /// (`GrayImage.holding(_:)`).
    ///
    /// - Throws: ``ImageError/overMemoryBudget(file:needed:budget:)`` for more than the
    ///   whole budget; waits while other pictures hold too much of it.
    package func reserveMemory(pixels: Int, readerBytes: Int, name: String) throws(ImageError) -> MemoryReservation {
        let (decoding, overflow) = pixels.multipliedReportingOverflow(by: MemoryBudget.decodeBytesPerPixel)
        return try memoryBudget.reserve(overflow ? .max : max(decoding, readerBytes), file: name)
    }

    /// Reads a picture file.
    ///
    /// The whole file is read into memory, then decoded as ``read(data:name:)`` does.
    ///
    /// - Parameters:
    ///   - path: The file to read. Error messages name it as given.
    /// - Returns: The picture as 8-bit luminance.
    /// - Throws: ``ImageError/unreadableFile(file:reason:)`` when the file is missing, a
    ///   directory, not permitted or fails to read, and otherwise any error that
    ///   ``read(data:name:)`` throws.
    ///
    /// ```swift
    /// do {
    ///     let image = try ImageReader().read(contentsOf: "photo.heic")
    ///     print("\(image.width) × \(image.height)")
    /// } catch {
    ///     print(error)  // photo.heic: a HEIF/HEIC picture, which cannot be read (...)
    /// }
    /// ```
    public func read(contentsOf path: String) throws(ImageError) -> GrayImage {
        try read(contentsOf: path, writerWait: FileContents.pipeWriterWait)
    }

    /// Reads the picture file at a path given as bytes, as ``read(contentsOf:)`` does.
    ///
    /// A Linux file name is bytes, not necessarily UTF-8 (an old Latin-1 name, say); a
    /// `String` cannot hold such a name (Swift shows each byte that is not UTF-8 as
    /// U+FFFD), so this reads the file by its exact bytes, as `readdir` or the command
    /// line gave them.
    ///
    /// - Parameters:
    ///   - path: The file's path, the bytes the system knows it by; no NUL byte.
    ///   - name: What error messages call the file; by default the path decoded as UTF-8,
    ///     each byte that is not shown as U+FFFD.
    /// - Returns: The picture as 8-bit luminance.
    /// - Throws: What ``read(contentsOf:)`` throws, naming `name`.
    ///
    /// ```swift
    /// let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".png".utf8)
    /// let image = try ImageReader().read(contentsOfPath: latin1, name: "caf\\xe9.png")
    /// ```
    public func read(contentsOfPath path: [UInt8], name: String? = nil) throws(ImageError) -> GrayImage {
        try read(
            contentsOfPath: path, name: name ?? String(decoding: path, as: UTF8.self),
            writerWait: FileContents.pipeWriterWait)
    }

    /// Reads a picture file as ``read(contentsOf:)`` does, waiting at most `writerWait` for
    /// a writer when `path` is a named pipe, and for each next piece of it, and at most
    /// `readLimit` for all of it.
    func read(
        contentsOf path: String, writerWait: Duration, readLimit: Duration = FileContents.streamReadLimit
    ) throws(ImageError) -> GrayImage {
        try read(contentsOfPath: Array(path.utf8), name: path, writerWait: writerWait, readLimit: readLimit)
    }

    /// Reads the picture file at the path of bytes `path`, naming it `name`, as
    /// ``read(contentsOf:writerWait:readLimit:)`` does.
    func read(
        contentsOfPath path: [UInt8], name: String, writerWait: Duration,
        readLimit: Duration = FileContents.streamReadLimit
    ) throws(ImageError) -> GrayImage {
        let bytes = try FileContents.bytes(
            of: path, name: name, reader: self, writerWait: writerWait, readLimit: readLimit)
        return try read(data: bytes, name: name)
    }

    /// Reads a picture from an open file descriptor, such as standard input (0), to its end.
    ///
    /// The same bounds as ``read(contentsOf:)`` hold: a stream that does not start like a
    /// format this reader decodes is read no further than its first bytes, and no more
    /// than a picture within ``pixelLimit`` could need is read in all, so
    /// `cat /dev/zero | qr decode -` ends with an error instead of filling memory. The
    /// descriptor is left open.
    ///
    /// - Parameters:
    ///   - descriptor: The descriptor to read from.
    ///   - name: What error messages call it, such as `<stdin>`.
    public func read(descriptor: Int32, name: String) throws(ImageError) -> GrayImage {
        let bytes = try FileContents.bytes(of: descriptor, name: name, reader: self)
        return try read(data: bytes, name: name)
    }

    /// The most bytes ``read(contentsOf:)`` reads from one file: what a picture of
    /// ``pixelLimit`` pixels could need at 8 bytes a pixel (16-bit RGBA, stored without
    /// compression), and 16 MiB for metadata, thumbnails and the like, but no more than
    /// half the memory budget, as the file is held while the picture is decoded. A longer
    /// file (or an endless stream that starts like a picture) is refused rather than read
    /// into memory. No format here reads more than 2³² - 1 pixels, so the limit counts at
    /// most those.
    package var maximumFileSize: Int {
        let pixels = max(0, min(pixelLimit, Int(UInt32.max)))
        return min(pixels * 8 + 16 << 20, max(0, memoryBudget.bytes / 2))
    }

    /// The pixel count of a `width` × `height` picture, once it is known to have pixels
    /// and to be within ``pixelLimit``: the check every reader makes from the header,
    /// before it allocates anything for the pixels.
    ///
    /// - Throws: ``ImageError/corrupt(file:format:reason:)`` for a side of zero or less,
    ///   ``ImageError/tooLarge(file:width:height:limit:)`` over the limit.
    package func checkedPixelCount(width: Int, height: Int, format: ImageFormat, name: String) throws(ImageError) -> Int
    {
        guard width > 0, height > 0 else { throw .corrupt(file: name, format: format, reason: "image has no pixels") }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= pixelLimit else {
            throw .tooLarge(file: name, width: width, height: height, limit: pixelLimit)
        }
        return count
    }

    /// The format `data` starts like, when it is one this reader decodes.
    ///
    /// - Throws: ``ImageError/wrongFormat(file:expected:found:)`` for a reader of one
    ///   format, and ``ImageError/unsupportedFormat(file:format:)`` for one of several,
    ///   when the data is of another format.
    package func sniff(_ data: [UInt8], name: String) throws(ImageError) -> ImageFormat {
        let format = ImageFormat(sniffing: data)
        if formats.contains(format) { return format }
        if formats.count == 1 { throw .wrongFormat(file: name, expected: formats[0], found: format) }
        throw .unsupportedFormat(file: name, format: format)
    }
}
