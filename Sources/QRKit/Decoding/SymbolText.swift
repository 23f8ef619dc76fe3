// QRKit — SymbolText: turning a symbol's bytes into text, the same way for every engine.
import Foundation

/// Decodes the payload bytes of a QR symbol to text.
///
/// The rule, in order: the character set an ECI designator names; else UTF-8 when the
/// bytes are valid UTF-8; else Shift_JIS when the bytes form valid Shift_JIS (QR's
/// Kanji mode and many Japanese encoders); else ISO-8859-1, the QR default, which
/// accepts any byte.
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
        // Foundation decodes UTF-16 of an odd length by dropping the last byte (one byte
        // gives ""): such bytes are not UTF-16, whatever the ECI says.
        if let eci, let encoding = encoding(forECI: eci),
            encoding != .utf16BigEndian || bytes.count.isMultiple(of: 2),
            let text = String(data: Data(bytes), encoding: encoding)
        {
            return text
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return text
        }
        if looksLikeShiftJIS(bytes), let text = String(data: Data(bytes), encoding: .shiftJIS) {
            return text
        }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// The Foundation encoding for an ECI assignment number, for the character sets QR uses.
    static func encoding(forECI eci: Int) -> String.Encoding? {
        switch eci {
        case 1, 3: return .isoLatin1
        case 4: return .isoLatin2
        case 20: return .shiftJIS
        case 21: return .windowsCP1250
        case 22: return .windowsCP1251
        case 23: return .windowsCP1252
        case 24: return nil  // Windows-1256 (Arabic): not in Foundation; fall through to UTF-8 or Latin-1
        case 25: return .utf16BigEndian
        case 26: return .utf8
        case 27, 170: return .ascii
        default: return nil
        }
    }

    /// True when the bytes form valid Shift_JIS and look Japanese: at least one
    /// double-byte character, or a run of three or more half-width katakana (a lone high
    /// byte or two is likelier ISO-8859-1: "½", "Größe").
    static func looksLikeShiftJIS(_ bytes: [UInt8]) -> Bool {
        var i = 0
        var sawDoubleByte = false
        var kanaRun = 0
        var longestKanaRun = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x00...0x7F:
                kanaRun = 0
                i += 1
            case 0xA1...0xDF:  // half-width katakana
                kanaRun += 1
                longestKanaRun = max(longestKanaRun, kanaRun)
                i += 1
            case 0x81...0x9F, 0xE0...0xEF, 0xFA...0xFC:
                guard i + 1 < bytes.count else { return false }
                let t = bytes[i + 1]
                guard (0x40...0x7E).contains(t) || (0x80...0xFC).contains(t) else { return false }
                sawDoubleByte = true
                kanaRun = 0
                i += 2
            default:
                return false
            }
        }
        return sawDoubleByte || longestKanaRun >= 3
    }
}
