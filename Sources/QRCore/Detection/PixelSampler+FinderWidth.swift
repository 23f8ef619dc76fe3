// QRKit — PixelSampler+FinderWidth: how wide a finder pattern is along a direction, read between pixels.
extension PixelSampler {
    /// The width, in pixels, of the finder pattern centred at `centre` along `direction`:
    /// from the outer edge of its dark ring on one side to that on the other, found by
    /// walking out from the centre (dark core, light ring, dark ring, then light) in
    /// half-pixel steps against a threshold halfway between the darkest and lightest shade
    /// within five modules (`module` pixels each); nil when the walk does not find that
    /// order within five modules either side.
    package func finderWidth(at centre: SIMD2<Double>, along direction: SIMD2<Double>, module: Double) -> Double? {
        let length = (direction * direction).sum().squareRoot()
        guard length > 0, module > 0 else { return nil }
        let unit = direction / length
        let reach = Int((10 * module).rounded(.up))  // five modules, in half pixels
        let line = (-reach...reach).map { k -> Float in
            let p = centre + unit * (Double(k) / 2)
            return value(p.x, p.y)
        }
        guard let low = line.min(), let high = line.max(), high - low > 20 else { return nil }
        let threshold = (low + high) / 2
        // From the centre outwards: dark, light, dark, then the first light step is the edge.
        func edge(_ step: Int) -> Double? {
            var phase = 0
            var k = reach
            while k >= 0, k < line.count {
                let isDark = line[k] < threshold
                if phase % 2 == 0 ? !isDark : isDark { phase += 1 }
                if phase == 3 { return Double(abs(k - reach)) / 2 }
                k += step
            }
            return nil
        }
        guard let before = edge(-1), let after = edge(1) else { return nil }
        return before + after
    }
}
