// QRKit — RedrawnSymbol: a symbol drawn anew, flat and clean, from the module grid fitted to a
// picture, and its corners taken back to the picture.

/// A QR symbol drawn anew from a ``ModuleGrid`` fitted to a picture: black modules on
/// white, ``scale`` pixels a module, inside a quiet zone of ``quietZone`` modules.
///
/// An engine reads the drawing as it reads any clean code; its error correction decides
/// whether the modules were sampled right, so a drawing that is wrong in too many places
/// reads as nothing, never as another text. ``pictureCorners(_:)`` takes the corners the
/// engine reports back to the picture.
package struct RedrawnSymbol: Sendable {
    /// The drawing.
    package let picture: GrayImage
    /// The grid, in the coordinates of the picture it was fitted to.
    package let grid: ModuleGrid
    /// Pixels a module in the drawing.
    package let scale: Int
    /// Modules of quiet zone round the drawing's symbol.
    package let quietZone: Int
    /// Pixels of the fitted picture per pixel of the original (more than 1 when the fit
    /// ran on a copy grown for a tiny code).
    package let growth: Double

    /// The symbols `read` finds in the drawing, their corners where they lie in the
    /// original picture.
    package func symbols(readBy read: (GrayImage) throws -> [Symbol]) rethrows -> [Symbol] {
        try read(picture).map { symbol in
            var symbol = symbol
            symbol.corners = pictureCorners(symbol.corners)
            return symbol
        }
    }

    /// Points of the drawing (corners an engine reports) where they lie in the original
    /// picture.
    package func pictureCorners(_ points: [Point]) -> [Point] {
        points.map { point in
            let u = (Double(point.x) - Double(quietZone * scale)) / Double(scale)
            let v = (Double(point.y) - Double(quietZone * scale)) / Double(scale)
            let p = grid.point(u, v) / growth
            return Point(x: Int(p.x.rounded()), y: Int(p.y.rounded()))
        }
    }
}
