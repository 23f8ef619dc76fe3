// QRKit — Shift_JIS for Kanji mode; the only file that talks to iconv.
//
// libqrencode takes Kanji as Shift_JIS bytes. Foundation's converter would load all of
// Foundation (and ICU) into every `qr` run, so this uses the C library's iconv instead.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

enum ShiftJIS {
    /// Converts `text` to Shift_JIS bytes.
    ///
    /// - Throws: `EncodeError.notShiftJIS` naming the first character Shift_JIS lacks,
    ///   or `.shiftJISUnavailable` when iconv has no Shift_JIS converter.
    static func encode(_ text: String) throws -> [UInt8] {
        let invalidHandle = iconv_t(bitPattern: -1)
        guard let converter = iconv_open("SHIFT_JIS", "UTF-8"), converter != invalidHandle else {
            throw EncodeError.shiftJISUnavailable
        }
        defer { iconv_close(converter) }

        var input = Array(text.utf8)
        let inputCount = input.count
        // Shift_JIS never needs more bytes than UTF-8 for the same character.
        var output = [UInt8](repeating: 0, count: inputCount + 4)
        let outcome: (failed: Bool, consumed: Int, produced: Int) = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                inBuffer.withMemoryRebound(to: CChar.self) { inChars in
                    outBuffer.withMemoryRebound(to: CChar.self) { outChars in
                        var inPointer = inChars.baseAddress
                        var outPointer = outChars.baseAddress
                        var inLeft = inChars.count
                        var outLeft = outChars.count
                        let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                        return (result == -1, inChars.count - inLeft, outChars.count - outLeft)
                    }
                }
            }
        }
        guard !outcome.failed else {
            throw characterError(in: text, atUTF8Offset: outcome.consumed)
        }
        return Array(output[..<outcome.produced])
    }

    /// The error for the character starting at a UTF-8 offset of `text`.
    private static func characterError(in text: String, atUTF8Offset offset: Int) -> EncodeError {
        var utf8Offset = 0
        for (index, character) in text.enumerated() {
            let count = character.utf8.count
            if offset < utf8Offset + count {
                let shown = character.unicodeScalars
                    .map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
                    .joined(separator: " ")
                return .notShiftJIS(character: "\(character) \(shown)", index: index)
            }
            utf8Offset += count
        }
        return .notShiftJIS(character: "?", index: text.count)
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

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
