// QRKit — ImageOrientation: the EXIF/TIFF Orientation tag, read from a JPEG's EXIF block
// and applied so that a picture reads upright, as a person sees it.

/// Where the first stored row and column of a picture are seen: the value (1–8) of the
/// Orientation tag of TIFF and of EXIF (TIFF 6.0, tag 274).
///
/// Cameras store the sensor's rows as they come and record how the phone was held here;
/// viewers turn the picture when showing it. Readers apply it, so that a code's corners
/// are where a person sees them.
public enum ImageOrientation: Int, Sendable, CaseIterable {
    /// Row 0 is the top, column 0 the left: stored as seen.
    case topLeft = 1
    /// Row 0 is the top, column 0 the right: mirrored left to right.
    case topRight = 2
    /// Row 0 is the bottom, column 0 the right: turned half a turn.
    case bottomRight = 3
    /// Row 0 is the bottom, column 0 the left: mirrored top to bottom.
    case bottomLeft = 4
    /// Row 0 is the left, column 0 the top: transposed.
    case leftTop = 5
    /// Row 0 is the right, column 0 the top: to be turned a quarter clockwise.
    case rightTop = 6
    /// Row 0 is the right, column 0 the bottom: transposed across the other diagonal.
    case rightBottom = 7
    /// Row 0 is the left, column 0 the bottom: to be turned a quarter anticlockwise.
    case leftBottom = 8

    /// Whether seeing the picture swaps its width and height.
    public var swapsSides: Bool { rawValue >= 5 }
}

extension GrayImage {
    /// The picture as seen, when it was stored with `orientation`.
    ///
    /// `.topLeft` gives the picture itself; the others a new picture, turned or mirrored,
    /// whose width and height are swapped for `.leftTop` to `.leftBottom`.
    ///
    /// ```swift
    /// let upright = stored.oriented(from: .rightTop)   // turned a quarter clockwise
    /// ```
    public func oriented(from orientation: ImageOrientation) -> GrayImage {
        if orientation == .topLeft { return self }
        let (newWidth, newHeight) = orientation.swapsSides ? (height, width) : (width, height)
        // The stored pixel seen at (x, y) is at origin + x * across + y * down: where the
        // seen picture's top-left corner was stored, and the steps that follow its rows and
        // columns through the stored ones.
        let last = pixelCount - 1
        let (origin, across, down): (Int, Int, Int) =
            switch orientation {
            case .topLeft: (0, 1, width)
            case .topRight: (width - 1, -1, width)
            case .bottomRight: (last, -1, -width)
            case .bottomLeft: (last - (width - 1), 1, -width)
            case .leftTop: (0, width, 1)
            case .rightTop: (last - (width - 1), -width, 1)
            case .rightBottom: (last, -width, -1)
            case .leftBottom: (width - 1, width, -1)
            }
        var out = [UInt8](repeating: 0, count: pixelCount)
        pixels.withUnsafeBufferPointer { stored in
            out.withUnsafeMutableBufferPointer { seen in
                for y in 0..<newHeight {
                    var from = origin + y * down
                    for x in 0..<newWidth {
                        seen[y * newWidth + x] = stored[from]
                        from += across
                    }
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }
}

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
