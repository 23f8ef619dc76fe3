// QRKit — what to encode and how: payload, error-correction level, version, modes.

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
