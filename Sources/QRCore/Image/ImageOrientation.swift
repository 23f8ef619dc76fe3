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
