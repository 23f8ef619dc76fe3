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
        let pixels = layout.rasterize(matrix, dark: darkIsBlack ? 1 : 0, light: darkIsBlack ? 0 : 1)
        var file = Array("P4\n\(side) \(side)\n".utf8)
        let rowBytes = (side + 7) / 8
        file.reserveCapacity(file.count + rowBytes * side)
        for y in 0..<side {
            var byte: UInt8 = 0
            for x in 0..<side {
                byte = byte << 1 | pixels[y * side + x]
                if x % 8 == 7 {
                    file.append(byte)
                    byte = 0
                }
            }
            if side % 8 != 0 { file.append(byte << (8 - side % 8)) }
        }
        return file
    }
}
