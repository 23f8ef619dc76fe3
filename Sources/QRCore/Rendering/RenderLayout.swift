// QRKit — RenderLayout: margin and scale resolved for one matrix.

/// Margin and scale resolved for one matrix: what a ``RenderFormat`` draws in, once
/// ``FormatRenderer`` has checked the options.
public struct RenderLayout: Sendable {
    /// Quiet zone in modules on each side.
    public let margin: Int
    /// Pixels per module.
    public let scale: Int
    /// Modules per side including both margins.
    public let modules: Int
    /// Pixels added to the quiet zone before the modules (left and top) and after them
    /// (right and bottom), so that a target size is met exactly.
    public let padding: (before: Int, after: Int)

    package init(margin: Int, scale: Int, modules: Int, padding: (before: Int, after: Int) = (0, 0)) {
        self.margin = margin
        self.scale = scale
        self.modules = modules
        self.padding = padding
    }

    /// Pixels per side.
    public var pixels: Int { modules * scale + padding.before + padding.after }
    /// Pixels from the left (or top) edge to the symbol's first module.
    public var origin: Int { margin * scale + padding.before }

    /// Throws when the picture would exceed `RenderOptions.pixelLimit`.
    package func checkPixelLimit() throws {
        guard pixels * pixels <= RenderOptions.pixelLimit else {
            throw EncodeError.imageTooLarge(width: pixels, height: pixels, limit: RenderOptions.pixelLimit)
        }
    }

    /// One bit per pixel, 1 for dark modules: rows of `rowBytes` bytes, leftmost pixel in
    /// the high bit, as a 1-bit PNG stores them.
    ///
    /// - Parameter matrix: The symbol.
    /// - Returns: The rows, top first, and the bytes a row takes.
    public func packedRows(_ matrix: QRMatrix) -> (rows: [UInt8], rowBytes: Int) {
        let side = pixels
        let rowBytes = (side + 7) / 8
        var rows = [UInt8](repeating: 0, count: rowBytes * side)
        var row = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<matrix.size {
            for index in row.indices { row[index] = 0 }
            for x in 0..<matrix.size where matrix.isDark(x: x, y: y) {
                let start = origin + x * scale
                for pixel in start..<(start + scale) { row[pixel >> 3] |= 0x80 >> UInt8(pixel & 7) }
            }
            let top = origin + y * scale
            for line in top..<(top + scale) {
                rows.replaceSubrange((line * rowBytes)..<((line + 1) * rowBytes), with: row)
            }
        }
        return (rows, rowBytes)
    }

    /// One byte per pixel, row-major: `dark` for dark modules, `light` elsewhere.
    ///
    /// - Parameters:
    ///   - matrix: The symbol.
    ///   - dark: The byte of a dark module's pixels.
    ///   - light: The byte of a light module's and the quiet zone's pixels.
    /// - Returns: `pixels × pixels` bytes, top-left first.
    public func rasterize(_ matrix: QRMatrix, dark: UInt8, light: UInt8) -> [UInt8] {
        let side = pixels
        let symbolPixels = matrix.size * scale
        var result: [UInt8] = []
        result.reserveCapacity(side * side)
        let lightRow = [UInt8](repeating: light, count: side)
        for _ in 0..<origin { result.append(contentsOf: lightRow) }
        var row = lightRow
        for y in 0..<matrix.size {
            for x in 0..<matrix.size {
                let value = matrix.isDark(x: x, y: y) ? dark : light
                let start = origin + x * scale
                for offset in start..<(start + scale) { row[offset] = value }
            }
            for _ in 0..<scale { result.append(contentsOf: row) }
        }
        for _ in 0..<(side - origin - symbolPixels) { result.append(contentsOf: lightRow) }
        return result
    }
}
