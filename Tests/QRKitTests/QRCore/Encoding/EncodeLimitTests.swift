// QRKit tests — the encoder at its limits: structured append past what 16 symbols hold,
// payloads far past any symbol, hints that must not suggest the impossible. (The
// ordinary refusals are in EncodeErrorTests.)
import QRCorpus
import QRTestSupport
import Testing

@testable import QRCore
@testable import QRKit

@Suite struct EncodeLimitTests {
    let encoder = QREncoder()

    @Test func sixteenSymbolsHoldSixteenTimesOnePartAndNoMore() throws {
        // At 40-L one part holds 2951 bytes beside its structured-append header.
        let fits = [UInt8](repeating: 0x61, count: 16 * 2951)
        #expect(try encoder.encodeSplit(.bytes(fits), into: 16, options: EncodeOptions(level: .l)).count == 16)
        let error = #expect(throws: EncodeError.self) {
            try encoder.encodeSplit(.bytes(fits + [0x61]), into: 16, options: EncodeOptions(level: .l))
        }
        guard case .splitPartTooLarge(_, 16, 2952, .byte, 2951, 40, .l, false, 20) = try #require(error) else {
            Issue.record("\(String(describing: error))")
            return
        }
        let message = try #require(error).description
        #expect(message.contains("payload too large for 16 symbols") && message.contains("at most 2951 bytes"))
        // At 16 there are no more symbols to suggest.
        #expect(message.contains("16 symbols are the most") && !message.contains("encodeSplit"))
    }

    @Test func aSplitTooLargeSuggestsMoreSymbolsWhileThereAreAny() {
        let message = EncodeError.splitPartTooLarge(
            part: 2, parts: 15, length: 3150, mode: .byte, capacity: 2329, version: 40, level: .m, strict: false
        ).description
        // 40-L holds 2951 bytes a part: a lower level would not do.
        #expect(message.contains("part 2 of 15 is 3150 bytes") && !message.contains("lower the level"))
        #expect(
            EncodeError.splitPartTooLarge(
                part: 2, parts: 15, length: 2500, mode: .byte, capacity: 2329, version: 40, level: .m, strict: false
            ).description.contains("lower the level to L (`EncodeOptions.level = .l`)"))
        #expect(message.hasSuffix("split it over 16 symbols (the part count of `QREncoder.encodeSplit`)"))
        #expect(
            EncodeError.splitPartTooLarge(
                part: 1, parts: 4, length: 9, mode: .byte, capacity: 7, version: 1, level: .l, strict: true
            ).description.hasSuffix(
                "raise `EncodeOptions.version` or drop `EncodeOptions.strictVersion`, split it over 5 to 16 symbols (the part count of `QREncoder.encodeSplit`)"
            ))
    }

    /// 100 000 digits are more than the 65 536 bytes one symbol's payload is checked
    /// against, yet 16 numeric parts of 6250 digits fit: they were refused unsplit.
    @Test func aLongNumericPayloadSplitsOverSixteenSymbolsAndReadsBack() throws {
        var random = SplitMix64(seed: 16)
        let digits = (0..<100_000).map { _ in UInt8(0x30 + random.next() % 10) }
        let symbols = try encoder.encodeSplit(.bytes(digits), into: 16, options: EncodeOptions(level: .l))
        #expect(symbols.count == 16)
        var read: [UInt8] = []
        for symbol in symbols {
            let image = try GrayImageRenderer(options: RenderOptions(scale: 2)).render(symbol)
            let found = try ZXingEngine(passes: [.fast]).decode(image, cancel: CancellationFlag())
            read += try #require(found.first).bytes
        }
        #expect(read == digits)
    }

    @Test func aPayloadTooLargeEvenToSplitNamesOneSixteenth() {
        let bytes = [UInt8](repeating: 0x61, count: 1 << 20)
        #expect(
            throws: EncodeError.splitPartTooLarge(
                part: 1, parts: 16, length: 65_536, mode: .byte, capacity: 2329, version: 40, level: .m, strict: false)
        ) {
            try encoder.encodeSplit(.bytes(bytes), into: 16)
        }
    }

    @Test func atTheLargestVersionNoHintSaysRaiseIt() throws {
        let error = #expect(throws: EncodeError.self) {
            try encoder.encode(
                bytes: [UInt8](repeating: 0x62, count: 1274),
                options: EncodeOptions(level: .h, version: 40, strictVersion: true))
        }
        #expect(
            error
                == .payloadTooLarge(
                    length: 1274, mode: .byte, capacity: 1273, version: 40, level: .h, micro: false, strict: true))
        let message = try #require(error).description
        #expect(
            !message.contains("raise `EncodeOptions.version`")
                && message.hasSuffix("lower the level to Q (`EncodeOptions.level = .q`)"))
        let micro = EncodeError.payloadTooLarge(
            length: 16, mode: .byte, capacity: 15, version: 4, level: .l, micro: true, strict: true)
        #expect(
            !micro.description.contains("raise `EncodeOptions.version`")
                && micro.description.contains("drop `EncodeOptions.micro`"))
    }

    @Test func microHeldToAVersionWithoutTheLevelIsRefusedBeforeEncoding() throws {
        // M2 and M3 have L and M only; Q needs M4.
        #expect(throws: EncodeError.conflictingOptions(.microVersionWithoutLevel(version: 2, level: .q))) {
            try encoder.encode(
                text: "ABC", options: EncodeOptions(level: .q, version: 2, strictVersion: true, micro: true))
        }
        // Not held to it, the symbol grows to M4, the first with Q.
        #expect(
            try encoder.encode(text: "ABC", options: EncodeOptions(level: .q, version: 2, micro: true)).version == 4)
    }

    @Test func theSplitMessageIsOneLine() {
        let error = EncodeError.splitPartTooLarge(
            part: 3, parts: 16, length: 5000, mode: .numeric, capacity: 4, version: 1, level: .h, strict: true)
        #expect(!error.description.contains("\n"))
    }
}
