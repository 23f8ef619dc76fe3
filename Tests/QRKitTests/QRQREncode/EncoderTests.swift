// QRKit tests — QREncoder against libqrencode itself, and round trips through zbar and zxing.
import CQREncode
import QRTestSupport
import Testing

@testable import QRCore
@testable import QRKit

/// libqrencode's own answer for a C string, called directly.
func reference(
    _ bytes: [UInt8], version: Int = 0, level: ErrorCorrectionLevel, hint: QRencodeMode = QR_MODE_8,
    caseSensitive: Bool = true, micro: Bool = false
) -> (version: Int, size: Int, modules: [Bool])? {
    let cLevel = QRecLevel(rawValue: UInt32(level.rank))
    let code = (bytes + [0]).withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
            micro
                ? QRcode_encodeStringMQR(chars.baseAddress, Int32(version), cLevel, hint, caseSensitive ? 1 : 0)
                : QRcode_encodeString(chars.baseAddress, Int32(version), cLevel, hint, caseSensitive ? 1 : 0)
        }
    }
    guard let code else { return nil }
    defer { QRcode_free(code) }
    let size = Int(code.pointee.width)
    let modules = UnsafeBufferPointer(start: code.pointee.data, count: size * size).map { $0 & 1 == 1 }
    return (Int(code.pointee.version), size, modules)
}

/// Renders `matrix` at a scale zbar and zxing read reliably.
private func picture(_ matrix: QRMatrix, scale: Int = 3) throws -> GrayImage {
    try GrayImageRenderer(options: RenderOptions(scale: scale)).render(matrix)
}

private let encoder = QREncoder()

/// Encodes `text` with `options`, checks that zbar and zxing-cpp both read its UTF-8 bytes
/// back, and gives what zxing-cpp read, for checks of its own.
@discardableResult
private func readBack(
    _ text: String, options: EncodeOptions = EncodeOptions(), _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> [DecodedSymbol] {
    let image = try picture(try encoder.encode(text: text, options: options))
    #expect(TestDecoding.zbar(image) == [Array(text.utf8)], comment, sourceLocation: sourceLocation)
    let read = TestDecoding.zxing(image)
    #expect(read.map(\.bytes) == [Array(text.utf8)], comment, sourceLocation: sourceLocation)
    return read
}

@Suite("Encoder: same modules as libqrencode")
struct EncoderMatchesLibqrencodeTests {
    static let texts = [
        "hello", "HELLO WORLD", "0123456789012345", "https://example.org/some/path?q=1", "héllo wörld ✓",
    ]

    @Test(arguments: texts, ErrorCorrectionLevel.allCases)
    func automaticMode(text: String, level: ErrorCorrectionLevel) throws {
        let matrix = try encoder.encode(text: text, options: EncodeOptions(level: level))
        let expected = try #require(reference(Array(text.utf8), level: level))
        #expect(matrix.version == expected.version)
        #expect(matrix.size == expected.size)
        #expect(matrix.modules == expected.modules)
        #expect(matrix.level == level)
        #expect(!matrix.isMicro)
    }

    @Test(arguments: [1, 2, 5, 9, 10, 26, 27, 33, 39, 40])
    func minimumVersion(version: Int) throws {
        let matrix = try encoder.encode(text: "vtest", options: EncodeOptions(level: .q, version: version))
        let expected = try #require(reference(Array("vtest".utf8), version: version, level: .q))
        #expect(matrix.version == version)
        #expect(matrix.size == 17 + 4 * version)
        #expect(matrix.modules == expected.modules)
    }

    @Test func caseInsensitiveMatchesLibqrencode() throws {
        let text = "Hello World, mixed Case"
        let matrix = try encoder.encode(text: text, options: EncodeOptions(caseSensitive: false))
        let expected = try #require(reference(Array(text.utf8), level: .m, caseSensitive: false))
        #expect(matrix.modules == expected.modules)
    }

    @Test func kanjiMatchesLibqrencode() throws {
        let text = "漢字テスト"
        let matrix = try encoder.encode(text: text, options: EncodeOptions(mode: .kanji))
        let shiftJIS: [UInt8] = [0x8A, 0xBF, 0x8E, 0x9A, 0x83, 0x65, 0x83, 0x58, 0x83, 0x67]
        let expected = try #require(reference(shiftJIS, level: .m, hint: QR_MODE_KANJI))
        #expect(matrix.modules == expected.modules)
    }

    @Test(arguments: [(1, "12345"), (2, "HELLO1"), (3, "hello!!"), (4, "hello, world!")])
    func microMatchesLibqrencode(version: Int, text: String) throws {
        let options = EncodeOptions(level: .l, version: version, strictVersion: true, micro: true)
        let matrix = try encoder.encode(text: text, options: options)
        let expected = try #require(reference(Array(text.utf8), version: version, level: .l, micro: true))
        #expect(matrix.isMicro)
        #expect(matrix.version == version)
        #expect(matrix.size == 9 + 2 * version)
        #expect(matrix.modules == expected.modules)
    }

    @Test func eightBitModeMatchesEncodeData() throws {
        let bytes: [UInt8] = [0x00, 0x41, 0xFF, 0x00, 0x10]
        let matrix = try encoder.encode(bytes: bytes, options: EncodeOptions(level: .h, mode: .eightBit))
        let code = try #require(
            bytes.withUnsafeBufferPointer { QRcode_encodeData(Int32($0.count), $0.baseAddress, 0, QR_ECLEVEL_H) })
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        #expect(matrix.modules == UnsafeBufferPointer(start: code.pointee.data, count: size * size).map { $0 & 1 == 1 })
    }
}

@Suite("Encoder: round trips through zbar and zxing")
struct EncoderRoundTripTests {
    @Test(arguments: ErrorCorrectionLevel.allCases)
    func eachLevel(level: ErrorCorrectionLevel) throws {
        let text = "level \(level.rawValue): https://example.org/ä"
        let read = try readBack(text, options: EncodeOptions(level: level))
        #expect(read.first?.ecLevel == level.rawValue)
    }

    /// Versions 1–40 sampled, with the boundaries of the character-count bands.
    @Test(arguments: [1, 2, 3, 7, 9, 10, 14, 20, 26, 27, 31, 36, 39, 40])
    func versionsReadBack(version: Int) throws {
        // Fill the version at level L in byte mode so the data reaches every block.
        let length = QRCapacity.maximumLength(version: version, level: .l, mode: .byte)
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) }
        let options = EncodeOptions(level: .l, version: version, strictVersion: true, mode: .eightBit)
        let matrix = try encoder.encode(bytes: bytes, options: options)
        #expect(matrix.version == version)
        #expect(TestDecoding.zbar(try picture(matrix)) == [bytes])
    }

    @Test(arguments: [
        ("numeric", "31415926535897932384626433832795"),
        ("alphanumeric", "HTTPS://EXAMPLE.ORG/$%*+-./:"),
        ("byte", "plain ascii with lower case"),
        ("utf8", "héllo wörld — ✓ 日本語 🎉"),
        ("mixed", "Order 12345678901234567890 for ACME CORP, qty 42"),
    ])
    func automaticModes(name: String, text: String) throws {
        try readBack(text, "\(name)")
    }

    @Test func numericIsDenserThanBytes() throws {
        let digits = String(repeating: "7", count: 41)
        #expect(try encoder.encode(text: digits, options: EncodeOptions(level: .l)).version == 1)
        #expect(try encoder.encode(text: digits, options: EncodeOptions(level: .l, mode: .eightBit)).version == 3)
    }

    @Test func binaryWithNULs() throws {
        let bytes: [UInt8] = [0x00, 0x01, 0x00, 0xFF, 0xFE, 0x80, 0x00, 0x7F, 0x00]
        for mode in [EncodeMode.automatic, .eightBit] {
            let matrix = try encoder.encode(bytes: bytes, options: EncodeOptions(mode: mode))
            let image = try picture(matrix)
            #expect(TestDecoding.zbar(image) == [bytes])
            #expect(TestDecoding.zxing(image).map(\.bytes) == [bytes])
        }
    }

    @Test func textWithNULSurvives() throws {
        let text = "a\u{0}b\u{0}"
        let matrix = try encoder.encode(text: text)
        #expect(TestDecoding.zbar(try picture(matrix)) == [Array(text.utf8)])
    }

    @Test func caseInsensitiveReadsUpperCase() throws {
        let matrix = try encoder.encode(text: "hello world", options: EncodeOptions(caseSensitive: false))
        #expect(TestDecoding.zbar(try picture(matrix)) == [Array("HELLO WORLD".utf8)])
    }

    @Test func kanjiReadsBackShiftJIS() throws {
        let text = "漢字とかなabc123"
        let matrix = try encoder.encode(text: text, options: EncodeOptions(mode: .kanji))
        let expected = try ShiftJIS.encode(text)
        #expect(expected.count == 16)
        let image = try picture(matrix)
        #expect(TestDecoding.zbar(image) == [expected])
        #expect(TestDecoding.zxing(image).map(\.bytes) == [expected])
        // Kanji segments (13 bits a character) beat UTF-8 bytes (24 bits a character).
        let utf8 = try encoder.encode(text: String(repeating: "漢", count: 20), options: EncodeOptions(level: .l))
        let kanji = try encoder.encode(
            text: String(repeating: "漢", count: 20), options: EncodeOptions(level: .l, mode: .kanji))
        #expect(kanji.version < utf8.version)
    }

    /// CP932 writes a private-use character with a lead byte of the user-defined area
    /// (U+E000 is 0xF040): the encoder walks it as one character, whose second byte is
    /// neither cut from its first nor upper-cased.
    @Test func kanjiModeKeepsPrivateUseCharactersWhole() throws {
        let options = EncodeOptions(mode: .kanji)
        #expect(try ShiftJIS.encode("\u{E000}\u{E021}") == [0xF0, 0x40, 0xF0, 0x61])
        #expect(throws: EncodeError.tooShortToSplit(length: 2, parts: 3)) {
            try encoder.encodeSplit(text: "\u{E000}\u{E021}", into: 3, options: options)
        }
        let parts = try encoder.encodeSplit(text: "\u{E000}\u{E021}", into: 2, options: options)
        #expect(
            try parts.map { try #require(TestDecoding.zxing(try picture($0)).first).bytes } == [
                [0xF0, 0x40], [0xF0, 0x61],
            ])
        var upper = options
        upper.caseSensitive = false
        let matrix = try encoder.encode(text: "\u{E021}a", options: upper)
        #expect(TestDecoding.zbar(try picture(matrix)) == [[0xF0, 0x61, 0x41]])
    }

    @Test func eciDeclaresUTF8() throws {
        let text = "héllo wörld"
        let read = try readBack(text, options: EncodeOptions(eci: true))
        #expect(read.first?.hasECI == true)
        let plain = TestDecoding.zxing(try picture(try encoder.encode(text: text)))
        #expect(plain.first?.hasECI == false)
    }

    @Test func eciWithUTF8Bytes() throws {
        let bytes = Array("日本".utf8)
        let matrix = try encoder.encode(bytes: bytes, options: EncodeOptions(eci: true))
        #expect(TestDecoding.zxing(try picture(matrix)).first?.hasECI == true)
    }

    @Test(arguments: [(1, "12345"), (2, "HELLO1"), (3, "hello!!"), (4, "hello, world!")])
    func microReadsBackWithZXing(version: Int, text: String) throws {
        let options = EncodeOptions(level: .l, version: version, strictVersion: true, micro: true)
        let matrix = try encoder.encode(text: text, options: options)
        let read = TestDecoding.zxing(try picture(matrix, scale: 4))
        #expect(read.map(\.bytes) == [Array(text.utf8)])
        #expect(read.first?.isMicro == true)
    }

    @Test(arguments: [ErrorCorrectionLevel.l, .m])
    func microKanjiStartsAtM3(level: ErrorCorrectionLevel) throws {
        // libqrencode would put these in M2, which has no Kanji mode.
        let matrix = try encoder.encode(text: "漢字", options: EncodeOptions(level: level, micro: true, mode: .kanji))
        #expect(matrix.version == 3)
        let read = TestDecoding.zxing(try picture(matrix, scale: 4))
        #expect(read.map(\.bytes) == [[0x8A, 0xBF, 0x8E, 0x9A]])
        #expect(read.first?.isMicro == true)
        // Kana in Kanji mode too; digits alone still fit M1.
        #expect(
            try encoder.encode(text: "テ", options: EncodeOptions(level: .l, micro: true, mode: .kanji)).version == 3)
        #expect(
            try encoder.encode(text: "123", options: EncodeOptions(level: .l, micro: true, mode: .kanji)).version == 1)
    }

    @Test(arguments: [ErrorCorrectionLevel.l, .m, .q])
    func microGrowsToTheLevel(level: ErrorCorrectionLevel) throws {
        let matrix = try encoder.encode(text: "1", options: EncodeOptions(level: level, micro: true))
        #expect(matrix.version == level.lowestMicroVersion)
        let read = TestDecoding.zxing(try picture(matrix, scale: 4))
        #expect(read.map(\.bytes) == [Array("1".utf8)])
        if level != .l { #expect(read.first?.ecLevel == level.rawValue) }
    }

    @Test func microGrowsWithTheData() throws {
        let versions = try ["1", "HELLO", "hello", "hello, world!"].map {
            try encoder.encode(text: $0, options: EncodeOptions(level: .l, micro: true)).version
        }
        #expect(versions == [1, 2, 3, 4])
    }

    @Test(arguments: [2, 3, 5, 16])
    func structuredAppend(parts: Int) throws {
        let text =
            "Structured append spreads one payload over several symbols: é ü 日本 "
            + String(repeating: "0123456789", count: 3)
        let matrices = try encoder.encodeSplit(text: text, into: parts, options: EncodeOptions(level: .l))
        #expect(matrices.count == parts)
        var joined: [UInt8] = []
        var images: [GrayImage] = []
        for (index, matrix) in matrices.enumerated() {
            let image = try picture(matrix)
            images.append(image)
            let read = try #require(TestDecoding.zxing(image).first)
            #expect(read.sequenceIndex == index)
            #expect(read.sequenceCount == parts)
            // ISO/IEC 18004: the XOR of every byte of the whole message.
            #expect(read.sequenceParity == Int(text.utf8.reduce(UInt8(0), ^)))
            joined += read.bytes
        }
        #expect(joined == Array(text.utf8))
        // zbar joins the parts when they are all in one picture.
        #expect(TestDecoding.zbar(GrayImage.sideBySide(images)) == [Array(text.utf8)])
    }

    @Test func structuredAppendWithECIAndBinary() throws {
        let text = "ECI in every part: ÄÖÜ äöü ß"
        let withECI = try encoder.encodeSplit(text: text, into: 2, options: EncodeOptions(eci: true))
        let reads = try withECI.map { try #require(TestDecoding.zxing(try picture($0)).first) }
        #expect(reads.allSatisfy { $0.hasECI })
        #expect(reads.flatMap(\.bytes) == Array(text.utf8))

        let bytes: [UInt8] = (0..<40).map { UInt8($0 * 7 % 256) } + [0, 0, 255]
        let binary = try encoder.encodeSplit(.bytes(bytes), into: 3, options: EncodeOptions(mode: .eightBit))
        let images = try binary.map { try picture($0) }
        #expect(TestDecoding.zbar(GrayImage.sideBySide(images)) == [bytes])
    }

    @Test func structuredAppendInKanjiMode() throws {
        let text = "漢字テスト、日本語のテキストabc123"
        let matrices = try encoder.encodeSplit(text: text, into: 4, options: EncodeOptions(mode: .kanji))
        let parts = try matrices.map { try #require(TestDecoding.zxing(try picture($0)).first).bytes }
        #expect(parts.flatMap { $0 } == (try ShiftJIS.encode(text)))
        let images = try matrices.map { try picture($0) }
        #expect(TestDecoding.zbar(GrayImage.sideBySide(images)) == [try ShiftJIS.encode(text)])
    }

    @Test func splitIntoOneIsAPlainSymbol() throws {
        let matrices = try encoder.encodeSplit(text: "single", into: 1)
        #expect(matrices == [try encoder.encode(text: "single")])
        #expect(TestDecoding.zxing(try picture(matrices[0])).first?.sequenceCount ?? -1 <= 0)
    }

    @Test func splitKeepsCharactersWhole() throws {
        let text = "äöüß日本語🎉"
        let matrices = try encoder.encodeSplit(text: text, into: 7)
        let parts = try matrices.map { try #require(TestDecoding.zxing(try picture($0)).first).bytes }
        #expect(parts.allSatisfy { UTF8Validation.firstInvalidOffset(in: $0) == nil })
        #expect(parts.flatMap { $0 } == Array(text.utf8))
    }

    @Test func encoderIsUsableFromManyTasks() async throws {
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let text = "task \(index)"
                    let matrix = try QREncoder().encode(text: text)
                    return matrix == (try QREncoder().encode(text: text))
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 16 && results.allSatisfy { $0 })
    }
}

@Suite("Capacity tables agree with libqrencode")
struct EncodeCapacityTests {
    @Test(arguments: 1...40)
    func byteCapacity(version: Int) throws {
        for level in ErrorCorrectionLevel.allCases {
            let capacity = QRCapacity.maximumLength(version: version, level: level, mode: .byte)
            let options = EncodeOptions(level: level, version: version, strictVersion: true, mode: .eightBit)
            let fits = try encoder.encode(bytes: [UInt8](repeating: 0x61, count: capacity), options: options)
            #expect(fits.version == version)
            #expect(throws: EncodeError.self) {
                try encoder.encode(bytes: [UInt8](repeating: 0x61, count: capacity + 1), options: options)
            }
        }
    }

    @Test(arguments: [1, 9, 10, 26, 27, 40])
    func numericAndAlphanumericCapacity(version: Int) throws {
        for level in ErrorCorrectionLevel.allCases {
            for (mode, character) in [(QRDataMode.numeric, "7"), (.alphanumeric, "A")] {
                let capacity = QRCapacity.maximumLength(version: version, level: level, mode: mode)
                let options = EncodeOptions(level: level, version: version, strictVersion: true)
                #expect(
                    try encoder.encode(text: String(repeating: character, count: capacity), options: options).version
                        == version)
                #expect(throws: EncodeError.self) {
                    try encoder.encode(text: String(repeating: character, count: capacity + 1), options: options)
                }
            }
        }
    }

    @Test func kanjiCapacity() throws {
        for version in [1, 10, 40] {
            let capacity = QRCapacity.maximumLength(version: version, level: .l, mode: .kanji)
            let options = EncodeOptions(level: .l, version: version, strictVersion: true, mode: .kanji)
            #expect(
                try encoder.encode(text: String(repeating: "漢", count: capacity), options: options).version == version)
            #expect(throws: EncodeError.self) {
                try encoder.encode(text: String(repeating: "漢", count: capacity + 1), options: options)
            }
        }
    }

    @Test func microCapacity() throws {
        // ISO/IEC 18004 table 7.
        #expect(QRCapacity.maximumLength(version: 1, level: .l, mode: .numeric, micro: true) == 5)
        #expect(QRCapacity.maximumLength(version: 2, level: .l, mode: .alphanumeric, micro: true) == 6)
        #expect(QRCapacity.maximumLength(version: 3, level: .m, mode: .byte, micro: true) == 7)
        #expect(QRCapacity.maximumLength(version: 4, level: .q, mode: .kanji, micro: true) == 5)
        #expect(QRCapacity.maximumLength(version: 1, level: .m, mode: .numeric, micro: true) == 0)
        #expect(QRCapacity.maximumLength(version: 2, level: .l, mode: .byte, micro: true) == 0)
        for version in 1...4 {
            for level in [ErrorCorrectionLevel.l, .m, .q] {
                let capacity = QRCapacity.maximumLength(version: version, level: level, mode: .numeric, micro: true)
                guard capacity > 0 else { continue }
                let options = EncodeOptions(level: level, version: version, strictVersion: true, micro: true)
                #expect(
                    try encoder.encode(text: String(repeating: "1", count: capacity), options: options).version
                        == version)
                #expect(throws: EncodeError.self) {
                    try encoder.encode(text: String(repeating: "1", count: capacity + 1), options: options)
                }
            }
        }
    }

    @Test func standardFigures() {
        #expect(QRCapacity.maximumLength(version: 40, level: .l, mode: .numeric) == 7089)
        #expect(QRCapacity.maximumLength(version: 40, level: .l, mode: .alphanumeric) == 4296)
        #expect(QRCapacity.maximumLength(version: 40, level: .l, mode: .byte) == 2953)
        #expect(QRCapacity.maximumLength(version: 40, level: .l, mode: .kanji) == 1817)
        #expect(QRCapacity.maximumLength(version: 1, level: .h, mode: .byte) == 7)
        #expect(QRCapacity.maximumLength(version: 0, level: .l, mode: .byte) == 0)
    }
}

/// Compile-time check that the public values cross concurrency domains.
private func requireSendable<T: Sendable>(_: T.Type) {}
@Test func publicEncodingTypesAreSendable() {
    requireSendable(QREncoder.self)
    requireSendable(QRMatrix.self)
    requireSendable(EncodeOptions.self)
    requireSendable(QRPayload.self)
    requireSendable(EncodeError.self)
    requireSendable(RenderOptions.self)
    requireSendable(PNGRenderer.self)
    requireSendable(SVGRenderer.self)
    requireSendable(TerminalRenderer.self)
    requireSendable(GrayImageRenderer.self)
}
