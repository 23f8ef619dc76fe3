// QRKit — ImageReader: any picture QRKit reads, its format chosen from its first bytes.

/// Reads PNG, JPEG, WebP, TIFF, GIF, BMP and netpbm pictures as 8-bit grayscale, choosing the reader
/// from the file's first bytes, never from its name: a JPEG saved as `photo.png` reads as
/// the JPEG it is.
///
/// A file of another format gets an error that names what it looks like (a HEIF photo, a
/// PDF), and an empty or unrecognised one says so. Each format keeps the promises
/// of ``/QRCore/ImageFileReader``: the pixel limit checked from the header before any pixel
/// memory is allocated, typed errors that name the file, bounded reads of pipes and
/// devices. See ``/QRPNG/PNGReader``, ``/QRJPEG/JPEGReader``, ``/QRWebP/WebPReader``, ``/QRTIFF/TIFFReader`` (first
/// page), ``/QRGIF/GIFReader`` (first frame), ``/QRCore/BMPReader`` and ``/QRCore/NetpbmReader``
/// for what each reads.
///
/// ```swift
/// let reader = ImageReader(pixelLimit: 50_000_000)
/// for path in ["code.png", "photo.jpg", "scan.tif"] {
///     let image = try reader.read(contentsOf: path)
///     print(path, image.width, image.height)
/// }
/// ```
public struct ImageReader: ImageFileReader {
    /// The most pixels (`width * height`) a picture may have, checked against its header
    /// before decoding. Zero or less refuses every picture.
    public var pixelLimit: Int

    /// The budget a picture's reading and decoding take their memory from: a picture that
    /// would need more than all of it is refused, one that needs more than is free waits
    /// for other pictures to let theirs go (``/QRCore/MemoryBudget``).
    public var memoryBudget: MemoryBudget

    /// The most CPU time decoding one picture may take, where its format can take long
    /// whatever its size (a progressive JPEG of hundreds of scans); nil for no limit.
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
        pixelLimit: Int = ImageReader.defaultPixelLimit, memoryBudget: MemoryBudget = .shared,
        cpuBudget: Duration? = QRDecoder.defaultCPUBudget
    ) {
        self.pixelLimit = pixelLimit
        self.memoryBudget = memoryBudget
        self.cpuBudget = cpuBudget
    }

    /// Every format QRKit reads: ``/QRCore/ImageFormat/readable``.
    public var formats: [ImageFormat] { ImageFormat.readable }

    /// Reads a picture file already in memory, in whichever format its first bytes show.
    ///
    /// - Parameters:
    ///   - data: The whole file.
    ///   - name: What error messages call the data, such as `<stdin>`.
    /// - Returns: The picture as 8-bit luminance, upright, transparency mixed on white.
    /// - Throws: ``/QRCore/ImageError/unsupportedFormat(file:format:)`` for an empty file or one of
    ///   a format not read, and otherwise what the format's reader throws.
    public func read(data: [UInt8], name: String) throws(ImageError) -> GrayImage {
        switch try sniff(data, name: name) {
        case .png: try PNGReader(pixelLimit: pixelLimit, memoryBudget: memoryBudget).read(data: data, name: name)
        case .jpeg:
            try JPEGReader(pixelLimit: pixelLimit, memoryBudget: memoryBudget, cpuBudget: cpuBudget).read(
                data: data, name: name)
        case .webp: try WebPReader(pixelLimit: pixelLimit, memoryBudget: memoryBudget).read(data: data, name: name)
        case .tiff: try TIFFReader(pixelLimit: pixelLimit, memoryBudget: memoryBudget).read(data: data, name: name)
        case .gif: try GIFReader(pixelLimit: pixelLimit, memoryBudget: memoryBudget).read(data: data, name: name)
        case .bmp: try BMPReader(pixelLimit: pixelLimit, memoryBudget: memoryBudget).read(data: data, name: name)
        case .netpbm: try NetpbmReader(pixelLimit: pixelLimit, memoryBudget: memoryBudget).read(data: data, name: name)
        case let other: throw .unsupportedFormat(file: name, format: other)
        }
    }
}
