// QRKit — EXIF: the Orientation tag found in a JPEG's EXIF block.
/// Reads the Orientation tag from EXIF metadata, bounded by the bytes given: no offset
/// is followed outside them, and no loop runs longer than the data.
package enum EXIF {
    /// The orientation a JPEG's EXIF block (an APP1 segment starting `Exif\0\0`, before
    /// the first scan) records, or nil when it has none or it cannot be read.
    package static func orientation(inJPEG data: [UInt8]) -> ImageOrientation? {
        guard data.count >= 4, data[0] == 0xFF, data[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= data.count {
            guard data[offset] == 0xFF else { return nil }
            let marker = data[offset + 1]
            // Fill bytes before a marker, and markers that stand alone (SOI, TEM, RSTn).
            if marker == 0xFF || marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += marker == 0xFF ? 1 : 2
                continue
            }
            // The first scan or the end: metadata comes before them.
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(data[offset + 2]) << 8 | Int(data[offset + 3])
            guard length >= 2, offset + 2 + length <= data.count else { return nil }
            let body = data[(offset + 4)..<(offset + 2 + length)]
            if marker == 0xE1, body.starts(with: Array("Exif\0\0".utf8)) {
                return orientation(inTIFF: body.dropFirst(6))
            }
            offset += 2 + length
        }
        return nil
    }

    /// The orientation in the first IFD of TIFF-structured metadata (EXIF's body: a
    /// byte-order mark, 42, and the offset of IFD0), or nil.
    package static func orientation(inTIFF tiff: ArraySlice<UInt8>) -> ImageOrientation? {
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func number(at offset: Int, size: Int) -> Int? {
            guard offset >= 0, offset + size <= bytes.count else { return nil }
            let field = bytes[offset..<offset + size]
            return (littleEndian ? field.reversed() : Array(field)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard number(at: 2, size: 2) == 42, let directory = number(at: 4, size: 4),
            let count = number(at: directory, size: 2)
        else { return nil }
        for entry in 0..<count {
            let at = directory + 2 + 12 * entry
            guard let tag = number(at: at, size: 2), let type = number(at: at + 2, size: 2) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT, as the standard says; some writers use LONG. The value sits in the
            // entry's first bytes.
            let value = type == 3 ? number(at: at + 8, size: 2) : type == 4 ? number(at: at + 8, size: 4) : nil
            return value.flatMap(ImageOrientation.init(rawValue:))
        }
        return nil
    }
}
