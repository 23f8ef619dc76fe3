// QRKit — ImageError: why a picture could not be read.

/// Why a picture could not be read, split by cause.
///
/// Every case names the file it is about (or what stands for it, such as `<stdin>`), and
/// `description` is one line that starts with that name and says what to do about it:
///
/// ```
/// photo.png: not a PNG file (it looks like a JPEG)
/// scan.png: truncated PNG (the file ends before the image does; it may be an incomplete copy)
/// ```
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or read: it is missing, a directory, not permitted, or
    /// the read failed. `reason` is the system's text for the error, such as
    /// `No such file or directory`.
    case unreadableFile(file: String, reason: String)
    /// The bytes do not start with the PNG signature; `looksLike` says what they seem to be.
    case notPNG(file: String, looksLike: Format)
    /// The PNG ends before the image is complete.
    case truncated(file: String)
    /// A checksum does not match: a chunk's CRC-32, or the Adler-32 of the compressed
    /// image data. The bytes changed after the file was written.
    case checksumError(file: String)
    /// The header declares more pixels than the reader accepts (`width * height > limit`),
    /// or a side longer than libpng reads (`PNGReader.maximumSide`).
    case tooLarge(file: String, width: Int, height: Int, limit: Int)
    /// The PNG is malformed in some other way; `reason` is libpng's message, such as
    /// `Invalid IHDR data`.
    case corrupt(file: String, reason: String)

    /// What a file that is not a PNG appears to be, judged from its first bytes.
    public enum Format: Sendable, Equatable {
        /// The file has no bytes at all.
        case empty
        /// A JPEG (starts `FF D8 FF`).
        case jpeg
        /// A GIF (starts `GIF87a` or `GIF89a`).
        case gif
        /// A Windows bitmap (starts `BM`).
        case bmp
        /// A TIFF (starts `II*\0` or `MM\0*`).
        case tiff
        /// A WebP (a RIFF container of type `WEBP`).
        case webp
        /// A HEIF/HEIC or AVIF picture, as phones save them (an ISO `ftyp` box).
        case heif
        /// A PDF document (starts `%PDF`).
        case pdf
        /// An SVG or other XML text (starts `<?xml` or `<svg`).
        case svg
        /// A PNG whose signature lost or gained carriage returns: it went through a
        /// text-mode transfer that converted line endings, which also damages the data.
        case pngWithConvertedLineEndings
        /// Nothing recognised.
        case unknown
    }

    /// The file the error is about, as the caller named it.
    public var file: String {
        switch self {
        case .unreadableFile(let file, _), .notPNG(let file, _), .truncated(let file),
            .checksumError(let file), .tooLarge(let file, _, _, _), .corrupt(let file, _):
            file
        }
    }

    /// One line for a user, starting with the file name.
    public var description: String {
        switch self {
        case .unreadableFile(let file, let reason):
            return "\(file): cannot read: \(reason)"
        case .notPNG(let file, let format):
            return "\(file): not a PNG file (\(format.phrase))"
        case .truncated(let file):
            return "\(file): truncated PNG (the file ends before the image does; it may be an incomplete copy)"
        case .checksumError(let file):
            return "\(file): damaged PNG (a checksum does not match; the file changed after it was written)"
        case .tooLarge(let file, let width, let height, let limit):
            let size = "\(width) × \(height) pixels"
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            if overflow || pixels > limit {
                return "\(file): image too large (\(size); the limit is \(limit) pixels)"
            }
            return "\(file): image too large (\(size); libpng reads at most \(PNGReader.maximumSide) pixels a side)"
        case .corrupt(let file, let reason):
            return "\(file): corrupt PNG (\(reason))"
        }
    }
}

extension ImageError.Format {
    /// The PNG file signature, the first eight bytes of every PNG.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Judges what `bytes` are from their first few bytes; `nil` when they start with the
    /// PNG signature (or with part of it, when there are fewer than eight bytes).
    init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(16))
        func starts(with prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        func starts(with text: String, at offset: Int = 0) -> Bool {
            starts(with: Array(text.utf8), at: offset)
        }
        if head.isEmpty {
            self = .empty
        } else if head.count < 8, Array(Self.pngSignature.prefix(head.count)) == head {
            return nil
        } else if starts(with: Self.pngSignature) {
            return nil
        } else if starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            // "\x89PNG" followed by anything but "\r\n\x1a\n": "\n\x1a\n" after a CRLF → LF
            // conversion, "\r\r\n\x1a\r\n" after LF → CRLF. Either way the data is damaged too.
            self = .pngWithConvertedLineEndings
        } else if starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(with: "GIF87a") || starts(with: "GIF89a") {
            self = .gif
        } else if starts(with: "BM") {
            self = .bmp
        } else if starts(with: [0x49, 0x49, 0x2A, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        } else if starts(with: "RIFF") && starts(with: "WEBP", at: 8) {
            self = .webp
        } else if starts(with: "ftyp", at: 4) {
            self = .heif
        } else if starts(with: "%PDF") {
            self = .pdf
        } else if starts(with: "<?xml") || starts(with: "<svg") || starts(with: [0xEF, 0xBB, 0xBF, 0x3C]) {
            self = .svg
        } else {
            self = .unknown
        }
    }

    /// The words that follow "not a PNG file" in a message.
    var phrase: String {
        switch self {
        case .empty: "the file is empty"
        case .jpeg: "it looks like a JPEG"
        case .gif: "it looks like a GIF"
        case .bmp: "it looks like a BMP"
        case .tiff: "it looks like a TIFF"
        case .webp: "it looks like a WebP"
        case .heif: "it looks like a HEIF/HEIC or AVIF picture"
        case .pdf: "it looks like a PDF"
        case .svg: "it looks like SVG or other XML text"
        case .pngWithConvertedLineEndings:
            "it is a PNG damaged by a text-mode transfer that converted line endings; copy it again in binary mode"
        case .unknown: "it does not start with the PNG signature"
        }
    }
}
