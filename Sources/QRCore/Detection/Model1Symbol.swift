// QRKit — Model1Symbol: a sampled QR Model 1 symbol's codewords corrected, and its data drawn
// anew as a Model 2 symbol that the engines read.

/// A QR Model 1 symbol (``Model1Layout``) read from its module samples: its codewords read
/// in Model 1's order and corrected with Model 1's blocks, as ``SymbolRepair`` corrects a
/// Model 2 symbol's, and its data segments written again into a Model 2 symbol
/// (``modules``), which an engine reads and parses: neither engine reads Model 1.
///
/// Only a symbol whose format information reads under Model 1's mask, and nearer than under
/// Model 2's, and that lacks the alignment pattern a Model 2 symbol of its size has, is
/// taken for one: the check costs next to nothing where a Model 2 symbol fails to read.
package struct Model1Symbol: Sendable {
    /// The Model 2 symbol holding the same data, dark modules true, row by row.
    package let modules: [Bool]
    /// Its modules a side: the Model 1 symbol's, or more where the data does not fit a
    /// Model 2 symbol of that size.
    package let size: Int
    /// The Model 1 symbol's level (0 L, 1 M, 2 Q, 3 H), which the drawing does not keep.
    package let level: Int

    /// Reads the Model 1 symbol of `size` modules a side whose module samples are `samples`
    /// (row by row), `doubts` saying which modules the picture does not show
    /// (``SymbolRepair/doubts(_:grid:width:height:)``). Nil when it does not look like one,
    /// a block is past correcting, or its data does not parse.
    package init?(samples: [Float], size: Int, doubts: [SymbolRepair.Doubt]) {
        guard let layout = Model1Layout(size: size), samples.count == size * size, doubts.count == size * size
        else { return nil }
        let dark = SymbolRepair.darkModules(samples, size: size)
        let copies = SymbolRepair.formatCopies(dark, size: size)
        let format = SymbolLayout.nearestFormat(copies, formatMask: Model1Layout.formatMask)
        guard format.distance <= 3, format.distance < SymbolLayout.nearestFormat(copies).distance,
            Model1Layout.lacksAlignmentPattern(dark, size: size)
        else { return nil }
        var (codewords, doubt) = SymbolRepair.codewords(
            dark, doubts, modules: layout.codewordModules, count: layout.codewordCount, size: size, mask: format.mask)
        // The first codeword's first four modules fill the bottom-right corner; its data
        // starts after them, and the check codewords count them as zero.
        codewords[0] &= 0x0F
        let (blocks, eccCount, dataCount) = layout.blocks(level: format.level)
        let reserve = SymbolRepair.reserve(version: layout.version, level: format.level)
        guard SymbolRepair.correct(&codewords, doubt, blocks: blocks, eccCount: eccCount, reserve: reserve) != nil
        else { return nil }
        let data = blocks.flatMap { $0.prefix(dataCount / blocks.count).map { codewords[$0] } }
        var reader = BitReader(data)
        reader.skip(4)
        guard let segments = Self.segments(&reader, version: layout.version),
            let drawn = Self.model2(segments, from: layout.version, mask: format.mask)
        else { return nil }
        (modules, self.size) = drawn
        level = format.level
    }

    /// A data segment: its mode indicator, character count (for the modes that have one),
    /// and the bits that follow.
    struct Segment {
        var mode: Int
        var count: Int?
        var bits: [Bool]
    }

    /// The segments of a Model 1 symbol of `version` up to its terminator or its end, or
    /// nil when a mode is unknown or a segment runs past the end.
    static func segments(_ reader: inout BitReader, version: Int) -> [Segment]? {
        var segments: [Segment] = []
        while reader.remaining >= 4 {
            let mode = reader.read(4)
            if mode == 0 { break }
            var count: Int?
            let length: Int
            if let dataMode = dataMode(mode) {
                guard let width = QRCapacity.characterCountBits(version: version, mode: dataMode, micro: false),
                    reader.remaining >= width
                else { return nil }
                let n = reader.read(width)
                count = n
                length = dataMode.bits(forLength: n)
            } else {
                switch mode {
                // Structured append: symbol position, count and parity.
                case 3: length = 16
                // FNC1 in first position; in second, an application indicator.
                case 5: length = 0
                case 9: length = 8
                // ECI: its designator's first bits say whether it is one, two or three bytes.
                case 7:
                    guard reader.remaining >= 8 else { return nil }
                    length = reader.peek(1) == 0 ? 8 : reader.peek(2) == 0b10 ? 16 : 24
                default: return nil
                }
            }
            guard reader.remaining >= length else { return nil }
            segments.append(Segment(mode: mode, count: count, bits: reader.bits(length)))
        }
        return segments
    }

    /// The mode of the data segments whose indicator is `mode`, nil for the other segments.
    static func dataMode(_ mode: Int) -> QRDataMode? {
        switch mode {
        case 1: .numeric
        case 2: .alphanumeric
        case 4: .byte
        case 8: .kanji
        default: nil
        }
    }

    /// The modules of a Model 2 symbol at level L holding `segments`, character counts in
    /// its own widths, masked with `mask`: of `version` when they fit, else of the smallest
    /// larger version they fit, with its size.
    static func model2(_ segments: [Segment], from version: Int, mask: Int) -> (modules: [Bool], size: Int)? {
        for target in version...40 {
            guard let layout = SymbolLayout(size: 17 + 4 * target) else { return nil }
            let (blocks, eccCount) = layout.blocks(level: 0)
            let capacity = 8 * (layout.codewordCount - eccCount * blocks.count)
            var bits: [Bool] = []
            func append(_ value: Int, _ width: Int) {
                for k in stride(from: width - 1, through: 0, by: -1) { bits.append(value >> k & 1 == 1) }
            }
            for segment in segments {
                append(segment.mode, 4)
                if let count = segment.count, let mode = dataMode(segment.mode) {
                    guard let width = QRCapacity.characterCountBits(version: target, mode: mode, micro: false),
                        count < 1 << width
                    else { return nil }
                    append(count, width)
                }
                bits += segment.bits
            }
            guard bits.count <= capacity else { continue }
            // Terminator, zeros to the byte, then the pad codewords.
            append(0, min(4, capacity - bits.count))
            append(0, (8 - bits.count % 8) % 8)
            var data = stride(from: 0, to: bits.count, by: 8).map { start in
                bits[start..<(start + 8)].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
            }
            while data.count < capacity / 8 { data.append(data.count % 2 == bits.count / 8 % 2 ? 0xEC : 0x11) }
            var codewords = [UInt8](repeating: 0, count: layout.codewordCount)
            let code = ReedSolomon(eccCount: eccCount)
            var next = 0
            for block in blocks {
                let length = block.count - eccCount
                let blockData = Array(data[next..<(next + length)])
                next += length
                for (k, byte) in (blockData + code.encode(blockData)).enumerated() { codewords[block[k]] = byte }
            }
            return (layout.modules(codewords: codewords, level: 0, mask: mask), layout.size)
        }
        return nil
    }
}

/// Bits of a byte sequence read in order, most significant first.
struct BitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Bits not yet read.
    var remaining: Int { 8 * bytes.count - position }

    /// The next `count` bits (at most `remaining`) as a number, read.
    mutating func read(_ count: Int) -> Int {
        let value = peek(count)
        position += count
        return value
    }

    /// The next `count` bits (at most `remaining`) as a number, not read.
    func peek(_ count: Int) -> Int {
        (position..<(position + count)).reduce(0) { $0 << 1 | Int(bytes[$1 / 8] >> (7 - $1 % 8) & 1) }
    }

    /// The next `count` bits, read.
    mutating func bits(_ count: Int) -> [Bool] {
        (0..<count).map { _ in read(1) == 1 }
    }

    /// Passes over `count` bits.
    mutating func skip(_ count: Int) { position += count }
}
