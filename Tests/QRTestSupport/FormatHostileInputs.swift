// QRKit test support — FormatHostileInputs: bad JPEG, WebP, TIFF and GIF files, made from
// the shipped samples (Samples/formats) by cutting and patching them, and the shipped
// bombs (Tests/Fixtures/bombs), each with the error reading it must give.
import Foundation
import QRCorpus
import QRKit

extension HostileInputs {
    /// A file of each format, to cut and damage (all of the same photo).
    public static let jpeg = PackagePaths.sampleBytes("formats/qrcode-3-03.q75.jpg")
    public static let lossyWebP = PackagePaths.sampleBytes("formats/qrcode-3-03.lossy.webp")
    public static let losslessWebP = PackagePaths.sampleBytes("formats/qrcode-3-03.lossless.webp")
    public static let tiff = PackagePaths.sampleBytes("formats/qrcode-3-03.lzw.tif")
    public static let faxTIFF = PackagePaths.sampleBytes("formats/qrcode-3-03.g4.tif")
    public static let gif = PackagePaths.sampleBytes("formats/qrcode-3-03.gif")

    /// The bad files of every format but PNG (BMP and netpbm in BitmapHostileInputs): for each, an empty file under its name, cuts
    /// that lose image data, damage its library refuses, a header declaring a huge
    /// picture, and a bomb (a small, valid file of a picture past the default limit).
    public static let formats: [HostileInput] = jpegInputs + webPInputs + tiffInputs + gifInputs + bitmapInputs

    /// A bomb: the shipped 11000 × 11000 file of `format` (121 megapixels).
    static func bomb(_ fileName: String, _ format: String) -> HostileInput {
        let bytes = Array(FileManager.default.contents(atPath: PackagePaths.fixture("bombs/" + fileName)) ?? Data())
        return HostileInput(
            name: "\(format) bomb: 11000 × 11000 in \(bytes.count) bytes", fileName: fileName, kind: .bytes(bytes)
        ) {
            .tooLarge(file: $0, width: 11_000, height: 11_000, limit: ImageReader.defaultPixelLimit)
        }
    }

    /// An empty file named like `format`.
    static func empty(_ fileName: String) -> HostileInput {
        HostileInput(name: "empty \(fileName)", fileName: fileName, kind: .bytes([])) {
            .unsupportedFormat(file: $0, format: .empty)
        }
    }

    /// `file` cut after each of `cuts` bytes: truncated.
    static func cuts(_ file: [UInt8], at cuts: [Int], name: String, format: ImageFormat, extension suffix: String)
        -> [HostileInput]
    {
        cuts.map { cut in
            HostileInput(
                name: "\(name) cut at byte \(cut) of \(file.count)", fileName: "cut-\(name)-\(cut).\(suffix)",
                kind: .bytes(Array(file.prefix(cut)))
            ) { .truncated(file: $0, format: format) }
        }
    }

    /// `bytes` that the reader of `format` refuses as damaged, saying `reason`.
    static func corrupt(_ name: String, _ fileName: String, _ bytes: [UInt8], _ format: ImageFormat, _ reason: String)
        -> HostileInput
    {
        HostileInput(name: name, fileName: fileName, kind: .bytes(bytes)) {
            .corrupt(file: $0, format: format, reason: reason)
        }
    }

    /// `bytes` whose header claims `width × height` pixels, over the default limit.
    static func huge(_ name: String, _ fileName: String, _ bytes: [UInt8], width: Int, height: Int) -> HostileInput {
        HostileInput(name: name, fileName: fileName, kind: .bytes(bytes)) {
            .tooLarge(file: $0, width: width, height: height, limit: ImageReader.defaultPixelLimit)
        }
    }

    /// `file` with `bytes` written at `offset`.
    public static func patched(_ file: [UInt8], at offset: Int, _ bytes: [UInt8]) -> [UInt8] {
        var out = file
        guard offset >= 0, offset + bytes.count <= out.count else { return out }
        out.replaceSubrange(offset..<offset + bytes.count, with: bytes)
        return out
    }

    static let jpegInputs: [HostileInput] = {
        // The baseline frame header: FF C0, length, precision, height, width.
        let frame = jpeg.indices.first { jpeg[$0] == 0xFF && $0 + 1 < jpeg.count && jpeg[$0 + 1] == 0xC0 } ?? 0
        var inputs = [empty("empty.jpg")]
        // In the first marker, in the frame header, in the scan, and only the final marker lost.
        inputs += cuts(
            jpeg, at: [3, 20, frame + 3, frame + 9, jpeg.count / 2, jpeg.count - 100, jpeg.count - 2],
            name: "JPEG", format: .jpeg, extension: "jpg")
        inputs.append(
            corrupt(
                "JPEG of 7-bit precision", "precision.jpg", patched(jpeg, at: frame + 4, [7]), .jpeg,
                "Unsupported JPEG data precision 7"))
        inputs.append(
            huge(
                "JPEG header claiming 60000 × 60000", "huge-header.jpg",
                patched(jpeg, at: frame + 5, [0xEA, 0x60, 0xEA, 0x60]), width: 60_000, height: 60_000))
        // Damage libjpeg only warns about and decodes past, filling in what it lost: the
        // picture is refused with libjpeg's words, not read as a picture without a code.
        let scan = JPEGBytes.scanStart(jpeg) ?? jpeg.count
        let middle = scan + (jpeg.count - scan) / 2
        inputs.append(
            corrupt(
                "JPEG cut in its scan, then its end marker", "cut-scan.jpg", Array(jpeg.prefix(middle)) + [0xFF, 0xD9],
                .jpeg, "premature end of data segment"))
        inputs.append(
            corrupt(
                "JPEG with 256 random bytes in its scan", "corrupt-scan.jpg",
                patched(jpeg, at: middle, JPEGBytes.entropyNoise(256, seed: 1)), .jpeg,
                "13 extraneous bytes before marker 0xd9"))
        inputs.append(bomb("bomb.jpg", "JPEG"))
        return inputs
    }()

    static let webPInputs: [HostileInput] = {
        var inputs = [empty("empty.webp")]
        // RIFF header, chunk header, frame header, data, and the last byte.
        for (file, name) in [(lossyWebP, "lossy-WebP"), (losslessWebP, "lossless-WebP")] {
            inputs += cuts(
                file, at: [12, 20, 30, file.count / 2, file.count - 1], name: name, format: .webp, extension: "webp")
        }
        // The lossy frame's start code (9D 01 2A, bytes 23–25), and the lossless signature (2F, byte 20).
        inputs.append(
            corrupt(
                "lossy WebP without its start code", "start-code.webp", patched(lossyWebP, at: 23, [0, 0, 0]), .webp,
                "bitstream error"))
        inputs.append(
            corrupt(
                "lossless WebP without its signature", "signature.webp", patched(losslessWebP, at: 20, [0]), .webp,
                "bitstream error"))
        // The lossy frame header's 14-bit sides, little-endian at bytes 26–29: 16383 each.
        inputs.append(
            huge(
                "WebP header claiming 16383 × 16383", "huge-header.webp",
                patched(lossyWebP, at: 26, [0xFF, 0x3F, 0xFF, 0x3F]), width: 16_383, height: 16_383))
        // Random bits early in the first partition, where the count of token partitions is:
        // their sizes then claim more than the file holds, though it is whole (libwebp's
        // status 5, "suspended").
        inputs.append(
            corrupt(
                "lossy WebP with random bits in its frame header", "vp8-bits.webp",
                patched(lossyWebP, at: 33, JPEGBytes.entropyNoise(3, seed: 1)), .webp, "not enough data"))
        inputs.append(bomb("bomb.webp", "WebP"))
        return inputs
    }()

    static let tiffInputs: [HostileInput] = {
        let directory = TIFFBytes.firstDirectory(tiff) ?? 0
        var inputs = [empty("empty.tif")]
        // In the header, in the strips (the directory after them is lost), at and in the directory.
        inputs += cuts(
            tiff, at: [8, directory / 2, directory, directory + 5, directory + 40],
            name: "TIFF", format: .tiff, extension: "tif")
        inputs.append(
            corrupt(
                "TIFF of compression 12345", "compression.tif", TIFFBytes.settingShort(tiff, tag: 259, to: 12_345),
                .tiff, "Compression scheme 12345 strip decoding is not implemented"))
        inputs.append(
            corrupt(
                "TIFF of 3-bit samples", "bits.tif", TIFFBytes.settingShort(tiff, tag: 258, to: 3), .tiff,
                "Sorry, can not handle images with 3-bit samples"))
        inputs.append(
            huge(
                "TIFF directory claiming 60000 × 60000", "huge-header.tif",
                TIFFBytes.settingShort(TIFFBytes.settingShort(tiff, tag: 256, to: 60_000), tag: 257, to: 60_000),
                width: 60_000, height: 60_000))
        inputs.append(
            corrupt(
                "TIFF of 65535 samples a pixel", "samples.tif", TIFFBytes.settingShort(tiff, tag: 277, to: 65_535),
                .tiff, "unsupported samples per pixel: 65535"))
        // CCITT G4 data libtiff decodes past, reporting damage but returning the strip.
        if let strip = TIFFBytes.firstStrip(faxTIFF) {
            inputs.append(
                corrupt(
                    "G4 TIFF of random data", "g4-garbage.tif",
                    patched(faxTIFF, at: strip.offset, JPEGBytes.entropyNoise(strip.count, seed: 4)), .tiff,
                    "Line length mismatch at line 8 of strip 0 (got 160, expected 159)"))
            inputs.append(
                corrupt(
                    "G4 TIFF whose strip is said to be shorter than it is", "g4-short.tif",
                    TIFFBytes.settingLong(faxTIFF, tag: 279, to: strip.count / 2), .tiff,
                    "Premature EOF at line 71 of strip 0 (x 60)"))
        }
        inputs.append(bomb("bomb.tif", "TIFF"))
        return inputs
    }()

    static let gifInputs: [HostileInput] = {
        let image = GIFBytes.firstImageDescriptor(gif) ?? 0
        var inputs = [empty("empty.gif")]
        // In the signature's version, the screen, the colour table, at and in the image
        // descriptor, in the pixels, and all but the trailer's last data byte.
        inputs += cuts(
            gif, at: [6, 10, 13, image, image + 5, image + 12, gif.count / 2, gif.count - 2],
            name: "GIF", format: .gif, extension: "gif")
        inputs.append(
            corrupt(
                "GIF with a bad record type", "record.gif", patched(gif, at: image, [0x99]), .gif,
                "Wrong record type detected"))
        // LZW codes past the table: giflib stops.
        inputs.append(
            corrupt(
                "GIF with damaged LZW codes", "lzw.gif",
                patched(gif, at: image + 11, [UInt8](repeating: 0xFF, count: 9)), .gif,
                "Image is defective, decoding aborted"))
        inputs.append(
            huge(
                "GIF screen claiming 65535 × 65535", "huge-header.gif", patched(gif, at: 6, [0xFF, 0xFF, 0xFF, 0xFF]),
                width: 65_535, height: 65_535))
        // The LZW minimum code size, after the descriptor's 10 bytes (this GIF has no local
        // colour table): GIF allows at most 8.
        inputs.append(
            corrupt(
                "GIF of LZW code size 255", "code-size.gif", patched(gif, at: image + 10, [255]), .gif,
                "invalid LZW code size: 255"))
        inputs.append(bomb("bomb.gif", "GIF"))
        return inputs
    }()
}

/// Finding and patching the fields of a TIFF's first directory.
public enum TIFFBytes {
    /// Whether `file` is little-endian (`II`).
    static func littleEndian(_ file: [UInt8]) -> Bool { file.starts(with: [0x49, 0x49]) }

    static func number(_ file: [UInt8], at offset: Int, size: Int) -> Int {
        let field = file[offset..<offset + size]
        return (littleEndian(file) ? Array(field.reversed()) : Array(field)).reduce(0) { $0 << 8 | Int($1) }
    }

    /// The offset of the first directory.
    public static func firstDirectory(_ file: [UInt8]) -> Int? {
        guard file.count >= 8 else { return nil }
        return number(file, at: 4, size: 4)
    }

    /// The offset and byte count of the first strip of the first directory, when each is
    /// one value held in its entry.
    public static func firstStrip(_ file: [UInt8]) -> (offset: Int, count: Int)? {
        guard let offset = value(file, tag: 273), let count = value(file, tag: 279) else { return nil }
        return offset + count <= file.count ? (offset, count) : nil
    }

    /// The value of `tag` in the first directory, when it is one SHORT or LONG.
    static func value(_ file: [UInt8], tag: Int) -> Int? {
        guard let entry = entry(file, tag: tag), number(file, at: entry + 4, size: 4) == 1 else { return nil }
        switch number(file, at: entry + 2, size: 2) {
        case 3: return number(file, at: entry + 8, size: 2)
        case 4: return number(file, at: entry + 8, size: 4)
        default: return nil
        }
    }

    /// The offset of `tag`'s entry in the first directory.
    static func entry(_ file: [UInt8], tag: Int) -> Int? {
        guard let directory = firstDirectory(file), directory + 2 <= file.count else { return nil }
        for index in 0..<number(file, at: directory, size: 2) {
            let entry = directory + 2 + 12 * index
            guard entry + 12 <= file.count else { break }
            if number(file, at: entry, size: 2) == tag { return entry }
        }
        return nil
    }

    /// `file` with the LONG value of `tag` in its first directory set to `value`.
    public static func settingLong(_ file: [UInt8], tag: Int, to value: Int) -> [UInt8] {
        guard let entry = entry(file, tag: tag) else { return file }
        var out = file
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * (3 - $0))) }
        out.replaceSubrange(entry + 8..<entry + 12, with: littleEndian(file) ? bytes.reversed() : bytes)
        return out
    }

    /// `file` with the SHORT value of `tag` in its first directory set to `value`.
    public static func settingShort(_ file: [UInt8], tag: Int, to value: Int) -> [UInt8] {
        guard let directory = firstDirectory(file), directory + 2 <= file.count else { return file }
        var out = file
        for index in 0..<number(file, at: directory, size: 2) {
            let entry = directory + 2 + 12 * index
            guard entry + 12 <= file.count else { break }
            if number(file, at: entry, size: 2) == tag {
                let bytes = [UInt8(value >> 8), UInt8(value & 0xFF)]
                out.replaceSubrange(entry + 8..<entry + 10, with: littleEndian(file) ? bytes.reversed() : bytes)
            }
        }
        return out
    }
}

/// Finding the parts of a GIF.
public enum GIFBytes {
    /// The offset of the first image descriptor (its `,`), past the header, the global
    /// colour table and any extensions.
    public static func firstImageDescriptor(_ file: [UInt8]) -> Int? {
        guard file.count > 13 else { return nil }
        let flags = file[10]
        var offset = 13 + (flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0)
        while offset + 2 < file.count, file[offset] == 0x21 {
            offset += 2
            while offset < file.count, file[offset] != 0 { offset += Int(file[offset]) + 1 }
            offset += 1
        }
        return offset < file.count && file[offset] == 0x2C ? offset : nil
    }
}

/// Finding and damaging the parts of a JPEG.
public enum JPEGBytes {
    /// The offset of the first scan's entropy-coded data: just past its SOS segment.
    public static func scanStart(_ file: [UInt8]) -> Int? {
        var offset = 2
        while offset + 4 <= file.count, file[offset] == 0xFF {
            let marker = file[offset + 1]
            let length = Int(file[offset + 2]) << 8 | Int(file[offset + 3])
            if marker == 0xDA { return offset + 2 + length }
            offset += 2 + length
        }
        return nil
    }

    /// `count` random bytes from `seed`, without 0xFF: dropped into entropy-coded data,
    /// they make no marker, only damage.
    public static func entropyNoise(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return random.bytes(count).map { min($0, 0xFE) }
    }
}
