// QRKit tests — round-trip property: any payload, at any level and version, encoded,
// rendered and read back by each engine on its own, comes back byte for byte.
//
// 2 000 random payloads a run (QRKIT_ROUND_TRIPS to change), from a seed that changes
// every run; a failure names the seed, and QRKIT_SEED=<seed> replays that run exactly.
import Foundation
import QRCorpus
import QRTestSupport
import Testing

@testable import QRCore
@testable import QRKit

/// The run's seed and size, from the environment or fresh.
enum RoundTripSettings {
    static let environment = ProcessInfo.processInfo.environment
    /// QRKIT_SEED (decimal or 0x-hex) replays a run; otherwise each run draws its own.
    static let seed: UInt64 = {
        if let text = environment["QRKIT_SEED"] {
            let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
            if let parsed { return parsed }
        }
        return UInt64.random(in: 0...UInt64.max)
    }()
    static let count = Int(environment["QRKIT_ROUND_TRIPS"] ?? "") ?? 2_000
    /// The run is cut into this many parts, run side by side.
    static let parts = 8
}

/// One generated payload and how it is encoded.
struct RoundTripCase: CustomStringConvertible {
    enum Kind: String, CaseIterable {
        case numeric, alphanumeric, utf8, kanji, binary
    }

    let index: Int
    let kind: Kind
    let payload: QRPayload
    let options: EncodeOptions
    /// The bytes the symbol must give back: UTF-8, Shift_JIS in Kanji mode, or the bytes.
    let expected: [UInt8]

    var description: String {
        let shown: String
        switch payload {
        case .text(let text): shown = text.count > 40 ? String(text.prefix(40)) + "… (\(text.count) characters)" : text
        case .bytes(let bytes):
            shown =
                bytes.prefix(24).map { String(format: "%02x", $0) }.joined(separator: " ")
                + (bytes.count > 24 ? "… (\(bytes.count) bytes)" : "")
        }
        let version = options.version.map(String.init) ?? "any"
        return "case \(index): \(kind.rawValue), level \(options.level.rawValue), version \(version), "
            + "mode \(options.mode.rawValue)\(options.eci ? ", ECI" : ""): \(shown)"
    }

    /// Scripts for UTF-8 text: ranges of scalars, beside ASCII.
    static let scripts: [ClosedRange<UInt32>] = [
        0x00E0...0x00FF,  // Latin-1 letters
        0x0391...0x03C9,  // Greek
        0x0410...0x044F,  // Cyrillic
        0x05D0...0x05EA,  // Hebrew
        0x0627...0x064A,  // Arabic
        0x0905...0x0939,  // Devanagari
        0x0E01...0x0E2E,  // Thai
        0x4E00...0x9FA5,  // CJK ideographs
        0xAC00...0xD7A3,  // Hangul syllables
        0x1F600...0x1F64F,  // emoji (4 bytes in UTF-8)
    ]

    /// Characters Shift_JIS has, for Kanji mode: kanji, kana, full-width forms.
    static let kanji = Array(
        "日本語漢字東京大阪京都北海道沖縄山川田中森林木花鳥風月雪雨空海水火土金銀銅鉄愛心思想学校先生会社電話番号住所名前年月時分秒今昨明朝昼夜春夏秋冬新古高安長短右左上下前後内外東西南北あいうえおかきくけこアイウエオカキクケコ０１２３ＡＢＣ"
    )

    static let alphanumeric = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")

    /// Draws case `index` from `random`.
    static func draw(_ index: Int, _ random: inout SplitMix64) throws -> RoundTripCase {
        let kind = Kind.allCases[Int(random.next() % 5)]
        let level = ErrorCorrectionLevel.allCases[Int(random.next() % 4)]
        // Mostly short, some medium, a few up to what version 40 holds at the level.
        let mode: QRDataMode = [.numeric, .alphanumeric, .byte, .kanji, .byte][Kind.allCases.firstIndex(of: kind)!]
        let most = QRCapacity.maximumLength(version: 40, level: level, mode: mode, micro: false, overheadBits: 0)
        let roll = random.next() % 100
        var length =
            roll < 70
            ? 1 + Int(random.next() % 40)
            : roll < 95 ? 41 + Int(random.next() % 400) : 1 + Int(random.next() % UInt64(most))
        let version: Int? = random.next() % 3 == 0 ? nil : 1 + Int(random.next() % 40)
        var options = EncodeOptions(level: level, version: version)

        func pick(_ characters: [Character]) -> String {
            String((0..<length).map { _ in characters[Int(random.next() % UInt64(characters.count))] })
        }
        switch kind {
        case .numeric:
            let text = pick(Array("0123456789"))
            return RoundTripCase(
                index: index, kind: kind, payload: .text(text), options: options, expected: Array(text.utf8))
        case .alphanumeric:
            let text = pick(alphanumeric)
            return RoundTripCase(
                index: index, kind: kind, payload: .text(text), options: options, expected: Array(text.utf8))
        case .utf8:
            // Up to 4 bytes a character: keep within the byte capacity.
            length = max(1, min(length, most / 4))
            let script = scripts[Int(random.next() % UInt64(scripts.count))]
            var text = ""
            for _ in 0..<length {
                let scalar: UInt32
                if random.next() % 4 == 0 {
                    scalar = 0x20 + UInt32(random.next() % 95)  // ASCII, spaces and punctuation
                } else {
                    scalar = script.lowerBound + UInt32(random.next() % UInt64(script.count))
                }
                text.unicodeScalars.append(Unicode.Scalar(scalar)!)
            }
            options.mode = [.automatic, .eightBit][Int(random.next() % 2)]
            options.eci = random.next() % 4 == 0
            return RoundTripCase(
                index: index, kind: kind, payload: .text(text), options: options, expected: Array(text.utf8))
        case .kanji:
            let text = pick(kanji)
            options.mode = .kanji
            return RoundTripCase(
                index: index, kind: kind, payload: .text(text), options: options, expected: try ShiftJIS.encode(text))
        case .binary:
            let bytes = random.bytes(length)
            options.mode = [.automatic, .eightBit][Int(random.next() % 2)]
            return RoundTripCase(index: index, kind: kind, payload: .bytes(bytes), options: options, expected: bytes)
        }
    }
}

@Suite struct RoundTripPropertyTests {
    @Test("random payloads come back byte for byte from each engine", arguments: 0..<RoundTripSettings.parts)
    func payloadsComeBack(part: Int) throws {
        let seed = RoundTripSettings.seed
        let replay = "replay with QRKIT_SEED=\(seed)"
        // Each part has its own stream, so a part replays alone too.
        var random = SplitMix64(seed: seed &+ UInt64(part) &* 0x9E37_79B9_7F4A_7C15)
        let count =
            RoundTripSettings.count / RoundTripSettings.parts
            + (part < RoundTripSettings.count % RoundTripSettings.parts ? 1 : 0)
        let renderer = GrayImageRenderer(options: RenderOptions(scale: 2))
        for step in 0..<count {
            let item = try RoundTripCase.draw(part * 10_000 + step, &random)
            let matrix: QRMatrix
            do {
                matrix = try QREncoder().encode(item.payload, options: item.options)
            } catch {
                Issue.record("could not encode \(item): \(error); \(replay)")
                continue
            }
            let image = try renderer.render(matrix)
            for engine in [ZBarEngine() as any DecodeEngine, ZXingEngine()] {
                let symbols = try engine.decode(image, cancel: CancellationFlag())
                let read = symbols.map(\.bytes)
                #expect(
                    read == [item.expected],
                    "\(engine.name) read \(read.map { $0.count }) bytes for \(item), version \(matrix.version); \(replay)"
                )
            }
        }
    }

    @Test func aSeedReplaysTheSameCases() throws {
        var first = SplitMix64(seed: 0xC0FFEE)
        var second = SplitMix64(seed: 0xC0FFEE)
        for index in 0..<200 {
            let a = try RoundTripCase.draw(index, &first)
            let b = try RoundTripCase.draw(index, &second)
            #expect(a.description == b.description && a.expected == b.expected)
        }
    }
}
