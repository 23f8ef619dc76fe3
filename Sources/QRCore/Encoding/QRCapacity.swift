// QRKit — how much a symbol holds: the ISO/IEC 18004 capacity tables.

/// Capacity of QR and Micro QR symbols.
///
/// Computed from the number of data bits each version and level carries, less the
/// mode indicator and character-count field of one segment.
///
/// ```swift
/// QRCapacity.maximumLength(version: 40, level: .l, mode: .byte)  // 2953
/// QRCapacity.maximumLength(version: 3, level: .m, mode: .numeric, micro: true)  // 18
/// ```
public enum QRCapacity {
    /// The most characters of one mode a symbol holds in a single segment.
    ///
    /// - Parameters:
    ///   - version: 1–40, or 1–4 for Micro QR.
    ///   - level: The error-correction level.
    ///   - mode: The segment mode; the result counts its units (digits, bytes…).
    ///   - micro: Count for Micro QR (M1–M4).
    ///   - overheadBits: Bits taken before the segment, such as an ECI header (12) or a
    ///     structured-append header (20).
    /// - Returns: The capacity, or 0 when the version, level and mode cannot be
    ///   combined (for example byte mode in M1, or level H in Micro QR).
    public static func maximumLength(
        version: Int, level: ErrorCorrectionLevel, mode: QRDataMode, micro: Bool = false,
        overheadBits: Int = 0
    ) -> Int {
        guard let dataBits = dataBits(version: version, level: level, micro: micro),
            let countBits = characterCountBits(version: version, mode: mode, micro: micro)
        else { return 0 }
        let modeBits = micro ? version - 1 : 4
        let available = dataBits - overheadBits - modeBits - countBits
        guard available > 0 else { return 0 }
        let length: Int
        switch mode {
        case .numeric:
            let groups = available / 10
            let rest = available % 10
            length = groups * 3 + (rest >= 7 ? 2 : rest >= 4 ? 1 : 0)
        case .alphanumeric:
            length = available / 11 * 2 + (available % 11 >= 6 ? 1 : 0)
        case .byte:
            length = available / 8
        case .kanji:
            length = available / 13
        }
        return min(length, (1 << countBits) - 1)
    }

    /// Data bits (before error correction) of a version and level, or `nil` when the
    /// pair does not exist.
    package static func dataBits(version: Int, level: ErrorCorrectionLevel, micro: Bool) -> Int? {
        if micro {
            guard (1...4).contains(version) else { return nil }
            let bits = microDataBits[version - 1][level.rank]
            return bits > 0 ? bits : nil
        }
        guard (1...40).contains(version) else { return nil }
        return dataCodewords[version - 1][level.rank] * 8
    }

    /// Width of the character-count field, or `nil` when the mode is not available.
    static func characterCountBits(version: Int, mode: QRDataMode, micro: Bool) -> Int? {
        if micro {
            let table: [Int]
            switch mode {
            case .numeric: table = [3, 4, 5, 6]
            case .alphanumeric: table = [0, 3, 4, 5]
            case .byte: table = [0, 0, 4, 5]
            case .kanji: table = [0, 0, 3, 4]
            }
            guard (1...4).contains(version), table[version - 1] > 0 else { return nil }
            return table[version - 1]
        }
        guard (1...40).contains(version) else { return nil }
        let band = version <= 9 ? 0 : version <= 26 ? 1 : 2
        switch mode {
        case .numeric: return [10, 12, 14][band]
        case .alphanumeric: return [9, 11, 13][band]
        case .byte: return [8, 16, 16][band]
        case .kanji: return [8, 10, 12][band]
        }
    }

    /// Micro QR data bits for L, M, Q, H (0: not available). M1 and M3 end in a
    /// 4-bit codeword.
    private static let microDataBits: [[Int]] = [
        [20, 0, 0, 0],
        [40, 32, 0, 0],
        [84, 68, 0, 0],
        [128, 112, 80, 0],
    ]

    /// Data codewords of versions 1–40 for L, M, Q, H.
    private static let dataCodewords: [[Int]] = [
        [19, 16, 13, 9], [34, 28, 22, 16], [55, 44, 34, 26], [80, 64, 48, 36],
        [108, 86, 62, 46], [136, 108, 76, 60], [156, 124, 88, 66], [194, 154, 110, 86],
        [232, 182, 132, 100], [274, 216, 154, 122], [324, 254, 180, 140],
        [370, 290, 206, 158], [428, 334, 244, 180], [461, 365, 261, 197],
        [523, 415, 295, 223], [589, 453, 325, 253], [647, 507, 367, 283],
        [721, 563, 397, 313], [795, 627, 445, 341], [861, 669, 485, 385],
        [932, 714, 512, 406], [1006, 782, 568, 442], [1094, 860, 614, 464],
        [1174, 914, 664, 514], [1276, 1000, 718, 538], [1370, 1062, 754, 596],
        [1468, 1128, 808, 628], [1531, 1193, 871, 661], [1631, 1267, 911, 701],
        [1735, 1373, 985, 745], [1843, 1455, 1033, 793], [1955, 1541, 1115, 845],
        [2071, 1631, 1171, 901], [2191, 1725, 1231, 961], [2306, 1812, 1286, 986],
        [2434, 1914, 1354, 1054], [2566, 1992, 1426, 1096], [2702, 2102, 1502, 1142],
        [2812, 2216, 1582, 1222], [2956, 2334, 1666, 1276],
    ]
}
