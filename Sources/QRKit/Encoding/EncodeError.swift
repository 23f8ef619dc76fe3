// QRKit — everything that can go wrong while encoding or rendering, with what to do.

/// Why a payload could not be encoded or a symbol rendered.
///
/// Every case describes itself in one line a user can act on; the command-line tool
/// prints `description` as it is.
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
    case conflictingOptions(String)
    /// The payload does not fit. `length` counts units of `mode`; `capacity` is what the
    /// largest allowed symbol (`version`, `level`) holds in that mode.
    case payloadTooLarge(
        length: Int, mode: QRDataMode, capacity: Int, version: Int, level: ErrorCorrectionLevel,
        micro: Bool, strict: Bool)
    /// A structured-append part does not fit: `part` (from 1) of `parts` is `length` units
    /// of `mode`, and one symbol (`version`, `level`, with the structured-append header)
    /// holds `capacity`.
    case splitPartTooLarge(
        part: Int, parts: Int, length: Int, mode: QRDataMode, capacity: Int, version: Int,
        level: ErrorCorrectionLevel, strict: Bool)
    /// libqrencode refused the input as invalid (EINVAL).
    case invalidInput
    /// libqrencode ran out of memory (ENOMEM).
    case outOfMemory
    /// libqrencode failed with another `errno` value.
    case libraryFailure(errno: Int32)
    /// A rendering parameter is out of range; the message names it.
    case invalidRenderOption(String)
    /// A colour is not `RRGGBB` or `RRGGBBAA` hexadecimal.
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

    public var description: String {
        switch self {
        case .emptyInput:
            return "nothing to encode: the payload is empty"
        case .invalidUTF8(let offset):
            return "not valid UTF-8 (first bad byte at offset \(offset)); use --8bit to encode the bytes as they are"
        case .eciNeedsUTF8(let offset):
            return "the ECI header declares UTF-8, but byte \(offset) is not valid UTF-8; drop --eci to encode raw bytes"
        case .notShiftJIS(let character, let index):
            return "character \(index) (\(character)) has no Shift_JIS form, so Kanji mode cannot encode this text; drop --kanji"
        case .kanjiNeedsText:
            return "Kanji mode encodes text, not raw bytes; drop --kanji or --8bit"
        case .shiftJISUnavailable:
            return "Kanji mode needs a Shift_JIS converter, and the C library's iconv has none; drop --kanji"
        case .versionOutOfRange(let version, let micro):
            return micro
                ? "version \(version) is out of range: Micro QR has versions 1 to 4 (M1–M4)"
                : "version \(version) is out of range: QR Code has versions 1 to 40"
        case .levelUnavailableInMicro(let level):
            return "Micro QR has no level \(level.rawValue); use L, M or Q (Q needs M4)"
        case .invalidSplitCount(let count):
            return "structured append takes 1 to 16 symbols, not \(count)"
        case .tooShortToSplit(let length, let parts):
            return "cannot split a payload of \(length) character\(length == 1 ? "" : "s") into \(parts) symbols; lower --split"
        case .conflictingOptions(let message):
            return message
        case .payloadTooLarge(let length, let mode, let capacity, let version, let level, let micro, let strict):
            let units = length == 1 ? mode.unit.one : mode.unit.many
            let symbol = micro ? "an M\(version)-\(level.rawValue) Micro QR symbol" : "a version \(version)-\(level.rawValue) symbol"
            let capacityUnits = capacity == 1 ? mode.unit.one : mode.unit.many
            var hint: String
            if strict && version < (micro ? 4 : 40) {
                hint = "raise --version or drop --strict-version"
            } else if micro {
                hint = "drop --micro for a standard QR symbol"
            } else {
                hint = "shorten it or split it over several symbols (--split N)"
            }
            if level > .l { hint = "lower the level (--level L), " + hint }
            return "payload too large: \(length) \(units) in \(mode.rawValue) mode, but \(symbol) holds at most \(capacity) \(capacityUnits) in that mode; \(hint)"
        case .splitPartTooLarge(let part, let parts, let length, let mode, let capacity, let version, let level, let strict):
            let units = length == 1 ? mode.unit.one : mode.unit.many
            let capacityUnits = capacity == 1 ? mode.unit.one : mode.unit.many
            var hints: [String] = []
            if level > .l { hints.append("lower the level (--level L)") }
            if strict && version < 40 { hints.append("raise --version or drop --strict-version") }
            hints.append(
                parts < 16
                    ? "split it over more symbols (--split \(parts + 1)\(parts < 15 ? " to 16" : ""))"
                    : "shorten it: 16 symbols are the most structured append joins")
            return "payload too large for \(parts) symbols: part \(part) of \(parts) is \(length) \(units) in \(mode.rawValue) mode, "
                + "but a version \(version)-\(level.rawValue) symbol holds at most \(capacity) \(capacityUnits) in that mode "
                + "with its structured-append header; " + hints.joined(separator: ", ")
        case .invalidInput:
            return "libqrencode rejected the input as invalid"
        case .outOfMemory:
            return "out of memory while encoding"
        case .libraryFailure(let code):
            return "libqrencode failed (errno \(code))"
        case .invalidRenderOption(let message):
            return message
        case .invalidColor(let text):
            return "'\(text)' is not a colour; use a CSS colour name (red, navy, transparent …) or RRGGBB or RRGGBBAA hexadecimal, such as 000000 or ffffff00"
        case .targetSizeTooSmall(let size, let modules, let margin):
            return "size \(size) px is too small: the symbol and its \(margin)-module quiet zone are \(modules) modules wide, so they need at least \(modules) px"
        case .lowContrast(let foreground, let background, let ratio, let minimum):
            return "\(foreground) on \(background) has a contrast ratio of \(Self.ratioText(ratio)):1, below the \(Self.ratioText(minimum)):1 readers need to tell dark modules from light"
        case .characterNotInMode(let character, let position, let mode):
            return "\(character) (character \(position)) does not fit \(mode.rawValue) mode, which holds \(mode.repertoire) only"
        case .unknownCharacterSet(let name):
            return "iconv knows no character set named '\(name)' (see iconv --list)"
        case .notInCharacterSet(let character, let position, let characterSet):
            return "\(character) (character \(position)) has no form in \(characterSet)"
        case .noECIDesignator(let name):
            return "an ECI header cannot declare \(name): ECI designators exist for UTF-8, ISO-8859-1 to -16 (but -12), Shift_JIS, CP1250 to CP1252, CP1256, UTF-16BE, US-ASCII, Big5, GB18030 and EUC-KR"
        case .imageTooLarge(let width, let height, let limit):
            return "the picture would be \(width)×\(height) pixels, over the limit of \(limit); lower --scale or --size-px"
        case .pngWriteFailed(let message):
            return "cannot write PNG: \(message)"
        }
    }

    /// A ratio with two decimals, as `1.07` or `4.5`.
    private static func ratioText(_ ratio: Double) -> String {
        Decimal.text(Int((ratio * 10_000).rounded()), 10_000, digits: 2)
    }
}
