// QRCorpus — SurfaceGeometry: a code's plane tilted, wrapped round a cylinder or folded, and
// seen by a pinhole camera.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import QRKit

/// A symbol of `side` modules (with its quiet zone) on a bent surface, seen by a camera:
/// ``map(_:_:)`` takes a point of the symbol (module coordinates, 0...side) to the picture,
/// in modules, the symbol's centre at the origin.
struct SurfaceGeometry {
    /// How the surface bends, across a line through the code (the axis).
    enum Shape {
        /// Wrapped round a cylinder of this radius, in modules, its axis along the line.
        case cylinder(radius: Double)
        /// Flat up to a crease along the line, this many modules from the centre; beyond
        /// it, turned by `angle` radians (positive: away from the camera).
        case fold(at: Double, angle: Double)
    }

    let side: Double
    let shape: Shape
    /// The direction of the axis in the symbol's plane, in radians from its rows.
    let axis: Double
    /// The camera's tilt about the picture's horizontal axis, in radians.
    let cameraTilt: Double
    /// From the camera to the symbol's centre, in modules.
    let distance: Double
    /// A turn in the picture's plane, in radians.
    let turn: Double

    /// Where the symbol's point (`u`, `v`) lands, in modules from the picture's centre of
    /// the symbol.
    func map(_ u: Double, _ v: Double) -> SIMD2<Double> {
        let s = u - side / 2
        let t = v - side / 2
        // Across the axis (`across`) and along it (`along`).
        let across = s * cos(axis) + t * sin(axis)
        let along = -s * sin(axis) + t * cos(axis)
        var bentAcross = across
        var depth = 0.0
        switch shape {
        case .cylinder(let radius):
            bentAcross = radius * sin(across / radius)
            depth = radius * (1 - cos(across / radius))
        case .fold(let crease, let angle):
            if across > crease {
                bentAcross = crease + (across - crease) * cos(angle)
                depth = (across - crease) * sin(angle)
            }
        }
        let turned = Self.rotated(SIMD2(bentAcross, along), by: axis)
        let x = turned.x
        let y = turned.y
        let tiltedY = y * cos(cameraTilt) - depth * sin(cameraTilt)
        let tiltedDepth = y * sin(cameraTilt) + depth * cos(cameraTilt)
        let k = distance / (distance + tiltedDepth)
        let px = x * k
        let py = tiltedY * k
        return Self.rotated(SIMD2(px, py), by: turn)
    }

    /// `point` turned by `angle` radians about the origin, from the x axis towards the y axis.
    static func rotated(_ point: SIMD2<Double>, by angle: Double) -> SIMD2<Double> {
        SIMD2(point.x * cos(angle) - point.y * sin(angle), point.x * sin(angle) + point.y * cos(angle))
    }

    /// `point`, in a plane through the origin, after the plane is turned by `tilt` radians
    /// about the line through the origin at `axis` radians from the x axis and seen by a
    /// pinhole camera `distance` away on the z axis: the side turned towards the camera
    /// grows, the other shrinks (Rodrigues' rotation, then the projection).
    static func tilted(_ point: SIMD2<Double>, by tilt: Double, about axis: Double, seenFrom distance: Double)
        -> SIMD2<Double>
    {
        let k = SIMD2(cos(axis), sin(axis))
        let along = k.x * point.x + k.y * point.y
        let rotated = point * cos(tilt) + k * (along * (1 - cos(tilt)))
        let depth = (k.x * point.y - k.y * point.x) * sin(tilt)
        return rotated * (distance / (distance + depth))
    }

    /// A random place inside `box` (x, y, width, height) for a shape drawn around the
    /// origin through `points`: the offset to add, after scaling by `scale` (below 1 only
    /// when the shape is larger than the box).
    static func placement(
        of points: [SIMD2<Double>], within box: (Double, Double, Double, Double), random: inout SplitMix64
    ) -> (offset: SIMD2<Double>, scale: Double) {
        let (bx, by, bw, bh) = box
        let low = SIMD2(points.map(\.x).min()!, points.map(\.y).min()!)
        let high = SIMD2(points.map(\.x).max()!, points.map(\.y).max()!)
        let extent = high - low
        let scale = min(1, 0.98 * bw / max(extent.x, 1e-9), 0.98 * bh / max(extent.y, 1e-9))
        let (lowX, highX) = (bx - low.x * scale, bx + bw - high.x * scale)
        let (lowY, highY) = (by - low.y * scale, by + bh - high.y * scale)
        let x = lowX < highX ? random.double(in: lowX...highX) : (lowX + highX) / 2
        let y = lowY < highY ? random.double(in: lowY...highY) : (lowY + highY) / 2
        return (SIMD2(x, y), scale)
    }
}
