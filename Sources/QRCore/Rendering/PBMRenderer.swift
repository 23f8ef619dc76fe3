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
public struct PBMRenderer: Sendable {
    /// Scale (or target size), margin and colours (black and white only).
    public var options: RenderOptions

    /// Makes a renderer.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// Checks the colours this format can draw, before any symbol is made.
    ///
    /// - Throws: `EncodeError.invalidRenderOption` when they are not black and white.
    public func checkColours() throws(EncodeError) {
        _ = try options.blackOnWhite(format: "PBM")
    }

    /// Draws `matrix` as a PBM file.
    ///
    /// - Parameter matrix: The symbol.
    /// - Returns: The file's bytes: a square bitmap of `(size + 2 × margin) × scale`
    ///   pixels.
    /// - Throws: what ``RenderOptions/validate()`` throws, `EncodeError.targetSizeTooSmall`,
    ///   `.invalidRenderOption` for colours other than black and white, `.imageTooLarge`.
    public func render(_ matrix: QRMatrix) throws -> [UInt8] {
        let layout = try options.layout(for: matrix)
        try layout.checkPixelLimit()
        let darkIsBlack = try options.blackOnWhite(format: "PBM")
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
