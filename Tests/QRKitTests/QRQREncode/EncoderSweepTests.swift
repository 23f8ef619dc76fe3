// QRKit tests — many generated payloads, every mode and symbol kind, all read back.
import QRCorpus
import Testing

@testable import QRCore
@testable import QRKit

extension SplitMix64 {
    /// A value in 0..<bound, as this sweep has always drawn them (so a failure names a
    /// payload that can be replayed).
    fileprivate mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

private let alphabets: [[Character]] = [
    Array("0123456789"),
    Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"),
    Array("abcdefghijklmnopqrstuvwxyz0123456789ABC"),
    Array("漢字テストかな日本語12AB"),
    Array("äöüß€✓ aZ09"),
]

@Suite("Encoder sweep: generated payloads read back")
struct EncoderSweepTests {
    @Test(arguments: 0..<alphabets.count)
    func microPayloads(alphabet: Int) throws {
        var random = SplitMix64(seed: UInt64(alphabet) + 1)
        let kanjiCapable = alphabet == 3 || alphabet <= 2
        for _ in 0..<40 {
            let length = 1 + random.below(12)
            let text = String((0..<length).map { _ in alphabets[alphabet][random.below(alphabets[alphabet].count)] })
            let level = [ErrorCorrectionLevel.l, .m, .q][random.below(3)]
            let mode: EncodeMode = kanjiCapable && random.below(2) == 0 ? .kanji : .automatic
            let options = EncodeOptions(level: level, micro: true, mode: mode)
            let matrix: QRMatrix
            do {
                matrix = try QREncoder().encode(text: text, options: options)
            } catch EncodeError.payloadTooLarge {
                continue
            }
            let expected = mode == .kanji ? try ShiftJIS.encode(text) : Array(text.utf8)
            let image = try GrayImageRenderer(options: RenderOptions(scale: 4)).render(matrix)
            #expect(TestDecoding.zxing(image).map(\.bytes) == [expected], "\(text) \(level) \(mode) → \(matrix)")
        }
    }

    @Test(arguments: 0..<alphabets.count)
    func standardPayloads(alphabet: Int) throws {
        var random = SplitMix64(seed: UInt64(alphabet) + 100)
        for _ in 0..<25 {
            let length = 1 + random.below(300)
            let text = String((0..<length).map { _ in alphabets[alphabet][random.below(alphabets[alphabet].count)] })
            let level = ErrorCorrectionLevel.allCases[random.below(4)]
            let mode: EncodeMode =
                alphabet == 3 && random.below(2) == 0 ? .kanji : [.automatic, .eightBit][random.below(2)]
            let options = EncodeOptions(
                level: level, mode: mode, caseSensitive: true, eci: mode != .kanji && random.below(4) == 0)
            let matrix = try QREncoder().encode(text: text, options: options)
            let expected = mode == .kanji ? try ShiftJIS.encode(text) : Array(text.utf8)
            let image = try GrayImageRenderer(options: RenderOptions(scale: 2)).render(matrix)
            #expect(TestDecoding.zbar(image) == [expected], "\(text) \(level) \(mode) → \(matrix)")
        }
    }
}
