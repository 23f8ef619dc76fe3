// QRKit tests — structured append: parts joined by index and checked against their parity,
// on symbols made by hand and on codes written by the encoder and read by both engines.
import QRBench
import QRTestSupport
import Testing

@testable import QRCore
@testable import QRKit

/// A part of `message`: its piece of bytes, placed `index` of `count`, with the message's
/// parity unless told otherwise; each part at its own place in the picture.
private func part(
    _ piece: String, _ index: Int, of count: Int, message: String, parity: UInt8? = nil, engine: String = "test"
) -> Symbol {
    let bytes = Array(piece.utf8)
    let x = index * 100 + (parity.map(Int.init) ?? 0) * 1000
    return Symbol(
        text: SymbolText.decode(bytes), bytes: bytes,
        corners: [Point(x: x, y: 0), Point(x: x + 50, y: 0), Point(x: x + 50, y: 50), Point(x: x, y: 50)],
        structuredAppend: StructuredAppendInfo(
            index: index, count: count, parity: parity ?? StructuredAppend.parity(of: message.utf8)),
        engine: engine)
}

private func plain(_ text: String, at x: Int = 5000) -> Symbol {
    Symbol(text: text, bytes: Array(text.utf8), corners: [Point(x: x, y: 0)], engine: "test")
}

@Suite(.tags(.sanitized)) struct StructuredAppendJoinTests {
    let message = "Hello, structured append!"
    var pieces: [String] { ["Hello, ", "structured ", "append!"] }

    @Test func partsAreJoinedInIndexOrderWhateverTheReadingOrder() throws {
        let parts = pieces.enumerated().map { part($1, $0, of: 3, message: message) }
        for order in [[0, 1, 2], [2, 0, 1], [2, 1, 0]] {
            let join = StructuredAppend.join(order.map { parts[$0] })
            let sequence = try #require(join.sequences.first)
            #expect(join.sequences.count == 1)
            #expect(sequence.status == .joined)
            #expect(sequence.payload?.bytes == Array(message.utf8))
            #expect(sequence.payload?.text == message)
            #expect(sequence.parts.compactMap { $0 } == parts)
            #expect(join.messages == [.joined(sequence)])
            #expect(join.messages.map(\.text) == [message])
        }
    }

    @Test func missingPartsAreNamedByIndex() throws {
        let parts = [part("a", 0, of: 4, message: "abcd"), part("c", 2, of: 4, message: "abcd")]
        let join = StructuredAppend.join(parts)
        let sequence = try #require(join.sequences.first)
        #expect(sequence.status == .incomplete(missing: [1, 3]))
        #expect(sequence.missingIndexes == [1, 3])
        #expect(sequence.payload == nil)
        // Nothing joined: the parts stay what was read.
        #expect(join.messages == parts.map(DecodedMessage.symbol))
    }

    @Test func aParityMismatchIsNotJoined() throws {
        let right = StructuredAppend.parity(of: message.utf8)
        let parts = pieces.enumerated().map { part($1, $0, of: 3, message: message, parity: right ^ 0x5A) }
        let sequence = try #require(StructuredAppend.join(parts).sequences.first)
        #expect(sequence.status == .parityMismatch(computed: right))
        #expect(sequence.payload == nil)
    }

    @Test func interleavedMessagesAreKeptApartByParity() throws {
        let other = "second message"
        let a = pieces.enumerated().map { part($1, $0, of: 3, message: message) }
        let b = ["second ", "message"].enumerated().map { part($1, $0, of: 2, message: other) }
        let c = ["x", "y", "z"].enumerated().map { part($1, $0, of: 3, message: "xyz") }
        #expect(StructuredAppend.parity(of: message.utf8) != StructuredAppend.parity(of: "xyz".utf8))
        let read = [a[1], b[1], c[2], a[0], b[0], plain("plain"), c[0], a[2], c[1]]
        let join = StructuredAppend.join(read)
        #expect(join.sequences.map(\.status) == [.joined, .joined, .joined])
        #expect(join.messages.map(\.text) == [message, other, "xyz", "plain"])
        #expect(join.standalone.map(\.text) == ["plain"])
    }

    @Test func messagesWithTheSameCountAndParityAreToldApartByTheirBytes() throws {
        // The same bytes in another order: the same parity.
        let x = [part("ab", 0, of: 2, message: "abcd"), part("cd", 1, of: 2, message: "abcd")]
        let y = [part("ba", 0, of: 2, message: "abcd"), part("dc", 1, of: 2, message: "abcd")]
        let join = StructuredAppend.join([x[0], y[0], x[1], y[1]])
        #expect(join.sequences.compactMap(\.payload?.bytes) == [Array("abcd".utf8), Array("badc".utf8)])
    }

    @Test func aPartReadTwiceCountsOnce() throws {
        let parts = ["ab", "cd"].enumerated().map { part($1, $0, of: 2, message: "abcd") }
        let join = StructuredAppend.join([parts[0], parts[0], parts[1], parts[1]])
        #expect(join.sequences.count == 1)
        #expect(join.messages.map(\.text) == ["abcd"])
    }

    @Test func otherSymbolsKeepTheirPlace() throws {
        let parts = ["ab", "cd"].enumerated().map { part($1, $0, of: 2, message: "abcd") }
        let join = StructuredAppend.join([plain("first", at: 0), parts[1], plain("middle", at: 9000), parts[0]])
        #expect(join.messages.map(\.text) == ["first", "abcd", "middle"])
    }

    @Test func unplacedPartsAndImpossibleHeadersAreSetAside() throws {
        var unplaced = plain("zbar's part")
        unplaced.isUnplacedSequencePart = true
        var impossible = part("x", 0, of: 3, message: "x")
        impossible.structuredAppend?.index = 5
        let join = StructuredAppend.join([unplaced, impossible])
        #expect(join.sequences.isEmpty)
        #expect(join.unplaced == [unplaced, impossible])
        #expect(join.messages == [.symbol(unplaced), .symbol(impossible)])
    }

    @Test func theJoinedTextIsDecodedWholeAcrossACutCharacter() throws {
        // "é" (C3 A9) cut between two parts by an encoder that counts bytes.
        let bytes: [[UInt8]] = [[0x41, 0xC3], [0xA9, 0x42]]
        let parity = StructuredAppend.parity(of: bytes.joined())
        let parts = bytes.enumerated().map { index, piece in
            Symbol(
                text: SymbolText.decode(piece), bytes: piece, corners: [Point(x: index * 100, y: 0)],
                structuredAppend: StructuredAppendInfo(index: index, count: 2, parity: parity), engine: "test")
        }
        #expect(StructuredAppend.join(parts).messages.map(\.text) == ["AéB"])
    }

    @Test func partsWithADeclaredCharacterSetKeepTheirEnginesText() throws {
        // "日本" in Shift_JIS, as an engine that honoured the part's ECI 20 would give it.
        let bytes: [[UInt8]] = [[0x93, 0xFA], [0x96, 0x7B]]
        let parity = StructuredAppend.parity(of: bytes.joined())
        let parts = zip(bytes, ["日", "本"]).enumerated().map { index, piece in
            Symbol(
                text: piece.1, bytes: piece.0, corners: [Point(x: index * 100, y: 0)],
                structuredAppend: StructuredAppendInfo(index: index, count: 2, parity: parity), hasECI: true,
                engine: "test")
        }
        #expect(StructuredAppend.join(parts).messages.map(\.text) == ["日本"])
    }
}

/// Payloads split by the encoder, rendered, read back by the engines, and joined.
@Suite(.tags(.sanitized)) struct StructuredAppendDecodingTests {
    enum Payload: String, CaseIterable {
        case utf8, shiftJIS, binary

        var encoded: (payload: QRPayload, options: EncodeOptions, bytes: [UInt8]) {
            switch self {
            case .utf8:
                let text = "Structured append über drei Symbole — 日本語も ✓ and some more words to split"
                return (.text(text), EncodeOptions(), Array(text.utf8))
            case .shiftJIS:
                let text = "漢字テスト、日本語のテキストを三つに分けます"
                return (.text(text), EncodeOptions(mode: .kanji), (try? ShiftJIS.encode(text)) ?? [])
            case .binary:
                let bytes = (0..<90).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) } + [0, 0, 255, 0x1B]
                return (.bytes(bytes), EncodeOptions(mode: .eightBit), bytes)
            }
        }
    }

    private func parts(_ payload: Payload) throws -> [GrayImage] {
        let (data, options, _) = payload.encoded
        let renderer = GrayImageRenderer(options: RenderOptions(scale: 3))
        return try QREncoder().encodeSplit(data, into: 3, options: options).map { try renderer.render($0) }
    }

    @Test(arguments: Payload.allCases)
    func partsReadFromSeparatePicturesJoinToThePayload(_ payload: Payload) throws {
        let decoder = QRDecoder()
        // Read out of order, as files often are.
        let symbols = try parts(payload).reversed().flatMap { try decoder.decode($0).symbols }
        let join = StructuredAppend.join(symbols)
        #expect(join.messages.map(\.bytes) == [payload.encoded.bytes])
        if case .text(let text) = payload.encoded.payload {
            #expect(join.messages.map(\.text) == [text])
        }
        let sequence = try #require(join.sequences.first)
        #expect(sequence.parity == StructuredAppend.parity(of: payload.encoded.bytes))
    }

    @Test(arguments: Payload.allCases)
    func partsInOnePictureJoinWithEveryStrategy(_ payload: Payload) throws {
        let images = try parts(payload)
        let picture = GrayImage.sideBySide([images[2], images[0], images[1]])
        for name in StrategyName.allCases where name != .zbar {
            let report = try QRDecoder(strategy: name.makeStrategy()).decode(picture)
            #expect(report.symbols.count == 3, "\(name)")
            #expect(report.symbols.allSatisfy { $0.structuredAppend != nil }, "\(name)")
            #expect(StructuredAppend.join(report.symbols).messages.map(\.bytes) == [payload.encoded.bytes], "\(name)")
        }
    }

    @Test(arguments: Payload.allCases)
    func zbarGivesTheWholeSequenceAsUnplacedParts(_ payload: Payload) throws {
        let images = try parts(payload)
        let picture = GrayImage.sideBySide([images[1], images[2], images[0]])
        let symbols = try ZBarEngine().decode(picture, cancel: CancellationFlag())
        // zbar joined them itself; each part comes back with its own bytes, in index order.
        #expect(symbols.count == 3)
        #expect(symbols.allSatisfy { $0.isUnplacedSequencePart && $0.structuredAppend == nil })
        #expect(symbols.flatMap(\.bytes) == payload.encoded.bytes)
        let zxing = try ZXingEngine().decode(picture, cancel: CancellationFlag())
        for symbol in symbols {
            #expect(zxing.contains { $0.isSameCode(as: symbol) })
        }
    }

    @Test func zbarAloneFindsNoPartOfAnIncompleteSequence() throws {
        let images = try parts(.utf8)
        // zbar's data for an incomplete group is unreliable; it gives none, as zbarimg does.
        #expect(try ZBarEngine().decode(images[1], cancel: CancellationFlag()).isEmpty)
        #expect(
            try ZBarEngine().decode(GrayImage.sideBySide([images[0], images[2]]), cancel: CancellationFlag()).isEmpty)
    }

    @Test func zxingReadsTheHeader() throws {
        let images = try parts(.binary)
        let parity = StructuredAppend.parity(of: Payload.binary.encoded.bytes)
        for (index, image) in images.enumerated() {
            let symbol = try #require(try ZXingEngine().decode(image, cancel: CancellationFlag()).first)
            #expect(symbol.structuredAppend == StructuredAppendInfo(index: index, count: 3, parity: parity))
        }
    }
}
