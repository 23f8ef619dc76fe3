// QRKit — PixelSampler: a picture's shades read between pixels, where a module grid's fit samples them.
/// A picture's shades as floats, read between pixels by bilinear interpolation, the edges
/// extended: what the module grid's fit samples at module centres that fall anywhere.
package struct PixelSampler: Sendable {
    package let width: Int
    package let height: Int
    package let values: [Float]

    /// - Parameter image: the picture to sample.
    package init(_ image: GrayImage) {
        width = image.width
        height = image.height
        values = image.pixels.map(Float.init)
    }

    /// The shade at (`x`, `y`) in pixel coordinates, where pixel (i, j) covers
    /// i...i+1 × j...j+1 and its value sits at its centre.
    package func value(_ x: Double, _ y: Double) -> Float {
        values.withUnsafeBufferPointer { value($0, x, y) }
    }

    /// The shades at `count` points along a line of a projective map, read from `values`
    /// lent as `pixels`, into `out`: point k is at (x / z, y / z) for (x, y, z) = `start`
    /// + k × `step`, with the step added rather than each point's products made anew.
    @inline(__always)
    func sampleRow(
        _ pixels: UnsafeBufferPointer<Float>, from start: SIMD3<Double>, step: SIMD3<Double>, count: Int,
        into out: UnsafeMutableBufferPointer<Float>
    ) {
        var point = start
        for k in 0..<count {
            let r = 1 / point.z
            out[k] = value(pixels, point.x * r, point.y * r)
            point += step
        }
    }

    /// The shade at (`x`, `y`), read from `values` lent as `pixels`.
    @inline(__always)
    func value(_ pixels: UnsafeBufferPointer<Float>, _ x: Double, _ y: Double) -> Float {
        let fx = min(max(x - 0.5, 0), Double(width - 1))
        let fy = min(max(y - 0.5, 0), Double(height - 1))
        guard fx.isFinite, fy.isFinite else { return pixels[0] }
        // Within the picture, as clamped above: the index arithmetic cannot overflow, so it
        // wraps unchecked (this is the inner loop of every grid fit).
        let x0 = Int(fx)
        let y0 = Int(fy)
        let tx = Float(fx - Double(x0))
        let ty = Float(fy - Double(y0))
        let at = y0 &* width &+ x0
        // The next pixel across and down, or this one again at the picture's edge.
        let across = x0 &+ 1 < width ? 1 : 0
        let down = y0 &+ 1 < height ? width : 0
        let topLeft = pixels[at]
        let bottomLeft = pixels[at &+ down]
        let top = topLeft + (pixels[at &+ across] - topLeft) * tx
        let bottom = bottomLeft + (pixels[at &+ down &+ across] - bottomLeft) * tx
        return top + (bottom - top) * ty
    }
}
