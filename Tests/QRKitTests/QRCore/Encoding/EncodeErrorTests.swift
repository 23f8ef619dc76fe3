// QRKit tests — every way encoding is refused, and what the messages tell the user.
import Testing

@testable import QRCore
@testable import QRKit

@Suite("Encoder errors")
struct EncodeErrorTests {
    let encoder = QREncoder()

    @Test func emptyInput() {
        #expect(throws: EncodeError.emptyInput) { try encoder.encode(text: "") }
        #expect(throws: EncodeError.emptyInput) { try encoder.encode(bytes: []) }
        #expect(throws: EncodeError.emptyInput) { try encoder.encodeSplit(text: "", into: 2) }
    }

    @Test func invalidUTF8SuggestsEightBit() {
        #expect(throws: EncodeError.invalidUTF8(offset: 2)) { try QRPayload(utf8: [0x61, 0x62, 0xFF, 0x63]) }
        #expect(throws: EncodeError.invalidUTF8(offset: 1)) { try QRPayload(utf8: [0x61, 0xC3]) }  // truncated
        #expect(throws: EncodeError.invalidUTF8(offset: 0)) { try QRPayload(utf8: [0xED, 0xA0, 0x80]) }  // surrogate
        #expect(
            EncodeError.invalidUTF8(offset: 2).description.contains(
                "use `QRPayload.bytes` to encode the bytes as they are"))
        #expect((try? QRPayload(utf8: Array("héllo".utf8))) == .text("héllo"))
    }

    @Test(arguments: [0, -1, 41, 1000])
    func versionOutOfRange(version: Int) {
        #expect(throws: EncodeError.versionOutOfRange(version: version, micro: false)) {
            try encoder.encode(text: "x", options: EncodeOptions(version: version))
        }
    }

    @Test func microVersionOutOfRange() {
        #expect(throws: EncodeError.versionOutOfRange(version: 5, micro: true)) {
            try encoder.encode(text: "1", options: EncodeOptions(level: .l, version: 5, micro: true))
        }
        #expect(EncodeError.versionOutOfRange(version: 5, micro: true).description.contains("1 to 4"))
    }

    @Test func microRefusesImpossibleCombinations() {
        #expect(throws: EncodeError.levelUnavailableInMicro(.h)) {
            try encoder.encode(text: "1", options: EncodeOptions(level: .h, micro: true))
        }
        #expect(throws: EncodeError.self) {
            try encoder.encode(text: "1", options: EncodeOptions(level: .l, micro: true, eci: true))
        }
        #expect(throws: EncodeError.self) {
            try encoder.encodeSplit(text: "12", into: 2, options: EncodeOptions(level: .l, micro: true))
        }
        // M1 has level L only: holding to M1 at level M cannot work.
        #expect(throws: EncodeError.self) {
            try encoder.encode(
                text: "1", options: EncodeOptions(level: .m, version: 1, strictVersion: true, micro: true))
        }
    }

    @Test func conflictingModes() {
        #expect(throws: EncodeError.kanjiNeedsText) {
            try encoder.encode(bytes: [0x41], options: EncodeOptions(mode: .kanji))
        }
        #expect(throws: EncodeError.self) {
            try encoder.encode(text: "a", options: EncodeOptions(mode: .kanji, eci: true))
        }
        #expect(throws: EncodeError.self) {
            try encoder.encode(text: "a", options: EncodeOptions(mode: .eightBit, caseSensitive: false))
        }
        #expect(throws: EncodeError.self) { try encoder.encode(text: "a", options: EncodeOptions(strictVersion: true)) }
    }

    @Test func eciNeedsUTF8Bytes() {
        #expect(throws: EncodeError.eciNeedsUTF8(offset: 1)) {
            try encoder.encode(bytes: [0x41, 0xFF], options: EncodeOptions(eci: true))
        }
    }

    @Test func kanjiRefusesCharactersShiftJISLacks() {
        #expect(throws: EncodeError.notShiftJIS(character: "é U+00E9", index: 2)) {
            try encoder.encode(text: "漢字é", options: EncodeOptions(mode: .kanji))
        }
        let message = EncodeError.notShiftJIS(character: "é U+00E9", index: 2).description
        #expect(message.contains("drop `EncodeMode.kanji`") && message.contains("U+00E9"))
    }

    @Test(arguments: [0, 17, -3])
    func splitCountOutOfRange(parts: Int) {
        #expect(throws: EncodeError.invalidSplitCount(parts)) {
            try encoder.encodeSplit(text: "hello world", into: parts)
        }
    }

    @Test func tooShortToSplit() {
        #expect(throws: EncodeError.tooShortToSplit(length: 3, parts: 4)) {
            try encoder.encodeSplit(text: "héé", into: 4)
        }
    }

    @Test func tooLargeStatesTheCapacity() throws {
        let bytes = [UInt8](repeating: 0x61, count: 3000)
        let error = #expect(throws: EncodeError.self) {
            try encoder.encode(bytes: bytes, options: EncodeOptions(level: .m))
        }
        #expect(
            error
                == .payloadTooLarge(
                    length: 3000, mode: .byte, capacity: 2331, version: 40, level: .m, micro: false, strict: false))
        let message = try #require(error).description
        #expect(message.contains("3000 bytes") && message.contains("2331") && message.contains("version 40-M"))
        // 40-L holds 2953 bytes, so only splitting helps.
        #expect(!message.contains("EncodeOptions.level") && message.hasSuffix("(`QREncoder.encodeSplit(_:into: 2)`)"))
    }

    @Test func tooLargeCountsTheDensestMode() {
        let digits = String(repeating: "1", count: 7090)
        #expect(
            throws: EncodeError.payloadTooLarge(
                length: 7090, mode: .numeric, capacity: 7089, version: 40, level: .l, micro: false, strict: false)
        ) {
            try encoder.encode(text: digits, options: EncodeOptions(level: .l))
        }
        let letters = String(repeating: "A", count: 100)
        #expect(
            throws: EncodeError.payloadTooLarge(
                length: 100, mode: .alphanumeric, capacity: 47, version: 2, level: .l, micro: false, strict: true)
        ) {
            try encoder.encode(text: letters, options: EncodeOptions(level: .l, version: 2, strictVersion: true))
        }
    }

    @Test func tooLargeForStrictVersion() throws {
        let error = #expect(throws: EncodeError.self) {
            try encoder.encode(
                text: "this does not fit in version one",
                options: EncodeOptions(level: .h, version: 1, strictVersion: true))
        }
        #expect(
            error
                == .payloadTooLarge(
                    length: 32, mode: .byte, capacity: 7, version: 1, level: .h, micro: false, strict: true))
        #expect(try #require(error).description.contains("drop `EncodeOptions.strictVersion`"))
    }

    @Test func tooLargeWithECICountsTheHeader() {
        // ECI mode and designator take 12 bits: 2952 bytes still fit 40-L, 2953 do not.
        #expect(throws: Never.self) {
            try encoder.encode(
                bytes: [UInt8](repeating: 0x61, count: 2952), options: EncodeOptions(level: .l, eci: true))
        }
        let bytes = [UInt8](repeating: 0x61, count: 2953)
        #expect(
            throws: EncodeError.payloadTooLarge(
                length: 2953, mode: .byte, capacity: 2952, version: 40, level: .l, micro: false, strict: false,
                overheadBits: 12)
        ) {
            try encoder.encode(bytes: bytes, options: EncodeOptions(level: .l, eci: true))
        }
    }

    @Test func tooLargeForMicro() throws {
        let error = #expect(throws: EncodeError.self) {
            try encoder.encode(text: "far too long for a micro symbol", options: EncodeOptions(level: .l, micro: true))
        }
        #expect(
            error
                == .payloadTooLarge(
                    length: 31, mode: .byte, capacity: 15, version: 4, level: .l, micro: true, strict: false))
        #expect(try #require(error).description.contains("M4-L Micro QR"))
    }

    @Test func tooLargeCountsFromVersion40UnlessStrict() {
        let bytes = [UInt8](repeating: 0x61, count: 3000)
        #expect(
            throws: EncodeError.payloadTooLarge(
                length: 3000, mode: .byte, capacity: 2953, version: 40, level: .l, micro: false, strict: false)
        ) {
            try encoder.encode(bytes: bytes, options: EncodeOptions(level: .l, version: 5))
        }
        #expect(
            throws: EncodeError.payloadTooLarge(
                length: 16, mode: .byte, capacity: 15, version: 4, level: .l, micro: true, strict: false)
        ) {
            try encoder.encode(text: "sixteen bytes!!!", options: EncodeOptions(level: .l, version: 3, micro: true))
        }
        // Held to M2, Kanji does not fit at all: M2 has no Kanji mode.
        #expect(
            throws: EncodeError.payloadTooLarge(
                length: 1, mode: .kanji, capacity: 0, version: 2, level: .l, micro: true, strict: true)
        ) {
            try encoder.encode(
                text: "漢", options: EncodeOptions(level: .l, version: 2, strictVersion: true, micro: true, mode: .kanji)
            )
        }
    }

    /// A lower level is advised only when it holds the payload; else the fewest parts
    /// that do, or, past 16, the most any code holds.
    @Test(arguments: [
        (4000, ErrorCorrectionLevel.h, "split it over 4 symbols (`QREncoder.encodeSplit(_:into: 4)`)"),
        (4000, .m, "split it over 2 symbols (`QREncoder.encodeSplit(_:into: 2)`)"),
        (2000, .h, "lower the level to M (`EncodeOptions.level = .m`)"),
        (1500, .h, "lower the level to Q (`EncodeOptions.level = .q`)"),
        (
            50_000, .l,
            "it is too long for any QR code: one holds at most 2953 bytes in byte mode (version 40-L), and 16 joined by structured append 47216"
        ),
    ])
    func tooLargeAdvisesWhatHoldsIt(length: Int, level: ErrorCorrectionLevel, advice: String) throws {
        let error = #expect(throws: EncodeError.self) {
            try encoder.encode(bytes: [UInt8](repeating: 0x61, count: length), options: EncodeOptions(level: level))
        }
        let message = try #require(error).description
        #expect(message.hasSuffix("; " + advice), "\(message)")
    }

    @Test func tooLargeForMicroAtLevelLAdvisesNoLevel() throws {
        // M4-L holds 15 bytes: no level holds 24.
        let error = #expect(throws: EncodeError.self) {
            try encoder.encode(
                text: String(repeating: "a", count: 24), options: EncodeOptions(level: .m, micro: true))
        }
        let message = try #require(error).description
        #expect(
            message.hasSuffix(
                "holds at most 13 bytes in that mode; drop `EncodeOptions.micro` for a standard QR symbol"))
        // 14 bytes fit M4-L.
        let fits = #expect(throws: EncodeError.self) {
            try encoder.encode(text: String(repeating: "a", count: 14), options: EncodeOptions(level: .q, micro: true))
        }
        #expect(try #require(fits).description.contains("lower the level to L (`EncodeOptions.level = .l`), or drop"))
    }

    @Test func tooLargeSplitNamesThePart() {
        let bytes = [UInt8](repeating: 0x61, count: 2 * 2953)
        #expect(throws: EncodeError.self) {
            try encoder.encodeSplit(.bytes(bytes), into: 2, options: EncodeOptions(level: .l))
        }
        #expect((try? encoder.encodeSplit(.bytes(bytes), into: 3, options: EncodeOptions(level: .l)))?.count == 3)
    }

    @Test func hugePayloadIsRefusedWithoutCrashing() {
        let bytes = [UInt8](repeating: 0x61, count: 1 << 20)
        #expect(throws: EncodeError.self) { try encoder.encode(bytes: bytes) }
        #expect(throws: EncodeError.self) {
            try encoder.encode(bytes: bytes, options: EncodeOptions(level: .l, micro: true))
        }
        #expect(throws: EncodeError.self) { try encoder.encodeSplit(.bytes(bytes), into: 16) }
    }
}
