// QRKit — PBMFormat: a symbol as a raw (P4) portable bitmap, one bit per pixel.

/// Renders a symbol as a binary PBM file (netpbm's `P4`): a header, then each row of
/// pixels packed eight to a byte, most significant bit first, 1 for black.
///
/// PBM has only black and white. The colours must be black and white in either order:
/// the default draws dark modules black; swapped colours draw them white on black.
/// Any other colour is refused rather than silently dropped.
///
/// ```swift
/// let pbm = try PBMRenderer(options: RenderOptions(scale: 2)).render(matrix)
/// ```
public enum PBMFormat: RenderFormat {
    public static let traits = FormatTraits("PBM", colourSupport: .blackAndWhite, drawing: .raster)

    /// Draws `matrix` as a PBM file.
    ///
    /// - Parameters:
    ///   - matrix: The symbol.
    ///   - layout: Its margin and scale.
    ///   - options: The checked options.
    /// - Returns: The file's bytes: a square bitmap of `(size + 2 × margin) × scale`
    ///   pixels.
    public static func draw(_ matrix: QRMatrix, in layout: RenderLayout, options: RenderOptions) -> [UInt8] {
        let darkIsBlack = options.foreground == .black
        let side = layout.pixels
        // P4 rows are PNG's 1-bit rows: leftmost pixel in the high bit, 1 for black.
        let (rows, rowBytes) = layout.packedRows(matrix)
        var file = Array("P4\n\(side) \(side)\n".utf8)
        if darkIsBlack {
            return file + rows
        }
        // White modules on black: every bit flipped, but the bits past a row's end kept 0.
        let padding: UInt8 = side % 8 == 0 ? 0 : 0xFF >> (side % 8)
        file.reserveCapacity(file.count + rows.count)
        for (index, byte) in rows.enumerated() {
            file.append(index % rowBytes == rowBytes - 1 ? ~byte & ~padding : ~byte)
        }
        return file
    }
}

/// Draws PBM: ``PBMFormat`` with the options ``FormatRenderer`` holds.
public typealias PBMRenderer = FormatRenderer<PBMFormat>
