// QRKit — ModuleGrid: where a QR symbol's modules lie in a picture, and the symbol drawn anew
// from them.

/// Where the modules of a QR symbol of `size` × `size` modules lie in a picture: a
/// homography from module coordinates (0...size both ways; module (u, v)'s centre is at
/// u + 0.5, v + 0.5) to pixel coordinates, after a smooth displacement in module
/// coordinates given at a grid of `controls` × `controls` points over the symbol and
/// interpolated bilinearly between them (a free-form mesh).
///
/// One homography is what a flat symbol seen at any angle needs; the mesh follows paper
/// that curves round a cup or is folded across, where no single homography does.
package struct ModuleGrid: Sendable {
    /// Modules a side: 17 + 4 × version.
    package let size: Int
    /// Module coordinates to pixels, after the displacement.
    package var homography: Homography
    /// Control points a side (at least 2: the corners).
    package var controls: Int
    /// The displacement at each control point, row by row, in modules.
    package var displacements: [SIMD2<Double>]

    /// A grid of one homography, with no displacement.
    package init(size: Int, homography: Homography) {
        self.size = size
        self.homography = homography
        controls = 2
        displacements = Array(repeating: .zero, count: 4)
    }

    /// A grid of `controls` × `controls` control points (at least 2) that puts each where
    /// `map` says (module coordinates to pixels), and the points between them
    /// bilinearly: any smooth map of the symbol.
    package init(size: Int, controls: Int, map: (Double, Double) -> SIMD2<Double>) {
        let points = Self.controlPoints(size: size, controls: controls)
        self.init(size: size, controls: controls, points: points.map { map($0.x, $0.y) })
    }

    /// A grid of `controls` × `controls` control points (at least 2) put at `points`, in
    /// the order of ``controlPoints(size:controls:)``.
    package init(size: Int, controls: Int, points: [SIMD2<Double>]) {
        self.size = size
        homography = Homography(matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1])
        self.controls = max(2, controls)
        displacements = zip(points, Self.controlPoints(size: size, controls: controls)).map { $0 - $1 }
    }

    /// Where the control points of a grid of `controls` × `controls` (at least 2) lie, in
    /// module coordinates, row by row.
    package static func controlPoints(size: Int, controls: Int) -> [SIMD2<Double>] {
        let count = max(2, controls)
        let last = Double(count - 1)
        return (0..<(count * count)).map { index in
            SIMD2(Double(index % count) / last * Double(size), Double(index / count) / last * Double(size))
        }
    }

    /// Where the point (`u`, `v`) of module coordinates lies in the picture.
    package func point(_ u: Double, _ v: Double) -> SIMD2<Double> {
        let shifted = SIMD2(u, v) + displacement(u, v)
        return homography.apply(shifted)
    }

    /// The mesh's displacement at (`u`, `v`), interpolated bilinearly between control
    /// points, constant beyond the symbol's edges.
    func displacement(_ u: Double, _ v: Double) -> SIMD2<Double> {
        let last = Double(controls - 1)
        let gu = min(max(u / Double(size) * last, 0), last)
        let gv = min(max(v / Double(size) * last, 0), last)
        let i = min(Int(gu), controls - 2)
        let j = min(Int(gv), controls - 2)
        let tu = gu - Double(i)
        let tv = gv - Double(j)
        let top = displacements[j * controls + i] * (1 - tu) + displacements[j * controls + i + 1] * tu
        let bottom = displacements[(j + 1) * controls + i] * (1 - tu) + displacements[(j + 1) * controls + i + 1] * tu
        return top * (1 - tv) + bottom * tv
    }

    /// The same displacement field given at `count` × `count` control points.
    func refined(to count: Int) -> ModuleGrid {
        var grid = self
        grid.controls = count
        grid.displacements = (0..<(count * count)).map { index in
            let u = Double(index % count) / Double(count - 1) * Double(size)
            let v = Double(index / count) / Double(count - 1) * Double(size)
            return displacement(u, v)
        }
        return grid
    }

    /// The symbol's corners in the picture: top-left, top-right, bottom-right,
    /// bottom-left.
    package var corners: [SIMD2<Double>] {
        let side = Double(size)
        return [point(0, 0), point(side, 0), point(side, side), point(0, side)]
    }
}

extension ModuleGrid {
    /// The symbol drawn anew: each module dark where its sample under this grid is below
    /// its threshold (``ModuleGridFitter/threshold(_:size:)``), `scale` pixels a module,
    /// inside a quiet zone of `quietZone` modules, black on white.
    package func redrawn(from samples: [Float], scale: Int = 4, quietZone: Int = 4) -> GrayImage {
        let threshold = ModuleGridFitter.threshold(samples, size: size)
        let dark = zip(samples, threshold).map { $0 < $1 }
        return Self.drawing(dark, size: size, scale: scale, quietZone: quietZone)
    }

    /// The symbol of `size` × `size` modules, `dark` row by row, drawn black on white,
    /// `scale` pixels a module, inside a quiet zone of `quietZone` modules.
    package static func drawing(_ dark: [Bool], size: Int, scale: Int = 4, quietZone: Int = 4) -> GrayImage {
        let side = (size + 2 * quietZone) * scale
        var pixels = [UInt8](repeating: 255, count: side * side)
        for v in 0..<size {
            for u in 0..<size where dark[v * size + u] {
                let x0 = (quietZone + u) * scale
                let y0 = (quietZone + v) * scale
                for y in y0..<(y0 + scale) {
                    for x in x0..<(x0 + scale) { pixels[y * side + x] = 0 }
                }
            }
        }
        return GrayImage(width: side, height: side, pixels: pixels)
    }
}
