// QRKit — Model1Layout: where a QR Model 1 symbol keeps its codewords, and how it splits them
// into blocks.

/// Where a QR Model 1 symbol keeps its codewords (ISO/IEC 18004:2000, annex M). Model 1 is
/// the first QR code, versions 1 to 14: the same finders, timing patterns, masks and format
/// information modules as Model 2 (the format information masked with another pattern),
/// but no alignment patterns (extension patterns along the right and bottom edges
/// instead), no version information, and codewords placed in blocks of 2 × 4 or 4 × 2
/// modules rather than two columns snaking up and down.
///
/// Module indices are v × size + u, u the column and v the row.
package struct Model1Layout: Sendable {
    /// Modules a side.
    package let size: Int
    /// 1 to 14.
    package let version: Int
    /// The modules of the codewords in placement order: codeword c is modules 8c to 8c + 7,
    /// most significant bit first.
    package let codewordModules: [Int]

    /// The pattern Model 1 symbols mask their format information with.
    package static let formatMask = 0x2825

    /// The layout of a Model 1 symbol of `size` modules a side (21, 25, … 73), or nil for
    /// another size.
    package init?(size: Int) {
        guard size >= 21, size <= 73, (size - 17) % 4 == 0 else { return nil }
        self.size = size
        version = (size - 17) / 4
        var order: [Int] = []
        // A block of `width` × (8 / `width`) modules whose bottom-right module is (`u`, `v`):
        // its most significant bit there, then leftwards along the row, then the rows above.
        func block(width: Int, _ u: Int, _ v: Int) {
            for b in 0..<8 { order.append((v - b / width) * size + u - b % width) }
        }
        // Two pairs of columns at the right edge, blocks of 2 × 4 from the bottom up to
        // the top-right finder's format information; in the outer pair, every other block
        // between the first and the last is an extension pattern.
        let tall = (size - 8) / 4
        for pair in 0..<2 {
            for k in 0..<tall where pair == 1 || k % 2 == 1 || k == 0 || k == tall - 1 {
                block(width: 2, size - 1 - 2 * pair, size - 1 - 4 * k)
            }
        }
        // Strips four columns wide, right to left as far as column 9, each in blocks of
        // 4 × 2 from the bottom up, over the horizontal timing pattern's row. The first
        // strip stops below the top-right finder; the bottom block of every other strip
        // but the last is an extension pattern.
        let strips = version + 1
        let rows = size / 2
        for strip in 0..<strips {
            for k in 0..<rows {
                if strip == 0, k >= rows - 4 { continue }
                if k == 0, strip % 2 == 1, strip != strips - 1 { continue }
                block(width: 4, size - 5 - 4 * strip, size - 1 - 2 * k - (k >= rows - 3 ? 1 : 0))
            }
        }
        // Pairs of columns between the left finders, blocks of 2 × 4 from the bottom up,
        // the vertical timing pattern's column passed over.
        for right in [8, 5, 3, 1] {
            for k in 0..<version { block(width: 2, right, size - 9 - 4 * k) }
        }
        codewordModules = order
    }

    /// Codewords the symbol holds.
    package var codewordCount: Int { codewordModules.count / 8 }

    /// The blocks of `level` (0 L, 1 M, 2 Q, 3 H): for each, the positions of its data
    /// codewords and then of its error correction codewords in the symbol's codeword
    /// sequence. Unlike Model 2's, the blocks are not interleaved: the data codewords of
    /// each block in turn, then the check codewords of each. Codewords past the blocks are
    /// left unused.
    package func blocks(level: Int) -> (blocks: [[Int]], eccCount: Int, dataCount: Int) {
        let (count, ecc, data) = Self.blockTable[version - 1][level]
        let blocks = (0..<count).map { k in
            Array((k * data)..<((k + 1) * data)) + Array((count * data + k * ecc)..<(count * data + (k + 1) * ecc))
        }
        return (blocks, ecc, count * data)
    }

    /// Each version's blocks (1 to 14) at L, M, Q and H: how many, and their error
    /// correction and data codewords (ISO/IEC 18004:2000, annex M, tables M.2 and M.4).
    static let blockTable: [[(count: Int, ecc: Int, data: Int)]] = [
        [(1, 7, 19), (1, 10, 16), (1, 13, 13), (1, 17, 9)],
        [(1, 10, 36), (1, 16, 30), (1, 22, 24), (1, 30, 16)],
        [(1, 15, 57), (1, 28, 44), (1, 36, 36), (1, 48, 24)],
        [(1, 20, 80), (1, 40, 60), (1, 50, 50), (1, 66, 34)],
        [(1, 26, 108), (1, 52, 82), (1, 66, 68), (2, 44, 23)],
        [(1, 34, 136), (2, 32, 53), (2, 42, 43), (2, 56, 29)],
        [(1, 42, 170), (2, 40, 66), (2, 52, 54), (3, 46, 24)],
        [(2, 24, 104), (2, 48, 80), (2, 64, 64), (3, 56, 29)],
        [(2, 30, 123), (2, 60, 93), (3, 50, 52), (3, 68, 34)],
        [(2, 34, 145), (2, 68, 111), (3, 58, 61), (4, 58, 31)],
        [(2, 40, 168), (4, 40, 64), (4, 52, 52), (5, 54, 29)],
        [(2, 46, 192), (4, 46, 73), (4, 58, 61), (5, 62, 33)],
        [(3, 36, 144), (4, 52, 83), (4, 66, 69), (6, 58, 32)],
        [(3, 40, 163), (4, 60, 92), (5, 60, 62), (6, 66, 35)],
    ]

    /// Whether `dark` (row by row) lacks the alignment pattern a Model 2 symbol of its size
    /// has nearest its bottom-right corner (a dark ring round a light ring round a dark
    /// module, centred 7 modules in from the corner): four or more of its 25 modules differ.
    /// A version 1 symbol has none either way.
    package static func lacksAlignmentPattern(_ dark: [Bool], size: Int) -> Bool {
        guard size >= 25 else { return true }
        let centre = size - 7
        var differing = 0
        for dv in -2...2 {
            for du in -2...2 {
                let ring = max(abs(du), abs(dv))
                if dark[(centre + dv) * size + centre + du] != (ring != 1) { differing += 1 }
            }
        }
        return differing >= 4
    }
}
