// QRKit — QRDataMode: the data modes of ISO/IEC 18004, and what each character costs.
/// The kind of segment data is written in; capacity is counted in its units.
public enum QRDataMode: String, Sendable, CaseIterable {
    /// Digits 0–9, 10 bits per 3 digits.
    case numeric
    /// 0–9, A–Z, space and `$%*+-./:`, 11 bits per 2 characters.
    case alphanumeric
    /// Any byte, 8 bits each.
    case byte
    /// Shift_JIS double-byte characters, 13 bits each.
    case kanji

    /// What a segment of this mode can hold, for messages.
    var repertoire: String {
        switch self {
        case .numeric: "the digits 0-9"
        case .alphanumeric: "0-9, A-Z (upper case), space and $%*+-./:"
        case .byte: "bytes"
        case .kanji: "double-byte Shift_JIS Kanji characters"
        }
    }

    /// Data bits of `length` units in a segment of this mode, without its header.
    func bits(forLength length: Int) -> Int {
        switch self {
        case .numeric: length / 3 * 10 + [0, 4, 7][length % 3]
        case .alphanumeric: length / 2 * 11 + length % 2 * 6
        case .byte: length * 8
        case .kanji: length * 13
        }
    }

    /// The unit capacity is counted in, singular and plural.
    var unit: (one: String, many: String) {
        switch self {
        case .numeric: ("digit", "digits")
        case .alphanumeric: ("character", "characters")
        case .byte: ("byte", "bytes")
        case .kanji: ("Kanji character", "Kanji characters")
        }
    }
}
