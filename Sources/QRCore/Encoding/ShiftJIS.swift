// QRKit — Shift_JIS: Kanji mode's bytes (libqrencode takes Kanji as Shift_JIS), and the
// byte ranges both the encoder and the text decoder go by.
//
// Shift_JIS here is Windows-31J (CP932), as iconv writes and reads it. Its double-byte
// characters start with 0x81–0x9F or 0xE0–0xFC. Within those lead bytes, JIS X 0208
// takes 0x81–0x9F and 0xE0–0xEF (its characters end at 0xEA), QR's Kanji mode
// 0x8140–0x9FFC and 0xE040–0xEBBF, NEC's and IBM's extensions 0xED–0xEE and 0xFA–0xFC,
// and the user-defined area 0xF0–0xF9 (private-use characters).

enum ShiftJIS {
    /// Converts `text` to Shift_JIS bytes.
    ///
    /// - Throws: `EncodeError.notShiftJIS` naming the first character Shift_JIS lacks,
    ///   or `.shiftJISUnavailable` when iconv has no Shift_JIS converter.
    static func encode(_ text: String) throws -> [UInt8] {
        switch Iconv.convert(Array(text.utf8), from: "UTF-8", to: "CP932") {
        case .converted(let bytes): return bytes
        case .invalid(let offset): throw characterError(in: text, atUTF8Offset: offset)
        case .unavailable: throw EncodeError.shiftJISUnavailable
        }
    }

    /// The error for the character starting at a UTF-8 offset of `text`.
    private static func characterError(in text: String, atUTF8Offset offset: Int) -> EncodeError {
        let found = text.character(atUTF8Offset: offset)
        return .notShiftJIS(character: found.shown, index: found.index)
    }

    /// True when `first`, `second` is a double-byte character that Kanji mode can hold
    /// (0x8140–0x9FFC or 0xE040–0xEBBF).
    static func isKanjiPair(_ first: UInt8, _ second: UInt8) -> Bool {
        let code = UInt16(first) << 8 | UInt16(second)
        return (0x8140...0x9FFC).contains(code) || (0xE040...0xEBBF).contains(code)
    }

    /// True when `byte` starts a double-byte character: 0x81–0x9F or 0xE0–0xFC, every lead
    /// byte iconv's CP932 writes (a private-use character, U+E000 say, comes out as 0xF040).
    /// What walking Shift_JIS bytes a character at a time needs.
    static func isLeadByte(_ byte: UInt8) -> Bool {
        (0x81...0x9F).contains(byte) || (0xE0...0xFC).contains(byte)
    }

    /// True when `byte` starts a character of the user-defined area (0xF0–0xF9): a
    /// private-use character, which no Japanese text holds.
    static func isUserDefinedLeadByte(_ byte: UInt8) -> Bool {
        (0xF0...0xF9).contains(byte)
    }

    /// True when `byte` can end a double-byte character: 0x40–0x7E or 0x80–0xFC.
    static func isTrailByte(_ byte: UInt8) -> Bool {
        (0x40...0x7E).contains(byte) || (0x80...0xFC).contains(byte)
    }
}
