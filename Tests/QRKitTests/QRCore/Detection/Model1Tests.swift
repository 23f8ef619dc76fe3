// QRKit tests — QR Model 1: its layout against the standard's codeword counts, the one Model 1
// photograph of the peer corpus read, and Model 2 symbols not taken for Model 1.
import Foundation
import QRCorpus
import Testing
@testable import QRCore
@testable import QRKit

@Suite(.tags(.sanitized)) struct Model1Tests {
    static let photo = "photos/qrcode-2-issue940.png"

    /// The photograph's modules, one pixel each inside a quiet zone of two, as samples.
    static func samples() throws -> (samples: [Float], size: Int) {
        let image = try PNGReader().read(contentsOf: SampleCorpus.path(photo))
        let size = image.width - 4
        var samples: [Float] = []
        for v in 0..<size {
            for u in 0..<size { samples.append(Float(image[u + 2, v + 2])) }
        }
        return (samples, size)
    }

    /// Every version's blocks fit the codewords its layout places, with at most four left
    /// over (versions 7 to 14 leave some unused at some levels, as the standard's table does);
    /// and no module is placed twice.
    @Test func theBlocksFitThePlacedCodewords() throws {
        for version in 1...14 {
            let layout = try #require(Model1Layout(size: 17 + 4 * version))
            #expect(Set(layout.codewordModules).count == layout.codewordModules.count)
            for level in 0..<4 {
                let (blocks, _, _) = layout.blocks(level: level)
                let used = blocks.map(\.count).reduce(0, +)
                #expect((0...4).contains(layout.codewordCount - used), "version \(version) level \(level)")
            }
        }
        // Version 1: 26 codewords, as Model 2's.
        #expect(Model1Layout(size: 21)?.codewordCount == 26)
    }

    @Test func theModel1PhotographsCodewordsCorrectAndItsDataReads() throws {
        let (samples, size) = try Self.samples()
        #expect(size == 37)
        let none = [SymbolRepair.Doubt](repeating: .none, count: samples.count)
        #expect(SymbolRepair(samples: samples, size: size, doubts: none) == nil, "not read as Model 2")
        let read = Model1Symbol(samples: samples, size: size, doubts: none)
        let model1 = try #require(read, "read as Model 1")
        #expect(model1.level == 3)
        let drawing = ModuleGrid.drawing(model1.modules, size: model1.size)
        let expected = try String(contentsOfFile: SampleCorpus.path("photos/qrcode-2-issue940.txt"), encoding: .utf8)
        let symbols = try ZXingEngine(passes: [.fast]).decode(drawing, cancel: CancellationFlag())
        #expect(symbols.map(\.text) == [expected])
    }
}
