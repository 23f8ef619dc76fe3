// QRKit — Drawing: how a renderer lays a symbol out.

/// How a renderer lays a symbol out.
public enum Drawing: String, Sendable, CaseIterable {
    /// Pixels: `scale` pixels a module, or a target size; bounded by
    /// `RenderOptions.pixelLimit`.
    case raster
    /// Lengths: `scale` pixels at a resolution, or a printed size; no pixel bound.
    case vector
    /// Character cells, one (or two) a module: no scale, no target size.
    case text
}
