// QRKit — SymbolLayout: where a QR symbol keeps its format information, version information and codewords.

/// Where a QR symbol of one size keeps what it carries (ISO/IEC 18004, 7.7 to 7.9): the
/// modules of its codewords in placement order, its blocks for each error correction
/// level, its format and version information, and the masks.
///
/// Module indices are v × size + u, u the column and v the row.
package struct SymbolLayout: Sendable {
    /// Modules a side.
    package let size: Int
    /// 1 to 40.
    package let version: Int
    /// The modules of the codewords, in placement order: codeword c is modules 8c to 8c + 7,
    /// most significant bit first; remainder bits follow.
    package let dataModules: [Int]
    /// The function patterns: every module that is neither data nor format or version
    /// information, and its shade.
    package let functionPatterns: FunctionPatterns

    /// The layout of a symbol of `size` modules a side (21, 25, … 177), or nil for another size.
    package init?(size: Int) {
        guard size >= 21, size <= 177, (size - 17) % 4 == 0 else { return nil }
        self.size = size
        version = (size - 17) / 4
        functionPatterns = FunctionPatterns(size: size)
        var reserved = [Bool](repeating: false, count: size * size)
        for (index, _) in functionPatterns.modules { reserved[index] = true }
        let format = Self.formatModules(size: size)
        for index in format.0 + format.1 { reserved[index] = true }
        for index in Self.versionModules(size: size).flatMap({ $0 }) { reserved[index] = true }
        var order: [Int] = []
        var upward = true
        var right = size - 1
        while right > 0 {
            // The vertical timing pattern's column is skipped whole.
            if right == 6 { right = 5 }
            for step in 0..<size {
                let v = upward ? size - 1 - step : step
                for u in [right, right - 1] where !reserved[v * size + u] { order.append(v * size + u) }
            }
            upward.toggle()
            right -= 2
        }
        dataModules = order
    }

    /// Codewords the symbol holds.
    package var codewordCount: Int { dataModules.count / 8 }

    /// The blocks of `level` (0 L, 1 M, 2 Q, 3 H): for each, the positions of its data
    /// codewords and then of its error correction codewords in the symbol's codeword
    /// sequence, which interleaves the blocks (7.6).
    package func blocks(level: Int) -> (blocks: [[Int]], eccCount: Int) {
        let eccTotal = Self.eccCodewords[version - 1][level]
        let count = Self.blockCounts[version - 1][level]
        let data = codewordCount - eccTotal
        let short = data / count
        // The last blocks hold one data codeword more.
        let shortBlocks = count - data % count
        var blocks = [[Int]](repeating: [], count: count)
        var next = 0
        for i in 0...short {
            for k in 0..<count where i < short || k >= shortBlocks {
                blocks[k].append(next)
                next += 1
            }
        }
        let eccCount = eccTotal / count
        for _ in 0..<eccCount {
            for k in 0..<count {
                blocks[k].append(next)
                next += 1
            }
        }
        return (blocks, eccCount)
    }

    /// The symbol's modules, dark true, holding `codewords` (the whole interleaved sequence)
    /// with the format information of `level` and `mask`, masked with `mask`.
    package func modules(codewords: [UInt8], level: Int, mask: Int) -> [Bool] {
        var modules = [Bool](repeating: false, count: size * size)
        for (index, isDark) in functionPatterns.modules { modules[index] = isDark }
        let formatBits = Self.formatBits(level: level, mask: mask)
        let formatModules = Self.formatModules(size: size)
        for copy in [formatModules.0, formatModules.1] {
            for (k, index) in copy.enumerated() { modules[index] = formatBits >> (14 - k) & 1 == 1 }
        }
        let versionBits = Self.versionBits(version)
        for copy in Self.versionModules(size: size) {
            for (k, index) in copy.enumerated() { modules[index] = versionBits >> k & 1 == 1 }
        }
        // Remainder bits past the last codeword are zero before masking.
        for (k, index) in dataModules.enumerated() {
            let bit = k < 8 * codewords.count && codewords[k / 8] >> (7 - k % 8) & 1 == 1
            modules[index] = bit != Self.masks(mask, index % size, index / size)
        }
        return modules
    }

    /// Whether mask `pattern` (0 to 7) flips the module in column `u`, row `v`.
    package static func masks(_ pattern: Int, _ u: Int, _ v: Int) -> Bool {
        switch pattern {
        case 0: return (v + u) % 2 == 0
        case 1: return v % 2 == 0
        case 2: return u % 3 == 0
        case 3: return (v + u) % 3 == 0
        case 4: return (v / 2 + u / 3) % 2 == 0
        case 5: return (v * u) % 2 + (v * u) % 3 == 0
        case 6: return ((v * u) % 2 + (v * u) % 3) % 2 == 0
        default: return ((v + u) % 2 + (v * u) % 3) % 2 == 0
        }
    }

    /// The two copies of the format information's 15 modules, most significant bit first:
    /// round the top-left finder, and split between the other two.
    package static func formatModules(size: Int) -> ([Int], [Int]) {
        let first =
            (0...5).map { 8 * size + $0 } + [8 * size + 7, 8 * size + 8, 7 * size + 8]
            + (0...5).reversed().map { $0 * size + 8 }
        let second =
            ((size - 7)...(size - 1)).reversed().map { $0 * size + 8 } + ((size - 8)..<size).map { 8 * size + $0 }
        return (first, second)
    }

    /// The two copies of the version information's 18 modules (version 7 up, else none),
    /// least significant bit first: above the bottom-left finder, and left of the top-right one.
    package static func versionModules(size: Int) -> [[Int]] {
        guard size >= 45 else { return [] }
        var below: [Int] = []
        var beside: [Int] = []
        for a in 0..<6 {
            for b in 0..<3 {
                below.append((size - 11 + b) * size + a)
                beside.append(a * size + size - 11 + b)
            }
        }
        return [below, beside]
    }

    /// The pattern Model 2 symbols mask their format information with (7.9.1).
    package static let formatMask = 0x5412

    /// The 15 bits of format information for `level` (0 L … 3 H) and `mask`: BCH (15, 5)
    /// coded, then masked with `formatMask` (7.9.1).
    package static func formatBits(level: Int, mask: Int, formatMask: Int = formatMask) -> Int {
        // The level's two bits: L 01, M 00, Q 11, H 10.
        let data = [1, 0, 3, 2][level] << 3 | mask
        return (data << 10 | bchRemainder(data << 10, generator: 0x537, degree: 10)) ^ formatMask
    }

    /// The 18 bits of version information: the version, BCH (18, 6) coded (7.10).
    package static func versionBits(_ version: Int) -> Int {
        version << 12 | bchRemainder(version << 12, generator: 0x1F25, degree: 12)
    }

    /// The level and mask whose format information lies nearest `bits` (both copies as
    /// read), when some lies within 3 bits of one of them (the code corrects 3).
    package static func format(reading copies: [Int]) -> (level: Int, mask: Int)? {
        let best = nearestFormat(copies)
        return best.distance <= 3 ? (best.level, best.mask) : nil
    }

    /// The level and mask whose format information, masked with `formatMask`, lies
    /// nearest one of `copies`, and how many bits apart.
    package static func nearestFormat(_ copies: [Int], formatMask: Int = formatMask) -> (
        level: Int, mask: Int, distance: Int
    ) {
        var best = (level: 0, mask: 0, distance: 16)
        for level in 0..<4 {
            for mask in 0..<8 {
                let code = formatBits(level: level, mask: mask, formatMask: formatMask)
                let distance = copies.map { ($0 ^ code).nonzeroBitCount }.min() ?? 15
                if distance < best.distance { best = (level, mask, distance) }
            }
        }
        return best
    }

    /// The remainder of `value` divided by the polynomial `generator` of `degree` over GF(2).
    private static func bchRemainder(_ value: Int, generator: Int, degree: Int) -> Int {
        var remainder = value
        for bit in stride(from: Int.bitWidth - 2, through: degree, by: -1) where remainder >> bit & 1 == 1 {
            remainder ^= generator << (bit - degree)
        }
        return remainder
    }

    /// Error correction codewords of each version (1 to 40) at L, M, Q and H
    /// (ISO/IEC 18004, table 9).
    static let eccCodewords: [[Int]] = [
        [7, 10, 13, 17], [10, 16, 22, 28], [15, 26, 36, 44], [20, 36, 52, 64], [26, 48, 72, 88],
        [36, 64, 96, 112], [40, 72, 108, 130], [48, 88, 132, 156], [60, 110, 160, 192], [72, 130, 192, 224],
        [80, 150, 224, 264], [96, 176, 260, 308], [104, 198, 288, 352], [120, 216, 320, 384],
        [132, 240, 360, 432], [144, 280, 408, 480], [168, 308, 448, 532], [180, 338, 504, 588],
        [196, 364, 546, 650], [224, 416, 600, 700], [224, 442, 644, 750], [252, 476, 690, 816],
        [270, 504, 750, 900], [300, 560, 810, 960], [312, 588, 870, 1050], [336, 644, 952, 1110],
        [360, 700, 1020, 1200], [390, 728, 1050, 1260], [420, 784, 1140, 1350], [450, 812, 1200, 1440],
        [480, 868, 1290, 1530], [510, 924, 1350, 1620], [540, 980, 1440, 1710], [570, 1036, 1530, 1800],
        [570, 1064, 1590, 1890], [600, 1120, 1680, 1980], [630, 1204, 1770, 2100], [660, 1260, 1860, 2220],
        [720, 1316, 1950, 2310], [750, 1372, 2040, 2430],
    ]

    /// Blocks of each version (1 to 40) at L, M, Q and H (ISO/IEC 18004, table 9).
    static let blockCounts: [[Int]] = [
        [1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 2, 2], [1, 2, 2, 4], [1, 2, 4, 4],
        [2, 4, 4, 4], [2, 4, 6, 5], [2, 4, 6, 6], [2, 5, 8, 8], [4, 5, 8, 8],
        [4, 5, 8, 11], [4, 8, 10, 11], [4, 9, 12, 16], [4, 9, 16, 16], [6, 10, 12, 18],
        [6, 10, 17, 16], [6, 11, 16, 19], [6, 13, 18, 21], [7, 14, 21, 25], [8, 16, 20, 25],
        [8, 17, 23, 25], [9, 17, 23, 34], [9, 18, 25, 30], [10, 20, 27, 32], [12, 21, 29, 35],
        [12, 23, 34, 37], [12, 25, 34, 40], [13, 26, 35, 42], [14, 28, 38, 45], [15, 29, 40, 48],
        [16, 31, 43, 51], [17, 33, 45, 54], [18, 35, 48, 57], [19, 37, 51, 60], [19, 38, 53, 63],
        [20, 40, 56, 66], [21, 43, 59, 70], [22, 45, 62, 74], [24, 47, 65, 77], [25, 49, 68, 81],
    ]
}
