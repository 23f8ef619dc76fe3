// QRKit — SymbolText: turning a symbol's bytes into text, the same way for every engine.

/// Decodes the payload bytes of a QR symbol to text.
///
/// For symbols whose engine reports no character set of their own (zxing-cpp applies an
/// ECI designator or a Kanji segment itself; zbar reports neither). The rule, in order:
/// UTF-8 when the bytes are valid UTF-8; else Shift_JIS (as Windows-31J, ASCII kept as
/// ASCII) when the bytes form valid Shift_JIS and look Japanese (many Japanese encoders
/// write it in byte mode); else ISO-8859-1, the QR default, which accepts any byte.
/// Conversion goes through the C library's iconv, so decoding needs no Foundation.
///
///     SymbolText.decode([0x93, 0xFA, 0x96, 0x7B])   // "日本"
public enum SymbolText {
    /// Decodes `bytes` to text.
    ///
    /// - Parameter bytes: the payload.
    /// - Returns: the text; never fails (ISO-8859-1 maps every byte).
    public static func decode(_ bytes: [UInt8]) -> String {
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
