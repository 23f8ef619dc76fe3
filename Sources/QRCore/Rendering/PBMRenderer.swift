// QRKit — PBMRenderer: a symbol as a raw (P4) portable bitmap, one bit per pixel.

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
public struct PBMRenderer: Renderer {
    /// Scale (or target size), margin and colours (black and white only).
    public var options: RenderOptions

    public var formatName: String { "PBM" }
    public var colourSupport: ColourSupport { .blackAndWhite }
    public var drawing: Drawing { .raster }

    /// Makes a renderer.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// Draws `matrix` as a PBM file.
    ///
    /// - Parameter matrix: The symbol.
    /// - Returns: The file's bytes: a square bitmap of `(size + 2 × margin) × scale`
    ///   pixels.
    /// - Throws: what ``RenderOptions/validate()`` throws, `EncodeError.targetSizeTooSmall`,
    ///   `.invalidRenderOption` for colours other than black and white, `.imageTooLarge`.
    public func render(_ matrix: QRMatrix) throws -> [UInt8] {
        let layout = try checkedLayout(for: matrix)
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
