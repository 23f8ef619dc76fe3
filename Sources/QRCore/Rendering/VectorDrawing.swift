// QRKit — what the vector and text renderers share: dark modules merged into rectangles
// and the colour checks of formats with few colours (Decimal.swift: numbers as text).

extension QRMatrix {
    /// The dark modules as few rectangles: runs of dark modules along each row, and
    /// identical runs in consecutive rows merged into one taller rectangle.
    ///
    /// - Parameter margin: Added to every coordinate, so they count from the picture's
    ///   corner.
    /// - Returns: Rectangles that cover every dark module exactly once, top to bottom.
    func darkRectangles(margin: Int) -> [ModuleRectangle] {
        var finished: [ModuleRectangle] = []
        // Rectangles that reach the previous row, keyed by their run (start, width).
        var open: [Int: ModuleRectangle] = [:]
        for y in 0..<size {
            var next: [Int: ModuleRectangle] = [:]
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < size && isDark(x: x, y: y) { x += 1 }
                let key = start * (size + 1) + (x - start)
                if var rectangle = open.removeValue(forKey: key) {
                    rectangle.height += 1
                    next[key] = rectangle
                } else {
                    next[key] = ModuleRectangle(x: start + margin, y: y + margin, width: x - start, height: 1)
                }
            }
            finished.append(contentsOf: open.values)
            open = next
        }
        finished.append(contentsOf: open.values)
        return finished.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }
}

extension RenderOptions {
    /// Checks that a format without partial transparency can draw the colours: each is
    /// opaque, or (the background only) fully transparent.
    func requireOpaqueColours(format: String) throws(EncodeError) {
        guard foreground.isOpaque else {
            throw .invalidRenderOption(
                "\(format) cannot draw a translucent foreground (\(foreground)); use an opaque colour")
        }
        guard background.isOpaque || background.alpha == 0 else {
            throw .invalidRenderOption(
                "\(format) has no partial transparency: the background (\(background)) must be opaque or fully transparent (alpha 00)"
            )
        }
    }

    /// For black-and-white formats: whether dark modules are drawn black (true) or
    /// white (false, the colours swapped).
    ///
    /// - Throws: `EncodeError.invalidRenderOption` unless the colours are opaque black
    ///   and white, in either order.
    func blackOnWhite(format: String) throws(EncodeError) -> Bool {
        switch (foreground, background) {
        case (.black, .white): return true
        case (.white, .black): return false
        default:
            throw .invalidRenderOption(
                "\(format) has only black and white: the colours must be 000000 and ffffff (either way round), not \(foreground) on \(background)"
            )
        }
    }
}
