// QRKit tests — single-mode segments, character sets, the level boost, CSS colours and the
// contrast check; forced modes and boosted levels against libqrencode's own output.
import CQREncode
import QRCorpus
import QRTestSupport
import Testing

@testable import QRCore
@testable import QRKit

private let encoder = QREncoder()

/// libqrencode's symbol for one segment of `mode`, made through its QRinput API.
private func referenceSegment(_ bytes: [UInt8], mode: QRencodeMode, version: Int = 0, level: ErrorCorrectionLevel)
    -> [Bool]?
{
    guard let input = QRinput_new2(Int32(version), QRecLevel(rawValue: UInt32(level.rank))) else { return nil }
    defer { QRinput_free(input) }
    let appended = bytes.withUnsafeBufferPointer { QRinput_append(input, mode, Int32($0.count), $0.baseAddress) }
    guard appended == 0, let code = QRcode_encodeInput(input) else { return nil }
    defer { QRcode_free(code) }
    let size = Int(code.pointee.width)
    return UnsafeBufferPointer(start: code.pointee.data, count: size * size).map { $0 & 1 == 1 }
}

@Suite("Encoder: one segment of a chosen mode")
struct SingleModeTests {
    @Test(arguments: [
        (EncodeMode.numeric, "0123456789012345678", QR_MODE_NUM),
        (.alphanumeric, "HELLO WORLD $%*+-./:", QR_MODE_AN),
        (.eightBit, "hello, bytes", QR_MODE_8),
    ])
    func sameModulesAsLibqrencode(mode: EncodeMode, text: String, qrMode: QRencodeMode) throws {
        for level in ErrorCorrectionLevel.allCases {
            let matrix = try encoder.encode(text: text, options: EncodeOptions(level: level, mode: mode))
            #expect(
                matrix.modules == referenceSegment(Array(text.utf8), mode: qrMode, level: level), "\(mode) at \(level)")
        }
    }

    @Test func kanjiOnlyIsOneKanjiSegment() throws {
        let matrix = try encoder.encode(text: "漢字", options: EncodeOptions(mode: .kanjiOnly))
        #expect(matrix.modules == referenceSegment([0x8A, 0xBF, 0x8E, 0x9A], mode: QR_MODE_KANJI, level: .m))
        #expect(
            TestDecoding.zbar(try GrayImageRenderer(options: RenderOptions(scale: 3)).render(matrix)) == [
                [0x8A, 0xBF, 0x8E, 0x9A]
            ])
    }

    @Test func theFirstCharacterThatDoesNotFitIsNamed() {
        #expect(throws: EncodeError.characterNotInMode(character: "'a'", position: 3, mode: .numeric)) {
            try encoder.encode(text: "12a", options: EncodeOptions(mode: .numeric))
        }
        #expect(throws: EncodeError.characterNotInMode(character: "'c'", position: 3, mode: .alphanumeric)) {
            try encoder.encode(text: "ABc", options: EncodeOptions(mode: .alphanumeric))
        }
        #expect(throws: EncodeError.characterNotInMode(character: "é U+00E9", position: 2, mode: .numeric)) {
            try encoder.encode(text: "1é", options: EncodeOptions(mode: .numeric))
        }
        #expect(throws: EncodeError.characterNotInMode(character: "'a'", position: 3, mode: .kanji)) {
            try encoder.encode(text: "漢字a", options: EncodeOptions(mode: .kanjiOnly))
        }
        #expect(throws: EncodeError.characterNotInMode(character: "byte 0xff", position: 2, mode: .numeric)) {
            try encoder.encode(bytes: [0x31, 0xFF], options: EncodeOptions(mode: .numeric))
        }
        let message = EncodeError.characterNotInMode(character: "'a'", position: 3, mode: .numeric).description
        #expect(message == "'a' (character 3) does not fit numeric mode, which holds the digits 0-9 only")
    }

    @Test func caseInsensitiveLettersFitAlphanumeric() throws {
        let matrix = try encoder.encode(
            text: "Hello", options: EncodeOptions(mode: .alphanumeric, caseSensitive: false))
        #expect(matrix.modules == referenceSegment(Array("HELLO".utf8), mode: QR_MODE_AN, level: .m))
    }

    /// Each mode holds exactly its capacity at version 1-L, and one more is refused
    /// naming the capacity in that mode.
    @Test(arguments: [(EncodeMode.numeric, "7"), (.alphanumeric, "Z"), (.eightBit, "b"), (.kanjiOnly, "字")])
    func capacityOfEachMode(mode: EncodeMode, unit: String) throws {
        let dataMode = try #require(mode.singleMode)
        let capacity = QRCapacity.maximumLength(version: 1, level: .l, mode: dataMode)
        let options = EncodeOptions(level: .l, version: 1, strictVersion: true, mode: mode)
        #expect(try encoder.encode(text: String(repeating: unit, count: capacity), options: options).version == 1)
        #expect(
            throws: EncodeError.payloadTooLarge(
                length: capacity + 1, mode: dataMode, capacity: capacity, version: 1, level: .l, micro: false,
                strict: true)
        ) {
            try encoder.encode(text: String(repeating: unit, count: capacity + 1), options: options)
        }
    }

    @Test func microTakesASingleMode() throws {
        let matrix = try encoder.encode(text: "12345", options: EncodeOptions(level: .l, micro: true, mode: .numeric))
        #expect(matrix.isMicro && matrix.version == 1)
        #expect(throws: EncodeError.self) {
            try encoder.encode(
                text: "A",
                options: EncodeOptions(level: .l, version: 1, strictVersion: true, micro: true, mode: .alphanumeric))
        }
    }

    @Test func modesThatExcludeEachOther() {
        #expect(throws: EncodeError.self) { try EncodeOptions(mode: .numeric, characterSet: "ISO-8859-1").validate() }
        #expect(throws: EncodeError.self) { try EncodeOptions(mode: .alphanumeric, eci: true).validate() }
        #expect(throws: EncodeError.kanjiNeedsText) {
            try encoder.encode(bytes: [0x8A, 0xBF], options: EncodeOptions(mode: .kanjiOnly))
        }
    }
}

@Suite("Encoder: text in other character sets")
struct CharacterSetTests {
    @Test func latin1BytesReadBack() throws {
        let matrix = try encoder.encode(
            text: "café", options: EncodeOptions(mode: .eightBit, characterSet: "ISO-8859-1"))
        #expect(matrix.modules == referenceSegment([0x63, 0x61, 0x66, 0xE9], mode: QR_MODE_8, level: .m))
        let image = try GrayImageRenderer(options: RenderOptions(scale: 3)).render(matrix)
        #expect(TestDecoding.zbar(image) == [[0x63, 0x61, 0x66, 0xE9]])
    }

    @Test func eciDeclaresTheCharacterSet() throws {
        let matrix = try encoder.encode(text: "café €", options: EncodeOptions(eci: true, characterSet: "ISO-8859-15"))
        let image = try GrayImageRenderer(options: RenderOptions(scale: 3)).render(matrix)
        let read = try #require(try QRDecoder(strategy: .single(ZXingEngine())).decode(image).symbols.first)
        #expect(read.text == "café €")
        #expect(read.bytes == [0x63, 0x61, 0x66, 0xE9, 0x20, 0xA4])
    }

    @Test(arguments: [
        ("UTF-8", 26), ("utf8", 26), ("ISO-8859-1", 3), ("latin1", 3), ("ISO_8859-15", 17), ("Shift_JIS", 20),
        ("CP1252", 23), ("UTF-16BE", 25), ("Big5", 28), ("EUC-KR", 30),
    ])
    func eciDesignators(name: String, designator: Int) throws {
        #expect(try TextEncoding.eciDesignator(name) == designator)
    }

    @Test func errorsNameTheSetAndTheCharacter() {
        #expect(throws: EncodeError.unknownCharacterSet("NO-SUCH-SET")) {
            try encoder.encode(text: "x", options: EncodeOptions(characterSet: "NO-SUCH-SET"))
        }
        #expect(throws: EncodeError.notInCharacterSet(character: "€ U+20AC", position: 7, characterSet: "ISO-8859-1")) {
            try encoder.encode(text: "price €", options: EncodeOptions(characterSet: "ISO-8859-1"))
        }
        #expect(throws: EncodeError.noECIDesignator("EBCDIC-US")) {
            try encoder.encode(text: "x", options: EncodeOptions(eci: true, characterSet: "EBCDIC-US"))
        }
    }
}

@Suite("Encoder: the level boosted within the version")
struct BoostLevelTests {
    @Test func helloIsVersion1AtH() throws {
        let plain = try encoder.encode(text: "hello", options: EncodeOptions(level: .m))
        let boosted = try encoder.encode(text: "hello", options: EncodeOptions(level: .m, boostLevel: true))
        #expect(plain.version == 1 && plain.level == .m)
        #expect(boosted.version == 1 && boosted.level == .h)
        #expect(boosted.modules == reference(Array("hello".utf8), version: 1, level: .h)?.modules)
    }

    /// Over payloads of every kind and length: the version is the one the requested
    /// level needs, the level the highest at which libqrencode still fits that version.
    @Test(arguments: [EncodeMode.automatic, .eightBit, .kanji])
    func highestLevelThatKeepsTheVersion(mode: EncodeMode) throws {
        var generator = SplitMix64(seed: 13)
        let alphabets = [
            Array("0123456789"), Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789"), Array("abc XYZ 123 漢字"),
            Array("漢字テスト"),
        ]
        for round in 0..<40 {
            let alphabet = alphabets[round % alphabets.count]
            let length = 1 + Int(generator.next() % UInt64(round < 20 ? 40 : 300))
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let level = ErrorCorrectionLevel.allCases[round % 3]
            let plain = try encoder.encode(text: text, options: EncodeOptions(level: level, mode: mode))
            let boosted = try encoder.encode(
                text: text, options: EncodeOptions(level: level, mode: mode, boostLevel: true))
            #expect(boosted.version == plain.version, "\(text)")
            #expect(boosted.level >= level)
            if boosted.level < .h {
                let higher = ErrorCorrectionLevel.allCases[boosted.level.rank + 1]
                let strict = EncodeOptions(level: higher, version: plain.version, strictVersion: true, mode: mode)
                #expect(throws: EncodeError.self, "\(text) fits \(plain.version)-\(higher)") {
                    try encoder.encode(text: text, options: strict)
                }
            }
        }
    }

    /// The boosted symbol is, module for module, the one found in two steps: encoded at
    /// the requested level, then again in that version at the highest level libqrencode
    /// fits into it (strictly). Over payloads of every kind, length and level, with and
    /// without a smallest version, an ECI header, a character set; many are boosted in
    /// one encoding, which must not change a module.
    @Test(arguments: [EncodeMode.automatic, .eightBit, .kanji])
    func boostedSymbolIsTheTwoStepOne(mode: EncodeMode) throws {
        var generator = SplitMix64(seed: 29)
        let alphabets = [
            Array("0123456789"), Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789$%*+-./:"), Array("abc XYZ 123 漢字"),
            Array("漢字テスト"), Array("https://example.org/some/path?q=1"),
        ]
        for round in 0..<150 {
            let alphabet = alphabets[round % alphabets.count]
            let length = 1 + Int(generator.next() % UInt64(round < 100 ? 60 : 400))
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            var options = EncodeOptions(level: ErrorCorrectionLevel.allCases[round % 4], mode: mode)
            if round % 7 == 3 { options.version = 1 + Int(generator.next() % 12) }
            if round % 11 == 5, mode != .kanji { options.eci = true }
            if round % 13 == 6, mode != .kanji { options.characterSet = "UTF-8" }
            let plain = try encoder.encode(text: text, options: options)
            var expected = plain
            for level in ErrorCorrectionLevel.allCases.reversed() where level > plain.level {
                var strict = options
                strict.level = level
                strict.version = plain.version
                strict.strictVersion = true
                if let matrix = try? encoder.encode(text: text, options: strict) {
                    expected = matrix
                    break
                }
            }
            options.boostLevel = true
            let boosted = try encoder.encode(text: text, options: options)
            let label = "\(text) at \(options.level), version \(options.version.map(String.init) ?? "any")"
            #expect(boosted.version == expected.version && boosted.level == expected.level, "\(label)")
            #expect(boosted.modules == expected.modules, "\(label)")
        }
    }

    @Test func microBoostsToo() throws {
        let boosted = try encoder.encode(
            text: "HELLO", options: EncodeOptions(level: .l, micro: true, boostLevel: true))
        let plain = try encoder.encode(text: "HELLO", options: EncodeOptions(level: .l, micro: true))
        #expect(boosted.version == plain.version && boosted.isMicro)
        #expect(boosted.level == .m)
    }

    /// Two parts of 8 bytes: 96 bits with the structured-append header, so version 1
    /// at L, boosted to Q (104 bits); H (72) is too small.
    @Test func splitPartsKeepTheirVersions() throws {
        let plain = try encoder.encodeSplit(text: "split boost test", into: 2, options: EncodeOptions(level: .l))
        let boosted = try encoder.encodeSplit(
            text: "split boost test", into: 2, options: EncodeOptions(level: .l, boostLevel: true))
        #expect(plain.map(\.version) == [1, 1] && plain.allSatisfy { $0.level == .l })
        #expect(boosted.map(\.version) == [1, 1] && boosted.allSatisfy { $0.level == .q })
        let image = GrayImage.sideBySide(
            try boosted.map { try GrayImageRenderer(options: RenderOptions(scale: 3)).render($0) })
        let read = TestDecoding.zxing(image).sorted { $0.sequenceIndex < $1.sequenceIndex }
        #expect(read.map(\.bytes) == [Array("split bo".utf8), Array("ost test".utf8)])
    }

    @Test func aFullSymbolStaysAtItsLevel() throws {
        let text = String(repeating: "x", count: QRCapacity.maximumLength(version: 5, level: .l, mode: .byte))
        let matrix = try encoder.encode(text: text, options: EncodeOptions(level: .l, boostLevel: true))
        #expect(matrix.version == 5 && matrix.level == .l)
    }
}

@Suite("Colours: CSS names and contrast")
struct ColourTests {
    @Test(arguments: [
        ("red", "#ff0000"), ("Navy", "#000080"), ("REBECCAPURPLE", "#663399"), ("grey", "#808080"),
        ("transparent", "#ffffff00"), ("#1a2b3c", "#1a2b3c"), ("ffffff80", "#ffffff80"),
    ])
    func names(text: String, expected: String) throws {
        #expect(try RGBAColor(css: text).description == expected)
    }

    @Test func everyCSSLevel4Name() throws {
        #expect(RGBAColor.cssNames.count == 148)
        #expect(throws: EncodeError.invalidColor("reddish")) { try RGBAColor(css: "reddish") }
    }

    @Test(arguments: [
        ("ffff00", "ffffff", 1.07), ("red", "white", 4.0), ("black", "white", 21.0), ("white", "black", 21.0),
        ("green", "white", 5.14), ("orange", "white", 1.97),
    ])
    func ratios(foreground: String, background: String, ratio: Double) throws {
        let options = RenderOptions(
            foreground: try RGBAColor(css: foreground), background: try RGBAColor(css: background))
        #expect(abs(options.contrastRatio - ratio) < 0.01, "\(options.contrastRatio)")
    }

    @Test func lowContrastIsRefusedWithTheRatio() throws {
        let yellow = RenderOptions(foreground: try RGBAColor(css: "ffff00"))
        #expect(throws: EncodeError.self) { try yellow.checkContrast() }
        do {
            try yellow.checkContrast()
        } catch {
            #expect(
                error.description
                    == "#ffff00 on #ffffff has a contrast ratio of 1.07:1, below the 3:1 readers need to tell dark modules from light"
            )
        }
        try RenderOptions(foreground: try RGBAColor(css: "red")).checkContrast()
    }

    @Test func alphaIsCompositedOverWhite() throws {
        // A transparent background shows the white beneath: black on it is 21:1.
        #expect(RenderOptions(background: try RGBAColor(css: "transparent")).contrastRatio == 21)
        // A transparent foreground shows the background: nothing to read.
        #expect(throws: EncodeError.self) {
            try RenderOptions(foreground: try RGBAColor(css: "transparent")).checkContrast()
        }
        // Half-transparent black over white is mid grey: about 3.9:1.
        let half = RenderOptions(foreground: try RGBAColor(css: "00000080"))
        #expect(half.contrastRatio > 3.5 && half.contrastRatio < 4.5)
    }
}
