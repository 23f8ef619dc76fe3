// QRKit — everything that can go wrong while encoding or rendering, with what to do.

/// Why a payload could not be encoded or a symbol rendered.
///
/// Every case describes itself in one line a caller can act on, naming the Swift
/// property or value to change:
///
/// ```
/// `RenderOptions.scale` must be 1 to 1000 pixels per module, not 0
/// Micro QR cannot carry an ECI header; drop `EncodeOptions.eci` or `EncodeOptions.micro`
/// ```
public enum EncodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There was nothing to encode.
    case emptyInput
    /// Text input is not UTF-8; `offset` is the first malformed byte.
    case invalidUTF8(offset: Int)
    /// The ECI header declares UTF-8, but the bytes are not; `offset` is the first bad one.
    case eciNeedsUTF8(offset: Int)
    /// Kanji mode was asked for, but `character` (at character index `index`) has no
    /// Shift_JIS form.
    case notShiftJIS(character: String, index: Int)
    /// Kanji mode was asked for raw bytes; it needs text.
    case kanjiNeedsText
    /// The C library's Shift_JIS converter is missing.
    case shiftJISUnavailable
    /// A version outside 1–40 (or 1–4 for Micro QR).
    case versionOutOfRange(version: Int, micro: Bool)
    /// Micro QR does not have this error-correction level.
    case levelUnavailableInMicro(ErrorCorrectionLevel)
    /// Structured append takes 1 to 16 symbols.
    case invalidSplitCount(Int)
    /// The payload has fewer characters than symbols asked for.
    case tooShortToSplit(length: Int, parts: Int)
    /// Options that cannot be used together; the message says which and what to drop.
    case conflictingOptions(Conflict)
    /// The payload does not fit. `length` counts units of `mode`; `capacity` is what the
    /// largest allowed symbol (`version`, `level`) holds in that mode after
    /// `overheadBits` (an ECI header's 12).
    case payloadTooLarge(
        length: Int, mode: QRDataMode, capacity: Int, version: Int, level: ErrorCorrectionLevel,
        micro: Bool, strict: Bool, overheadBits: Int = 0)
    /// A structured-append part does not fit: `part` (from 1) of `parts` is `length` units
    /// of `mode`, and one symbol (`version`, `level`, after `overheadBits`: the
    /// structured-append header and any ECI header) holds `capacity`.
    case splitPartTooLarge(
        part: Int, parts: Int, length: Int, mode: QRDataMode, capacity: Int, version: Int,
        level: ErrorCorrectionLevel, strict: Bool, overheadBits: Int = 20)
    /// libqrencode refused the input as invalid (EINVAL).
    case invalidInput
    /// libqrencode ran out of memory (ENOMEM).
    case outOfMemory
    /// libqrencode failed with another `errno` value.
    case libraryFailure(errno: Int32)
    /// libqrencode could not be opened (`reason`: the dynamic loader's message), so no
    /// code can be made; decoding does not need it.
    case libraryUnavailable(reason: String)
    /// `RenderOptions.scale` is outside 1 to `RenderOptions.maximumScale`.
    case scaleOutOfRange(Int)
    /// `RenderOptions.margin` is outside 0 to `RenderOptions.maximumMargin`.
    case marginOutOfRange(Int)
    /// A renderer's `dpi` is outside `RenderOptions.resolutions`.
    case resolutionOutOfRange(Int)
    /// A format cannot draw what the options ask of it (a translucent colour, colours
    /// other than black and white, text XML cannot carry); the message says what.
    case invalidRenderOption(String)
    /// A colour is not `RGB`, `RGBA`, `RRGGBB` or `RRGGBBAA` hexadecimal.
    case invalidColor(String)
    /// A target size of `size` pixels is smaller than the symbol and its margin
    /// (`modules` wide, `margin` of them quiet zone on each side) at one pixel a module.
    case targetSizeTooSmall(size: Int, modules: Int, margin: Int)
    /// Dark and light modules are too alike for readers: their contrast `ratio` (WCAG 2,
    /// over white) is below `minimum`.
    case lowContrast(foreground: RGBAColor, background: RGBAColor, ratio: Double, minimum: Double)
    /// A single-mode segment was asked for, but `character` (at `position`, counted
    /// from 1 in characters of text or bytes of raw data) does not fit `mode`.
    case characterNotInMode(character: String, position: Int, mode: QRDataMode)
    /// iconv has no character set of this name.
    case unknownCharacterSet(String)
    /// `character` (at `position`, counted from 1) has no form in `characterSet`.
    case notInCharacterSet(character: String, position: Int, characterSet: String)
    /// There is no ECI designator for this character set, so an ECI header cannot
    /// declare it.
    case noECIDesignator(String)
    /// The rendered picture would exceed `limit` pixels.
    case imageTooLarge(width: Int, height: Int, limit: Int)
    /// libpng could not write the picture.
    case pngWriteFailed(String)

    /// The message in the library's terms: each setting it tells the caller to change is
    /// named as a Swift property or value, such as `RenderOptions.scale`.
    public var description: String { message(naming: \.swiftName) }

    /// The message, with each setting it tells the caller to change named by `name`.
    ///
    /// The sentence is written once; who reads it decides how a setting is named: the
    /// library (``description``) names Swift properties, the `qr` command its flags.
    package func message(naming name: (Setting) -> String) -> String {
        switch self {
        case .emptyInput:
            return "nothing to encode: the payload is empty"
        case .invalidUTF8(let offset):
            return
                "not valid UTF-8 (first bad byte at offset \(offset)); use \(name(.bytes)) to encode the bytes as they are"
        case .eciNeedsUTF8(let offset):
            return
                "the ECI header declares UTF-8, but byte \(offset) is not valid UTF-8; drop \(name(.eci)) to encode raw bytes"
        case .notShiftJIS(let character, let index):
            return
                "character \(index) (\(character)) has no Shift_JIS form, so Kanji mode cannot encode this text; drop \(name(.kanji))"
        case .kanjiNeedsText:
            return "Kanji mode encodes text, not raw bytes; drop \(name(.kanji)) or \(name(.bytes))"
        case .shiftJISUnavailable:
            return "Kanji mode needs a Shift_JIS converter, and the C library's iconv has none; drop \(name(.kanji))"
        case .versionOutOfRange(let version, let micro):
            return micro
                ? "version \(version) is out of range: Micro QR has versions 1 to 4 (M1–M4)"
                : "version \(version) is out of range: QR Code has versions 1 to 40"
        case .levelUnavailableInMicro(let level):
            return "Micro QR has no level \(level.rawValue); use L, M or Q (Q needs M4)"
        case .invalidSplitCount(let count):
            return "structured append takes 1 to 16 symbols, not \(count)"
        case .tooShortToSplit(let length, let parts):
            return
                "cannot split a payload of \(length) character\(length == 1 ? "" : "s") into \(parts) symbols; lower \(name(.parts))"
        case .conflictingOptions(let conflict):
            return conflict.message(naming: name)
        case .payloadTooLarge(
            let length, let mode, let capacity, let version, let level, let micro, let strict, let overhead):
            let units = length == 1 ? mode.unit.one : mode.unit.many
            let symbol =
                micro
                ? "an M\(version)-\(level.rawValue) Micro QR symbol" : "a version \(version)-\(level.rawValue) symbol"
            let capacityUnits = capacity == 1 ? mode.unit.one : mode.unit.many
            var hints: [String] = []
            // Only advice that works: a level or a part count is named when it holds the payload.
            if let lower = Self.lowerLevel(
                holding: length, below: level, version: version, mode: mode, micro: micro, overheadBits: overhead)
            {
                hints.append("lower the level to \(lower.rawValue) (\(name(.level(lower))))")
            }
            if strict && version < (micro ? 4 : 40) {
                hints.append("raise \(name(.version)) or drop \(name(.strictVersion))")
            } else if micro {
                hints.append("drop \(name(.micro)) for a standard QR symbol")
            } else if hints.isEmpty {
                hints.append(
                    Self.splitAdvice(length: length, mode: mode, level: level, overheadBits: overhead, name: name))
            }
            return
                "payload too large: \(length) \(units) in \(mode.rawValue) mode, but \(symbol) holds at most \(capacity) \(capacityUnits) in that mode; "
                + hints.joined(separator: ", or ")
        case .splitPartTooLarge(
            let part, let parts, let length, let mode, let capacity, let version, let level, let strict, let overhead):
            let units = length == 1 ? mode.unit.one : mode.unit.many
            let capacityUnits = capacity == 1 ? mode.unit.one : mode.unit.many
            var hints: [String] = []
            if let lower = Self.lowerLevel(
                holding: length, below: level, version: version, mode: mode, micro: false, overheadBits: overhead)
            {
                hints.append("lower the level to \(lower.rawValue) (\(name(.level(lower))))")
            }
            if strict && version < 40 { hints.append("raise \(name(.version)) or drop \(name(.strictVersion))") }
            hints.append(
                parts < 16
                    ? "split it over \(parts < 15 ? "\(parts + 1) to 16" : "16") symbols (\(name(.parts)))"
                    : "shorten it: 16 symbols are the most structured append joins")
            return
                "payload too large for \(parts) symbols: part \(part) of \(parts) is \(length) \(units) in \(mode.rawValue) mode, "
                + "but a version \(version)-\(level.rawValue) symbol holds at most \(capacity) \(capacityUnits) in that mode "
                + "with its structured-append header; " + hints.joined(separator: ", ")
        case .invalidInput:
            return "libqrencode rejected the input as invalid"
        case .outOfMemory:
            return "out of memory while encoding"
        case .libraryFailure(let code):
            return "libqrencode failed (errno \(code))"
        case .libraryUnavailable(let reason):
            return "libqrencode, which makes the codes, cannot be opened (\(reason)); install it (Debian: libqrencode4)"
        case .scaleOutOfRange(let scale):
            return "\(name(.scale)) must be 1 to \(RenderOptions.maximumScale) pixels per module, not \(scale)"
        case .marginOutOfRange(let margin):
            return "\(name(.margin)) must be 0 to \(RenderOptions.maximumMargin) modules, not \(margin)"
        case .resolutionOutOfRange(let dpi):
            return
                "\(name(.dpi)) must be \(RenderOptions.resolutions.lowerBound) to \(RenderOptions.resolutions.upperBound) dots per inch, not \(dpi)"
        case .invalidRenderOption(let message):
            return message
        case .invalidColor(let text):
            return
                "'\(text)' is not a colour; use a CSS colour name (red, navy, transparent …) or RGB, RRGGBB or RRGGBBAA hexadecimal, such as f00, 000000 or ffffff00"
        case .targetSizeTooSmall(let size, let modules, let margin):
            return
                "\(name(.targetSize)) of \(size) px is too small: the symbol and its \(margin)-module quiet zone are \(modules) modules wide, "
                + "so they need at least \(modules) px; give \(name(.targetSize)) \(modules) or more, or a smaller \(name(.margin))"
        case .lowContrast(let foreground, let background, let ratio, let minimum):
            return
                "\(foreground) on \(background) has a contrast ratio of \(Self.ratioText(ratio)):1, below the \(Self.ratioText(minimum)):1 readers need to tell dark modules from light"
        case .characterNotInMode(let character, let position, let mode):
            return
                "\(character) (character \(position)) does not fit \(mode.rawValue) mode, which holds \(mode.repertoire) only"
        case .unknownCharacterSet(let name):
            return "iconv knows no character set named '\(name)'"
        case .notInCharacterSet(let character, let position, let characterSet):
            return "\(character) (character \(position)) has no form in \(characterSet)"
        case .noECIDesignator(let name):
            return
                "an ECI header cannot declare \(name): ECI designators exist for UTF-8, ISO-8859-1 to -16 (but -12), Shift_JIS, CP1250 to CP1252, CP1256, UTF-16BE, US-ASCII, Big5, GB18030 and EUC-KR"
        case .imageTooLarge(let width, let height, let limit):
            return
                "the picture would be \(width)×\(height) pixels, over the limit of \(limit); lower \(name(.scale)) or \(name(.targetSize))"
        case .pngWriteFailed(let message):
            return "cannot write PNG: \(message)"
        }
    }

    /// Options of ``EncodeOptions`` (and the part count of structured append) that cannot
    /// be used together.
    public enum Conflict: Sendable, Equatable {
        /// `strictVersion` is set with no `version` to hold to.
        case strictVersionWithoutVersion
        /// Micro QR held to `version` (strictly) has no `level`.
        case microVersionWithoutLevel(version: Int, level: ErrorCorrectionLevel)
        /// Micro QR has no ECI header.
        case microWithECI
        /// Micro QR has no structured append.
        case microWithSplit
        /// An ECI header declares UTF-8; Kanji mode writes Shift_JIS.
        case eciWithKanji
        /// A character set was given for a mode that has its own (numeric,
        /// alphanumeric, Kanji).
        case characterSetWithMode(EncodeMode)
        /// An ECI header is followed by one 8-bit segment; a single segment of another
        /// mode was asked for.
        case eciWithSingleMode(QRDataMode)
        /// Case-insensitive encoding was asked of 8-bit segments, which keep case.
        case caseInsensitiveWithEightBit
        /// A character set was given for raw bytes, which are not converted.
        case characterSetWithBytes

        /// The message, each setting named by `name` (see ``EncodeError/message(naming:)``).
        func message(naming name: (Setting) -> String) -> String {
            switch self {
            case .strictVersionWithoutVersion:
                return "\(name(.strictVersion)) needs a version to hold to: give \(name(.version)) too"
            case .microVersionWithoutLevel(let version, let level):
                return
                    "Micro QR M\(version) has no level \(level.rawValue): M1 has L only, M2 and M3 L or M, M4 L, M or Q"
            case .microWithECI:
                return "Micro QR cannot carry an ECI header; drop \(name(.eci)) or \(name(.micro))"
            case .microWithSplit:
                return "Micro QR has no structured append; drop \(name(.micro)) or \(name(.parts))"
            case .eciWithKanji:
                return
                    "the ECI header declares UTF-8, Kanji mode writes Shift_JIS; drop \(name(.eci)) or \(name(.kanji))"
            case .characterSetWithMode(let mode):
                return
                    "\(name(.characterSet)) applies to text in automatic or 8-bit mode; \(mode.singleMode?.rawValue ?? "Kanji") mode has its own"
            case .eciWithSingleMode(let mode):
                return "an ECI header is followed by one 8-bit segment, not a \(mode.rawValue) one"
            case .caseInsensitiveWithEightBit:
                return
                    "case-insensitive encoding needs automatic or Kanji mode; 8-bit segments keep case (drop \(name(.caseInsensitive)))"
            case .characterSetWithBytes:
                return "\(name(.characterSet)) converts text, not raw bytes"
            }
        }
    }

    /// A setting that a message tells the caller to change. The library names it as a
    /// Swift property or value (``swiftName``); the `qr` command names its flag.
    package enum Setting: Sendable, Equatable, CaseIterable {
        /// The payload as raw bytes, encoded as they are.
        case bytes
        /// Kanji mode.
        case kanji
        /// The ECI header.
        case eci
        /// Micro QR.
        case micro
        /// Case-insensitive encoding.
        case caseInsensitive
        /// The character set text is written in.
        case characterSet
        /// The error-correction level, set to this one.
        case level(ErrorCorrectionLevel)
        /// The smallest version.
        case version
        /// Holding to the version instead of growing.
        case strictVersion
        /// The number of symbols of structured append.
        case parts
        /// Structured append over this many symbols.
        case partCount(Int)
        /// Pixels per module.
        case scale
        /// The picture's exact size in pixels.
        case targetSize
        /// The quiet zone in modules.
        case margin
        /// The resolution in dots per inch.
        case dpi

        /// One of each, a level and a count standing for any.
        package static let allCases: [Setting] = [
            .bytes, .kanji, .eci, .micro, .caseInsensitive, .characterSet, .level(.l), .version, .strictVersion,
            .parts, .partCount(2), .scale, .targetSize, .margin, .dpi,
        ]

        /// The setting as a Swift caller of the library changes it.
        package var swiftName: String {
            switch self {
            case .bytes: "`QRPayload.bytes`"
            case .kanji: "`EncodeMode.kanji`"
            case .eci: "`EncodeOptions.eci`"
            case .micro: "`EncodeOptions.micro`"
            case .caseInsensitive: "`EncodeOptions.caseSensitive = false`"
            case .characterSet: "`EncodeOptions.characterSet`"
            case .level(let level): "`EncodeOptions.level = .\(level.rawValue.lowercased())`"
            case .version: "`EncodeOptions.version`"
            case .strictVersion: "`EncodeOptions.strictVersion`"
            case .parts: "the part count of `QREncoder.encodeSplit`"
            case .partCount(let count): "`QREncoder.encodeSplit(_:into: \(count))`"
            case .scale: "`RenderOptions.scale`"
            case .targetSize: "`RenderOptions.targetSize`"
            case .margin: "`RenderOptions.margin`"
            case .dpi: "the renderer's `dpi`"
            }
        }
    }

    /// The highest level below `level` at which `version` holds `length` units of `mode`.
    private static func lowerLevel(
        holding length: Int, below level: ErrorCorrectionLevel, version: Int, mode: QRDataMode, micro: Bool,
        overheadBits: Int
    ) -> ErrorCorrectionLevel? {
        ErrorCorrectionLevel.allCases.reversed().first { lower in
            lower < level
                && QRCapacity.maximumLength(
                    version: version, level: lower, mode: mode, micro: micro, overheadBits: overheadBits) >= length
        }
    }

    /// For a payload no single symbol at `level` holds: the fewest symbols of structured
    /// append that hold it, or, past 16 of them, the most any one code holds.
    private static func splitAdvice(
        length: Int, mode: QRDataMode, level: ErrorCorrectionLevel, overheadBits: Int, name: (Setting) -> String
    ) -> String {
        // Structured append's header takes 20 bits of each part.
        let perPart = QRCapacity.maximumLength(version: 40, level: level, mode: mode, overheadBits: overheadBits + 20)
        let parts = perPart > 0 ? (length + perPart - 1) / perPart : .max
        if parts <= 16 { return "split it over \(parts) symbols (\(name(.partCount(parts))))" }
        let most = QRCapacity.maximumLength(version: 40, level: .l, mode: mode, overheadBits: overheadBits)
        let joined = 16 * QRCapacity.maximumLength(version: 40, level: .l, mode: mode, overheadBits: overheadBits + 20)
        return
            "it is too long for any QR code: one holds at most \(most) \(mode.unit.many) in \(mode.rawValue) mode (version 40-L), "
            + "and 16 joined by structured append \(joined)"
    }

    /// A ratio with two decimals, as `1.07` or `4.5`.
    private static func ratioText(_ ratio: Double) -> String {
        Decimal.text(Int((ratio * 10_000).rounded()), 10_000, digits: 2)
    }
}
