// QRKit — Shift_JIS for Kanji mode: libqrencode takes Kanji as Shift_JIS bytes.

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

    /// True when `byte` starts a double-byte Shift_JIS character.
    static func isLeadByte(_ byte: UInt8) -> Bool {
        (0x81...0x9F).contains(byte) || (0xE0...0xFC).contains(byte)
    }
}
