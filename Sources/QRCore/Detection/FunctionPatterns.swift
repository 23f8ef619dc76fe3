// QRKit — FunctionPatterns: the modules whose shade every QR symbol of a size shares.
/// The modules whose shade every QR symbol of a size shares: the three finder patterns
/// with their separators, the two timing patterns, the alignment patterns and the dark
/// module by the bottom-left finder (ISO/IEC 18004, 6.3). Version information (version 7
/// up) and format information hold data, and are not among them.
package struct FunctionPatterns: Sendable {
    /// Modules a side.
    package let size: Int
    /// The known modules, by index (v × size + u), and whether each is dark.
    package let modules: [(index: Int, isDark: Bool)]

    /// The function patterns of a symbol of `size` modules a side (21, 25, ... 177).
    package init(size: Int) {
        self.size = size
        var shade = [Bool?](repeating: nil, count: size * size)
        func set(_ u: Int, _ v: Int, _ isDark: Bool) {
            guard u >= 0, v >= 0, u < size, v < size else { return }
            shade[v * size + u] = isDark
        }
        for (u0, v0) in [(0, 0), (size - 7, 0), (0, size - 7)] {
            for dv in -1...7 {
                for du in -1...7 {
                    let ring = max(abs(2 * du - 6), abs(2 * dv - 6)) / 2  // 0 centre ... 3 edge, 4 separator
                    set(u0 + du, v0 + dv, ring != 2 && ring != 4)
                }
            }
        }
        for i in 8..<(size - 8) {
            set(i, 6, i % 2 == 0)
            set(6, i, i % 2 == 0)
        }
        let centres = Self.alignmentCentres(size: size)
        for cv in centres {
            for cu in centres {
                // None where a finder is.
                if (cu < 9 && cv < 9) || (cu > size - 10 && cv < 9) || (cu < 9 && cv > size - 10) { continue }
                for dv in -2...2 {
                    for du in -2...2 { set(cu + du, cv + dv, max(abs(du), abs(dv)) != 1) }
                }
            }
        }
        set(8, size - 8, true)
        modules = shade.enumerated().compactMap { index, isDark in isDark.map { (index, $0) } }
    }

    /// The rows (and columns) of the alignment patterns' centres: none for version 1, then
    /// 6 and the others evenly spaced (an even step) up to size - 7, the step of version
    /// 32 being the exception (ISO/IEC 18004, annex E).
    package static func alignmentCentres(size: Int) -> [Int] {
        let version = (size - 17) / 4
        guard version >= 2 else { return [] }
        let count = version / 7 + 2
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centres = [6]
        for k in (0..<(count - 1)).reversed() { centres.append(size - 7 - k * step) }
        return centres
    }
}
