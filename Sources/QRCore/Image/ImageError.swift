// QRKit — ImageError: why a picture could not be read.

/// Why a picture could not be read, split by cause.
///
/// Every case names the file it is about (or what stands for it, such as `<stdin>`), and
/// `description` is one line that starts with that name and says what to do about it:
///
/// ```
/// photo.png: not a PNG file (it looks like a JPEG)
/// scan.jpg: truncated JPEG (the file ends before the image does; it may be an incomplete copy)
/// photo.heic: a HEIF/HEIC picture, which cannot be read (only PNG, JPEG, WebP, TIFF, GIF, BMP and netpbm can)
/// ```
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The longest side libpng reads (`PNGReader.maximumSide`), which a message names.
    package static let pngMaximumSide = 1_000_000

    /// The file could not be opened or read: it is missing, a directory, not permitted, or
    /// the read failed. `reason` is the system's text for the error, such as
    /// `No such file or directory`.
    case unreadableFile(file: String, reason: String)
    /// A reader of one format (`PNGReader`, `JPEGReader`, ...) was given another:
    /// `found` is what the bytes look like.
    case wrongFormat(file: String, expected: ImageFormat, found: ImageFormat)
    /// The bytes are of a format that is not read (``ImageFormat/isReadable`` is false),
    /// such as HEIF or PDF, or of none at all (`.unknown`, `.empty`).
    case unsupportedFormat(file: String, format: ImageFormat)
    /// The file ends before the image is complete.
    case truncated(file: String, format: ImageFormat)
    /// A checksum does not match: a PNG chunk's CRC-32, or the Adler-32 of its compressed
    /// image data. The bytes changed after the file was written.
    case checksumError(file: String)
    /// The header declares more pixels than the reader accepts (`width * height > limit`),
    /// or a side longer than libpng reads (`PNGReader.maximumSide`).
    case tooLarge(file: String, width: Int, height: Int, limit: Int)
    /// The file is malformed in some other way, or uses a feature its library does not
    /// decode; `reason` is the library's message, such as `Invalid IHDR data`.
    case corrupt(file: String, format: ImageFormat, reason: String)
    /// Reading and decoding the picture would hold `needed` bytes, more than the whole
    /// ``MemoryBudget`` (`budget` bytes).
    case overMemoryBudget(file: String, needed: Int, budget: Int)
    /// Decoding the file took more CPU time than its `budget` (a progressive JPEG of
    /// hundreds of scans, each a pass over the whole picture), and was stopped.
    case overCPUBudget(file: String, format: ImageFormat, budget: Duration)

    /// The file the error is about, as the caller named it.
    public var file: String {
        switch self {
        case .unreadableFile(let file, _), .wrongFormat(let file, _, _), .unsupportedFormat(let file, _),
            .truncated(let file, _), .checksumError(let file), .tooLarge(let file, _, _, _), .corrupt(let file, _, _),
            .overMemoryBudget(let file, _, _), .overCPUBudget(let file, _, _):
            file
        }
    }

    /// One line for a user, starting with the file name.
    public var description: String {
        switch self {
        case .unreadableFile(let file, let reason):
            return "\(file): cannot read: \(reason)"
        case .wrongFormat(let file, let expected, let found):
            return "\(file): not a \(expected.name) file (\(found.looksLike))"
        case .unsupportedFormat(let file, let format):
            switch format {
            case .empty: return "\(file): the file is empty"
            case .unknown:
                return
                    "\(file): not a picture that can be read (it starts like none of \(ImageFormat.readableList(joinedBy: "or")))"
            case .pngWithConvertedLineEndings: return "\(file): \(format.looksLike)"
            default:
                return
                    "\(file): \(format.article), which cannot be read (only \(ImageFormat.readableList(joinedBy: "and")) can)"
            }
        case .truncated(let file, let format):
            return
                "\(file): truncated \(format.name) (the file ends before the image does; it may be an incomplete copy)"
        case .checksumError(let file):
            return "\(file): damaged PNG (a checksum does not match; the file changed after it was written)"
        case .tooLarge(let file, let width, let height, let limit):
            let size = "\(width) × \(height) pixels"
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            if overflow || pixels > limit {
                return "\(file): image too large (\(size); the limit is \(limit) pixels)"
            }
            return "\(file): image too large (\(size); libpng reads at most \(Self.pngMaximumSide) pixels a side)"
        case .corrupt(let file, let format, let reason):
            return "\(file): corrupt \(format.name) (\(reason))"
        case .overCPUBudget(let file, let format, let budget):
            return
                "\(file): ran out of its CPU budget (\(budget.wholeMilliseconds) ms) decoding the \(format.name)"
        case .overMemoryBudget(let file, let needed, let budget):
            return
                "\(file): too large to decode in memory (it needs about \(MemoryBudget.megabytes(needed)) MB; the memory budget is \(MemoryBudget.megabytes(budget)) MB)"
        }
    }
}

extension ImageFormat {
    /// The format with its article, as a message names what a file is: "a JPEG",
    /// "an AVIF picture".
    var article: String {
        switch self {
        case .png: "a PNG"
        case .jpeg: "a JPEG"
        case .webp: "a WebP"
        case .tiff: "a TIFF"
        case .gif: "a GIF"
        case .bmp: "a BMP"
        case .heif: "a HEIF/HEIC picture"
        case .avif: "an AVIF picture"
        case .isoMedia: "an MP4/QuickTime video or other ISO media file"
        case .jpegXL: "a JPEG XL picture"
        case .jpeg2000: "a JPEG 2000 picture"
        case .pdf: "a PDF"
        case .postScript: "PostScript"
        case .svg: "SVG or other XML text"
        case .netpbm: "a netpbm picture (PBM/PGM/PPM/PAM)"
        case .pngWithConvertedLineEndings: "a damaged PNG"
        case .empty: "an empty file"
        case .unknown: "an unknown format"
        }
    }

    /// The words in brackets after "not a PNG file" in a message.
    var looksLike: String {
        switch self {
        case .empty: "the file is empty"
        case .unknown: "it starts like none of \(Self.readableList(joinedBy: "or"))"
        case .pngWithConvertedLineEndings:
            "it is a PNG damaged by a text-mode transfer that converted line endings; copy it again in binary mode"
        default: "it looks like \(article)"
        }
    }

    /// "PNG, JPEG, WebP, TIFF, GIF, BMP and netpbm" (or "... or netpbm").
    static func readableList(joinedBy conjunction: String) -> String {
        readable.map(\.name).spokenList(joinedBy: conjunction)
    }
}
