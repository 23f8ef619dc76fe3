// QRKit — SymbolRepair: a sampled symbol's codewords corrected, with erasures where the picture is unreadable,
// and the symbol drawn anew from them.

/// A QR symbol's codewords read from its modules as sampled, corrected block by block with
/// Reed–Solomon, the codewords of modules the picture does not show (``doubts(_:grid:width:height:)``)
/// given as erasures, and the symbol's modules made anew from the corrected codewords. A
/// block with more such codewords than it can take is tried again with those of the
/// damage's rim (``Doubt/rim``) as unknown errors instead: the rim is where a module is
/// partly covered, and may still read right.
///
/// An engine then reads the clean symbol and parses its data: only the error correction
/// is done here, which the engines do without erasures. Each block keeps two check
/// codewords to spare (``reserve(version:level:)``), so that a symbol damaged past what it can correct is
/// reported as such rather than corrected into another.
package struct SymbolRepair: Sendable {
    /// The symbol as corrected, dark modules true, row by row.
    package let modules: [Bool]
    /// Its level (0 L, 1 M, 2 Q, 3 H) and mask, as its format information says.
    package let level: Int
    package let mask: Int
    /// Codewords given as erasures, and codewords changed by the correction.
    package let erasures: Int
    package let changed: Int

    /// Check codewords each block keeps beyond those its errors and erasures use: two, or
    /// the standard's own misdecode protection where it asks for more (ISO/IEC 18004,
    /// table 9: three for 1-L).
    package static func reserve(version: Int, level: Int) -> Int { version == 1 && level == 0 ? 3 : 2 }

    /// How far a module's sample is to be trusted.
    package enum Doubt: UInt8, Sendable, Comparable {
        /// Read as sampled.
        case none
        /// Next to an unreadable module: on the rim of the damage.
        case rim
        /// Outside the picture, too near its threshold, or amid a flat patch.
        case unreadable

        package static func < (a: Doubt, b: Doubt) -> Bool { a.rawValue < b.rawValue }
    }

    /// Repairs the symbol of `size` modules a side whose module samples are `samples` (row by
    /// row; dark below ``ModuleGridFitter/threshold(_:size:)``), `doubts` saying which
    /// modules the picture does not show. Nil when its format information cannot be read or
    /// a block is past correcting.
    package init?(samples: [Float], size: Int, doubts: [Doubt]) {
        guard let layout = SymbolLayout(size: size), samples.count == size * size, doubts.count == size * size
        else { return nil }
        let dark = Self.darkModules(samples, size: size)
        guard let format = SymbolLayout.format(reading: Self.formatCopies(dark, size: size)) else { return nil }
        var (codewords, doubt) = Self.codewords(
            dark, doubts, modules: layout.dataModules, count: layout.codewordCount, size: size, mask: format.mask)
        let (blocks, eccCount) = layout.blocks(level: format.level)
        let reserve = Self.reserve(version: layout.version, level: format.level)
        guard
            let (changed, erasedCount) = Self.correct(
                &codewords, doubt, blocks: blocks, eccCount: eccCount, reserve: reserve)
        else { return nil }
        modules = layout.modules(codewords: codewords, level: format.level, mask: format.mask)
        level = format.level
        mask = format.mask
        erasures = erasedCount
        self.changed = changed
    }

    /// Which modules of `samples` (row by row, `size` a side) are dark: below their
    /// threshold (``ModuleGridFitter/threshold(_:size:)``).
    package static func darkModules(_ samples: [Float], size: Int) -> [Bool] {
        zip(samples, ModuleGridFitter.threshold(samples, size: size)).map { $0 < $1 }
    }

    /// The two copies of the format information as `dark` shows them, most significant bit first.
    package static func formatCopies(_ dark: [Bool], size: Int) -> [Int] {
        let formatModules = SymbolLayout.formatModules(size: size)
        return [formatModules.0, formatModules.1].map { copy in copy.reduce(0) { $0 << 1 | (dark[$1] ? 1 : 0) } }
    }

    /// The first `count` codewords of `modules` (eight a codeword, most significant bit
    /// first) as `dark` shows them unmasked with `mask`, and each one's doubt: its
    /// modules' greatest.
    package static func codewords(
        _ dark: [Bool], _ doubts: [Doubt], modules: [Int], count: Int, size: Int, mask: Int
    ) -> (codewords: [UInt8], doubt: [Doubt]) {
        var codewords = [UInt8](repeating: 0, count: count)
        var doubt = [Doubt](repeating: .none, count: count)
        for c in codewords.indices {
            for index in modules[(8 * c)..<(8 * c + 8)] {
                let masked = SymbolLayout.masks(mask, index % size, index / size)
                codewords[c] = codewords[c] << 1 | (dark[index] != masked ? 1 : 0)
                doubt[c] = max(doubt[c], doubts[index])
            }
        }
        return (codewords, doubt)
    }

    /// Corrects `codewords` block by block (`blocks`: each block's positions in them, data
    /// then `eccCount` check codewords), those whose `doubt` is unreadable or on the rim
    /// given as erasures, then, for a block with too many, those of the rim as unknown
    /// errors instead; `reserve` check codewords kept spare. The codewords changed and the erasures given, or nil when a
    /// block is past correcting.
    package static func correct(
        _ codewords: inout [UInt8], _ doubt: [Doubt], blocks: [[Int]], eccCount: Int, reserve: Int
    ) -> (changed: Int, erasures: Int)? {
        let code = ReedSolomon(eccCount: eccCount)
        var changed = 0
        var erasedCount = 0
        for block in blocks {
            var bytes = block.map { codewords[$0] }
            var corrected = false
            for least in [Doubt.rim, .unreadable] {
                let erasures = block.indices.filter { doubt[block[$0]] >= least }
                if code.correct(&bytes, erasures: erasures, reserve: reserve) != nil {
                    erasedCount += erasures.count
                    corrected = true
                    break
                }
            }
            guard corrected else { return nil }
            for (k, position) in block.enumerated() where codewords[position] != bytes[k] {
                codewords[position] = bytes[k]
                changed += 1
            }
        }
        return (changed, erasedCount)
    }

    /// How far each module's sample is to be trusted, row by row: unreadable where its
    /// centre under `grid` lies outside the picture (`width` × `height`), where its sample
    /// is too near its threshold to call, or amid a flat patch (a blot, glare, a stain: its
    /// 3 × 3 neighbourhood shows no edge, which masked data seldom lacks); on the rim next to
    /// one of those, where the damage may cover part of a module.
    package static func doubts(_ samples: [Float], grid: ModuleGrid, width: Int, height: Int) -> [Doubt] {
        let size = grid.size
        let threshold = ModuleGridFitter.threshold(samples, size: size)
        // The symbol's contrast, from the modules whose shade is known.
        var sums: [Float] = [0, 0]
        var counts: [Float] = [0, 0]
        for (index, isDark) in FunctionPatterns(size: size).modules {
            sums[isDark ? 0 : 1] += samples[index]
            counts[isDark ? 0 : 1] += 1
        }
        let contrast = sums[1] / max(1, counts[1]) - sums[0] / max(1, counts[0])
        guard contrast > 0 else { return Array(repeating: .unreadable, count: size * size) }
        var unreadable = [Bool](repeating: false, count: size * size)
        for v in 0..<size {
            for u in 0..<size {
                let index = v * size + u
                let centre = grid.point(Double(u) + 0.5, Double(v) + 0.5)
                if !(0..<Double(width)).contains(centre.x) || !(0..<Double(height)).contains(centre.y)
                    || abs(samples[index] - threshold[index]) < 0.1 * contrast
                {
                    unreadable[index] = true
                    continue
                }
                var low = samples[index]
                var high = low
                for y in max(0, v - 1)...min(size - 1, v + 1) {
                    for x in max(0, u - 1)...min(size - 1, u + 1) {
                        low = min(low, samples[y * size + x])
                        high = max(high, samples[y * size + x])
                    }
                }
                unreadable[index] = high - low < 0.25 * contrast
            }
        }
        var doubts = unreadable.map { $0 ? Doubt.unreadable : .none }
        for v in 0..<size {
            for u in 0..<size where unreadable[v * size + u] {
                for y in max(0, v - 1)...min(size - 1, v + 1) {
                    for x in max(0, u - 1)...min(size - 1, u + 1) where doubts[y * size + x] == .none {
                        doubts[y * size + x] = .rim
                    }
                }
            }
        }
        return doubts
    }
}
