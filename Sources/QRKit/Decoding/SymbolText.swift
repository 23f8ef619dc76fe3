// QRKit — SymbolText: turning a symbol's bytes into text, the same way for every engine.

/// Decodes the payload bytes of a QR symbol to text.
///
/// The rule, in order: the character set an ECI designator names; else UTF-8 when the
/// bytes are valid UTF-8; else Shift_JIS (as Windows-31J, ASCII kept as ASCII) when the
/// bytes form valid Shift_JIS and look Japanese (QR's Kanji mode and many Japanese
/// encoders); else ISO-8859-1, the QR default, which accepts any byte. Conversion goes
/// through the C library's iconv, so decoding needs no Foundation.
///
///     SymbolText.decode([0x93, 0xFA, 0x96, 0x7B])   // "日本"
public enum SymbolText {
    /// Decodes `bytes` to text.
    ///
    /// - Parameters:
    ///   - bytes: the payload, ECI designators already removed.
    ///   - eci: the ECI assignment number the symbol declared, if any.
    /// - Returns: the text; never fails (ISO-8859-1 maps every byte).
    public static func decode(_ bytes: [UInt8], eci: Int? = nil) -> String {
        if let eci, let charset = charset(forECI: eci), let text = convert(bytes, from: charset) {
            return text
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return text
        }
        if looksLikeShiftJIS(bytes), let text = convert(bytes, from: "CP932") {
            return text
        }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// The bytes converted from `charset` (an iconv name) to text; nil when invalid there.
    private static func convert(_ bytes: [UInt8], from charset: String) -> String? {
        guard case .converted(let utf8) = Iconv.convert(bytes, from: charset, to: "UTF-8") else { return nil }
        return String(validating: utf8, as: UTF8.self)
    }

    /// The iconv name of the character set an ECI assignment number stands for.
    static func charset(forECI eci: Int) -> String? {
        switch eci {
        case 0, 2: return "CP437"
        case 1, 3: return "ISO-8859-1"
        case 4...13: return "ISO-8859-\(eci - 2)"
        case 15...18: return "ISO-8859-\(eci - 2)"
        case 20: return "CP932"
        case 21: return "CP1250"
        case 22: return "CP1251"
        case 23: return "CP1252"
        case 24: return "CP1256"
        case 25: return "UTF-16BE"
        case 26: return "UTF-8"
        case 27, 170: return "ASCII"
        case 28: return "BIG5"
        case 29: return "GB18030"
        case 30: return "EUC-KR"
        case 32: return "GB18030"
        case 33: return "UTF-16LE"
        case 34: return "UTF-32BE"
        case 35: return "UTF-32LE"
        default: return nil
        }
    }

    /// True when the bytes form valid Shift_JIS and look Japanese: at least one
    /// double-byte character, or a run of three or more half-width katakana (a lone high
    /// byte or two is likelier ISO-8859-1: "½", "Größe").
    ///
    /// A character of the user-defined area does not count as Shift_JIS: it is a
    /// private-use character, never Japanese text, and its lead bytes are ð, ñ and ò–ù in
    /// ISO-8859-1, letters that stand before another letter ("España").
    static func looksLikeShiftJIS(_ bytes: [UInt8]) -> Bool {
        var i = 0
        var sawDoubleByte = false
        var kanaRun = 0
        var longestKanaRun = 0
        while i < bytes.count {
            let b = bytes[i]
            if b <= 0x7F {
                kanaRun = 0
                i += 1
            } else if (0xA1...0xDF).contains(b) {  // half-width katakana
                kanaRun += 1
                longestKanaRun = max(longestKanaRun, kanaRun)
                i += 1
            } else if ShiftJIS.isLeadByte(b), !ShiftJIS.isUserDefinedLeadByte(b) {
                guard i + 1 < bytes.count, ShiftJIS.isTrailByte(bytes[i + 1]) else { return false }
                sawDoubleByte = true
                kanaRun = 0
                i += 2
            } else {
                return false
            }
        }
        return sawDoubleByte || longestKanaRun >= 3
    }
}
