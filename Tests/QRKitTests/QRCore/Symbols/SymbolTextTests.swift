// QRKit tests — SymbolText: one text decoding for every engine.
import Testing
@testable import QRCore
@testable import QRKit

@Suite(.tags(.sanitized)) struct SymbolTextTests {
    @Test func utf8WhenValid() {
        #expect(SymbolText.decode(Array("héllo wörld 日本".utf8)) == "héllo wörld 日本")
    }

    @Test func asciiStaysAscii() {
        #expect(SymbolText.decode(Array("http://example.org/?a=1".utf8)) == "http://example.org/?a=1")
    }

    @Test func shiftJISWhenTheBytesAreShiftJIS() {
        // 日本語 in Shift_JIS: invalid UTF-8, valid Shift_JIS with double-byte characters.
        #expect(SymbolText.decode([0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA]) == "日本語")
        // Half-width katakana (ﾃﾞｻﾞｲﾝ) as Japanese encoders write them.
        #expect(SymbolText.decode([0xC3, 0xDE, 0xBB, 0xDE, 0xB2, 0xDD, 0x51, 0x52]) == "ﾃﾞｻﾞｲﾝQR")
        // ASCII backslash and tilde stay themselves beside Japanese text (not ¥ and ‾).
        #expect(SymbolText.decode([0x93, 0xFA, 0x5C, 0x7E]) == "日\\~")
    }

    /// The text decoder counts every CP932 lead byte but those of the user-defined area
    /// (0xF0–0xF9), where the encoder, which walks CP932 characters, counts them all.
    @Test func shiftJISLeadBytesAreThoseOfJapaneseText() {
        // IBM extensions (0xFA–0xFC) are Japanese text: ⅰ (U+2170) is 0xFA40.
        #expect(SymbolText.decode([0xFA, 0x40, 0x93, 0xFA]) == "ⅰ日")
        // The user-defined area is not: ñ (0xF1) before a letter stays ISO-8859-1.
        #expect(SymbolText.decode([0x45, 0x73, 0x70, 0x61, 0xF1, 0x61]) == "España")
        #expect(SymbolText.decode([0x6D, 0x65, 0xF0, 0x61, 0x6C]) == "meðal")
    }

    @Test func latin1OtherwiseAndNeverFails() {
        #expect(SymbolText.decode([0x43, 0x61, 0x66, 0xE9]) == "Café")
        // Two high bytes that could be one short katakana pair stay Latin-1.
        #expect(SymbolText.decode([0x47, 0x72, 0xF6, 0xDF, 0x65]) == "Größe")
        #expect(SymbolText.decode([0xBD, 0x20, 0x70, 0x72, 0x69, 0x63, 0x65]) == "½ price")
        let all = SymbolText.decode((0...255).map { UInt8($0) })
        #expect(all.unicodeScalars.count == 256)
    }

    @Test func binaryWithNULsKeepsEveryByte() {
        let bytes: [UInt8] = [0x00, 0x01, 0xFF, 0x00, 0x80]
        #expect(SymbolText.decode(bytes).unicodeScalars.map { UInt8($0.value) } == bytes)
    }
}
