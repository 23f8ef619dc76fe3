// QRKit — EncodeMode: the encoding modes a payload may be written in.
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
