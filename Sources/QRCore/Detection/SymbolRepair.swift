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
        let threshold = ModuleGridFitter.threshold(samples, size: size)
        let dark = zip(samples, threshold).map { $0 < $1 }
        func bits(_ modules: [Int]) -> Int { modules.reduce(0) { $0 << 1 | (dark[$1] ? 1 : 0) } }
        let formatModules = SymbolLayout.formatModules(size: size)
        guard let format = SymbolLayout.format(reading: [bits(formatModules.0), bits(formatModules.1)]) else {
            return nil
        }
        func masked(_ index: Int) -> Bool { SymbolLayout.masks(format.mask, index % size, index / size) }
        let data = layout.dataModules
        var codewords = [UInt8](repeating: 0, count: layout.codewordCount)
        var doubt = [Doubt](repeating: .none, count: layout.codewordCount)
        for c in codewords.indices {
            for index in data[(8 * c)..<(8 * c + 8)] {
                codewords[c] = codewords[c] << 1 | (dark[index] != masked(index) ? 1 : 0)
                doubt[c] = max(doubt[c], doubts[index])
            }
        }
        let (blocks, eccCount) = layout.blocks(level: format.level)
        let code = ReedSolomon(eccCount: eccCount)
        let reserve = Self.reserve(version: layout.version, level: format.level)
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
        var modules = [Bool](repeating: false, count: size * size)
        for (index, isDark) in layout.functionPatterns.modules { modules[index] = isDark }
        let formatBits = SymbolLayout.formatBits(level: format.level, mask: format.mask)
        for copy in [formatModules.0, formatModules.1] {
            for (k, index) in copy.enumerated() { modules[index] = formatBits >> (14 - k) & 1 == 1 }
        }
        let versionBits = SymbolLayout.versionBits(layout.version)
        for copy in SymbolLayout.versionModules(size: size) {
            for (k, index) in copy.enumerated() { modules[index] = versionBits >> k & 1 == 1 }
        }
        // Remainder bits past the last codeword are zero before masking.
        for (k, index) in data.enumerated() {
            let bit = k < 8 * codewords.count && codewords[k / 8] >> (7 - k % 8) & 1 == 1
            modules[index] = bit != masked(index)
        }
        self.modules = modules
        level = format.level
        mask = format.mask
        erasures = erasedCount
        self.changed = changed
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
