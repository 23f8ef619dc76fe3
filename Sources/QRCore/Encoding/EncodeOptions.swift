// QRKit — what to encode and how: payload, error-correction level, version, modes.

/// How much of a symbol may be damaged and still read back.
///
/// Higher levels spend more of the symbol on error correction, so the same payload
/// needs a larger version. Micro QR has no level H, and M1 has error detection only
/// (reported as `.l`).
public enum ErrorCorrectionLevel: String, Sendable, CaseIterable, Comparable {
    /// About 7% of codewords can be restored.
    case l = "L"
    /// About 15% of codewords can be restored.
    case m = "M"
    /// About 25% of codewords can be restored.
    case q = "Q"
    /// About 30% of codewords can be restored.
    case h = "H"

    /// The levels in increasing strength.
    var rank: Int {
        switch self {
        case .l: 0
        case .m: 1
        case .q: 2
        case .h: 3
        }
    }

    /// The smallest Micro QR version with this level: M1 has L only, M2–M3 add M, M4
    /// adds Q.
    package var lowestMicroVersion: Int {
        switch self {
        case .l: 1
        case .m: 2
        case .q, .h: 4
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// How the payload is turned into QR segments.
public enum EncodeMode: String, Sendable, CaseIterable {
    /// Numeric, alphanumeric and 8-bit segments, chosen by libqrencode for the smallest
    /// symbol. Text is written as UTF-8.
    case automatic
    /// Every byte in one 8-bit segment, exactly as given (text as UTF-8).
    case eightBit
    /// Text converted to Shift_JIS; double-byte characters go into Kanji segments
    /// (13 bits each instead of 16). Text with characters Shift_JIS lacks is refused.
    case kanji
    /// One numeric segment: every character must be a digit 0-9.
    case numeric
    /// One alphanumeric segment: every character must be 0-9, A-Z, space or `$%*+-./:`
    /// (lower-case letters fit only when `caseSensitive` is false).
    case alphanumeric
    /// One Kanji segment: the text in Shift_JIS, every character a double-byte Kanji
    /// mode character (0x8140-0x9FFC or 0xE040-0xEBBF).
    case kanjiOnly

    /// The segment mode every character must fit, for the single-mode cases.
    var singleMode: QRDataMode? {
        switch self {
        case .automatic, .kanji: nil
        case .eightBit: .byte
        case .numeric: .numeric
        case .alphanumeric: .alphanumeric
        case .kanjiOnly: .kanji
        }
    }
}

/// The data to put in a symbol.
public enum QRPayload: Sendable, Equatable {
    /// Unicode text, written as UTF-8 (or Shift_JIS in Kanji mode).
    case text(String)
    /// Bytes written as they are, NULs included.
    case bytes([UInt8])

    /// Reads UTF-8 bytes as text, refusing malformed input.
    ///
    /// Use this for text that arrives as bytes (a file, standard input), so malformed
    /// UTF-8 is reported instead of silently replaced.
    ///
    /// - Parameter bytes: The UTF-8 encoded text.
    /// - Throws: `EncodeError.invalidUTF8(offset:)` naming the first bad byte.
    ///
    /// ```swift
    /// let payload = try QRPayload(utf8: Array("héllo".utf8))  // .text("héllo")
    /// ```
    public init(utf8 bytes: [UInt8]) throws {
        if let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw EncodeError.invalidUTF8(offset: offset)
        }
        self = .text(String(decoding: bytes, as: UTF8.self))
    }

    /// True when there is nothing to encode.
    public var isEmpty: Bool {
        switch self {
        case .text(let text): text.isEmpty
        case .bytes(let bytes): bytes.isEmpty
        }
    }
}

/// Options for `QREncoder`.
///
/// The defaults make the smallest standard QR symbol at level M with automatic modes.
///
/// ```swift
/// var options = EncodeOptions(level: .q)
/// options.version = 5          // at least version 5; larger if the data needs it
/// options.strictVersion = true // ... or fail instead of growing
/// ```
public struct EncodeOptions: Sendable, Equatable {
    /// Error-correction level.
    public var level: ErrorCorrectionLevel
    /// The smallest version to use (1–40, or 1–4 for Micro QR); `nil` for the smallest
    /// that fits. The encoder grows past it unless `strictVersion` is set.
    public var version: Int?
    /// Fail with `EncodeError.payloadTooLarge` instead of growing past `version`.
    public var strictVersion: Bool
    /// Make a Micro QR symbol (M1–M4) instead of a standard one.
    public var micro: Bool
    /// How the payload becomes segments.
    public var mode: EncodeMode
    /// When false, ASCII letters are upper-cased so they fit alphanumeric mode (the
    /// decoded text is then upper case). Only meaningful in automatic and Kanji modes.
    public var caseSensitive: Bool
    /// Start the data with an ECI designator for the character set (26, UTF-8, unless
    /// `characterSet` names another) followed by one 8-bit segment, so readers do not
    /// have to guess the character set. Not available in Micro QR.
    public var eci: Bool
    /// The character set text is written in, by its iconv name (`"ISO-8859-1"`,
    /// `"CP1252"`, `"Shift_JIS"` …); `nil` for UTF-8. Applies to text in automatic and
    /// 8-bit modes; numeric, alphanumeric and Kanji modes have their own.
    public var characterSet: String?
    /// Raise the error-correction level as far as the symbol's version allows: the
    /// version is the smallest that holds the payload at `level` (or `version`), and the
    /// level the highest that still fits that version. `level` is then a minimum, as in
    /// segno's `boost_error`.
    public var boostLevel: Bool

    /// Makes options; every parameter has the default described on its property.
    public init(
        level: ErrorCorrectionLevel = .m, version: Int? = nil, strictVersion: Bool = false,
        micro: Bool = false, mode: EncodeMode = .automatic, caseSensitive: Bool = true,
        eci: Bool = false, characterSet: String? = nil, boostLevel: Bool = false
    ) {
        self.level = level
        self.version = version
        self.strictVersion = strictVersion
        self.micro = micro
        self.mode = mode
        self.caseSensitive = caseSensitive
        self.eci = eci
        self.characterSet = characterSet
        self.boostLevel = boostLevel
    }

    /// The versions allowed for the symbol kind: 1...40, or 1...4 for Micro QR.
    public var versionRange: ClosedRange<Int> { micro ? 1...4 : 1...40 }

    /// Checks the options for values out of range and combinations QR cannot do.
    ///
    /// `QREncoder` calls this itself; call it early to report usage errors before
    /// reading any input.
    ///
    /// - Parameter split: The number of symbols for structured append, or `nil`.
    /// - Throws: `EncodeError.versionOutOfRange`, `.levelUnavailableInMicro`,
    ///   `.invalidSplitCount`, `.unknownCharacterSet`, `.noECIDesignator` or
    ///   `.conflictingOptions`.
    public func validate(split: Int? = nil) throws {
        if let version, !versionRange.contains(version) {
            throw EncodeError.versionOutOfRange(version: version, micro: micro)
        }
        if strictVersion && version == nil {
            throw EncodeError.conflictingOptions(.strictVersionWithoutVersion)
        }
        if let split, !(1...16).contains(split) {
            throw EncodeError.invalidSplitCount(split)
        }
        if micro {
            if level == .h { throw EncodeError.levelUnavailableInMicro(level) }
            if strictVersion, let version, version < level.lowestMicroVersion {
                throw EncodeError.conflictingOptions(.microVersionWithoutLevel(version: version, level: level))
            }
            if eci { throw EncodeError.conflictingOptions(.microWithECI) }
            if let split, split > 1 {
                throw EncodeError.conflictingOptions(.microWithSplit)
            }
        }
        if eci && mode == .kanji {
            throw EncodeError.conflictingOptions(.eciWithKanji)
        }
        if let characterSet {
            try TextEncoding.check(characterSet)
            if eci { _ = try TextEncoding.eciDesignator(characterSet) }
        }
        if characterSet != nil && mode != .automatic && mode != .eightBit {
            throw EncodeError.conflictingOptions(.characterSetWithMode(mode))
        }
        if eci, let singleMode = mode.singleMode, mode != .eightBit {
            throw EncodeError.conflictingOptions(.eciWithSingleMode(singleMode))
        }
        if !caseSensitive && (mode == .eightBit || eci) {
            throw EncodeError.conflictingOptions(.caseInsensitiveWithEightBit)
        }
    }
}

/// Finds malformed UTF-8 without Foundation.
enum UTF8Validation {
    /// The offset of the first byte that does not start a well-formed UTF-8 sequence, or
    /// `nil` when all of `bytes` is well-formed.
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
