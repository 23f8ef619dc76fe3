// QRKit — ImageFormat: what a file is, judged from its first bytes, never from its name.

/// The format of a picture file, as its first bytes show it.
///
/// The seven formats QRKit reads are ``readable``; the others are recognised so that a
/// message can name what a file is (a HEIF photo, a PDF) instead of calling it garbage.
///
/// ```swift
/// let format = ImageFormat(sniffing: bytes)   // .jpeg for FF D8 FF ...
/// if !format.isReadable { print("cannot read \(format.name)") }
/// ```
public enum ImageFormat: Sendable, Hashable, CaseIterable {
    /// PNG (starts `89 50 4E 47 0D 0A 1A 0A`, or fewer bytes that begin it).
    case png
    /// JPEG (starts `FF D8 FF`).
    case jpeg
    /// WebP (a RIFF container of type `WEBP`).
    case webp
    /// TIFF, classic or BigTIFF (starts `II*\0`, `MM\0*`, `II+\0` or `MM\0+`).
    case tiff
    /// GIF (starts `GIF87a` or `GIF89a`).
    case gif
    /// A Windows bitmap (starts `BM`).
    case bmp
    /// A HEIF/HEIC picture, as phones save them (an ISO `ftyp` box of a HEIF brand).
    case heif
    /// An AVIF picture (an ISO `ftyp` box of brand `avif` or `avis`).
    case avif
    /// Another ISO media file, such as an MP4 or QuickTime video (an `ftyp` box).
    case isoMedia
    /// JPEG XL (a bare codestream `FF 0A`, or its ISO container).
    case jpegXL
    /// JPEG 2000 (its ISO container, or a bare codestream `FF 4F FF 51`).
    case jpeg2000
    /// A PDF document (starts `%PDF`).
    case pdf
    /// PostScript or EPS (starts `%!PS`, or the DOS EPS header `C5 D0 D3 C6`).
    case postScript
    /// An SVG or other XML text (starts `<?xml` or `<svg`).
    case svg
    /// A netpbm picture: PBM, PGM, PPM or PAM (starts `P1` to `P7` and a blank).
    case netpbm
    /// A PNG whose signature lost or gained carriage returns: it went through a text-mode
    /// transfer that converted line endings, which also damaged the data.
    case pngWithConvertedLineEndings
    /// The file has no bytes at all.
    case empty
    /// Nothing recognised.
    case unknown

    /// The formats QRKit reads, in the order messages list them.
    public static let readable: [ImageFormat] = [.png, .jpeg, .webp, .tiff, .gif, .bmp, .netpbm]

    /// Whether QRKit reads pictures of this format.
    public var isReadable: Bool { Self.readable.contains(self) }

    /// The file-name extensions a picture of this format usually has, lower case, without
    /// the dot; empty for what is not a picture format.
    ///
    /// Only folders are searched by name (a folder of phone pictures holds other files
    /// too); a file named on its own is read by content whatever its name.
    public var fileExtensions: [String] {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg", "jfif"]
        case .webp: ["webp"]
        case .tiff: ["tif", "tiff"]
        case .gif: ["gif"]
        case .bmp: ["bmp", "dib"]
        case .heif: ["heic", "heif"]
        case .avif: ["avif"]
        case .jpegXL: ["jxl"]
        case .jpeg2000: ["jp2", "j2k", "jpx"]
        case .pdf: ["pdf"]
        case .postScript: ["ps", "eps"]
        case .svg: ["svg"]
        case .netpbm: ["pbm", "pgm", "ppm", "pnm", "pam"]
        case .isoMedia, .pngWithConvertedLineEndings, .empty, .unknown: []
        }
    }

    /// The extensions of every readable format (`png`, `jpg`, `jpeg`, ..., `pam`).
    public static let readableFileExtensions: [String] = readable.flatMap(\.fileExtensions)

    /// What messages call the format: "PNG", "JPEG", "HEIF/HEIC".
    public var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        case .tiff: "TIFF"
        case .gif: "GIF"
        case .bmp: "BMP"
        case .heif: "HEIF/HEIC"
        case .avif: "AVIF"
        case .isoMedia: "MP4/QuickTime or other ISO media"
        case .jpegXL: "JPEG XL"
        case .jpeg2000: "JPEG 2000"
        case .pdf: "PDF"
        case .postScript: "PostScript"
        case .svg: "SVG or other XML"
        case .netpbm: "netpbm"
        case .pngWithConvertedLineEndings: "damaged PNG"
        case .empty: "empty"
        case .unknown: "unknown"
        }
    }

    /// The PNG file signature, the first eight bytes of every PNG.
    package static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// How many leading bytes ``init(sniffing:)`` looks at; fewer are enough for a
    /// file that is shorter.
    static let sniffLength = 16

    /// Judges what `bytes` are from their first 16 bytes (`sniffLength`); more are ignored.
    ///
    /// A PNG shorter than its signature but starting like it is `.png` (reading it then
    /// says it is truncated). Other formats need their whole magic number.
    public init(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(Self.sniffLength))
        func starts(with prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        func starts(with text: String, at offset: Int = 0) -> Bool {
            starts(with: Array(text.utf8), at: offset)
        }
        if head.isEmpty {
            self = .empty
        } else if head.count < 8, Array(Self.pngSignature.prefix(head.count)) == head {
            self = .png
        } else if starts(with: Self.pngSignature) {
            self = .png
        } else if starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            // "\x89PNG" followed by anything but "\r\n\x1a\n": "\n\x1a\n" after a CRLF → LF
            // conversion, "\r\r\n\x1a\r\n" after LF → CRLF. Either way the data is damaged too.
            self = .pngWithConvertedLineEndings
        } else if starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(with: "RIFF") && starts(with: "WEBP", at: 8) {
            self = .webp
        } else if starts(with: [0x49, 0x49, 0x2A, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || starts(with: [0x49, 0x49, 0x2B, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2B])
        {
            self = .tiff
        } else if starts(with: "GIF87a") || starts(with: "GIF89a") {
            self = .gif
        } else if starts(with: "BM") {
            self = .bmp
        } else if starts(with: "ftyp", at: 4) {
            self = Self.isoMedia(brand: head.count >= 12 ? String(decoding: head[8..<12], as: UTF8.self) : "")
        } else if starts(with: [0xFF, 0x0A]) || starts(with: [0, 0, 0, 0x0C] + Array("JXL ".utf8)) {
            self = .jpegXL
        } else if starts(with: [0, 0, 0, 0x0C] + Array("jP  ".utf8)) || starts(with: [0xFF, 0x4F, 0xFF, 0x51]) {
            self = .jpeg2000
        } else if starts(with: "%PDF") {
            self = .pdf
        } else if starts(with: "%!PS") || starts(with: [0xC5, 0xD0, 0xD3, 0xC6]) {
            self = .postScript
        } else if starts(with: "<?xml") || starts(with: "<svg") || starts(with: [0xEF, 0xBB, 0xBF, 0x3C]) {
            self = .svg
        } else if head.count >= 3, head[0] == UInt8(ascii: "P"),
            (UInt8(ascii: "1")...UInt8(ascii: "7")).contains(head[1]),
            [0x20, 0x09, 0x0A, 0x0D].contains(head[2])
        {
            self = .netpbm
        } else {
            self = .unknown
        }
    }

    /// What an ISO base media file (`ftyp` box) of major brand `brand` holds.
    private static func isoMedia(brand: String) -> ImageFormat {
        switch brand {
        case "heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1": .heif
        case "avif", "avis": .avif
        default: .isoMedia
        }
    }
}
