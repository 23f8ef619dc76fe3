// QRKit tests — QR Model 1: its layout against the standard's codeword counts, the one Model 1
// photograph of the peer corpus read, and Model 2 symbols not taken for Model 1.
import Foundation
import QRCorpus
import Testing
@testable import QRCore
@testable import QRKit

@Suite(.tags(.sanitized)) struct Model1Tests {
    static let photo = "model1/qrcode-2-issue940.png"

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
        let expected = try String(contentsOfFile: SampleCorpus.path("model1/qrcode-2-issue940.txt"), encoding: .utf8)
        let symbols = try ZXingEngine(passes: [.fast]).decode(drawing, cancel: CancellationFlag())
        #expect(symbols.map(\.text) == [expected])
    }

    /// The erasures pass reads the photograph, before the curved pass would try its bends,
    /// with the Model 1 symbol's level and corners round the symbol.
    @Test func theErasuresPassReadsTheModel1Photograph() throws {
        let image = try PNGReader().read(contentsOf: SampleCorpus.path(Self.photo))
        let expected = try String(contentsOfFile: SampleCorpus.path("model1/qrcode-2-issue940.txt"), encoding: .utf8)
        let others = ZXingEngine.Pass.allCases.filter { $0 != .erasures && $0 != .curved }
        #expect(try ZXingEngine(passes: others).decode(image, cancel: CancellationFlag()).isEmpty)
        let symbols = try ZXingEngine(passes: [.erasures]).decode(image, cancel: CancellationFlag())
        #expect(symbols.map(\.text) == [expected])
        #expect(symbols.first?.errorCorrection == .h)
        for corner in symbols.first?.corners ?? [] {
            #expect((0...3).contains(min(corner.x, 40 - corner.x)) && (0...3).contains(min(corner.y, 40 - corner.y)))
        }
    }

    /// Model 2 symbols of every version the redrawn passes fit and every level are not
    /// taken for Model 1: not as drawn, nor with each format information copy turned to
    /// two bits from the nearest Model 1 format, nearer it than its own (their alignment
    /// pattern, or for version 1 the error correction, still tells).
    @Test func model2SymbolsAreNotTakenForModel1() throws {
        for version in 1...14 {
            for level in ErrorCorrectionLevel.allCases {
                let text = String(repeating: "MODEL 2 ", count: version)
                let matrix = try QREncoder().encode(text: text, options: EncodeOptions(level: level, version: version))
                try #require(matrix.version == version)
                let none = [SymbolRepair.Doubt](repeating: .none, count: matrix.modules.count)
                let samples = matrix.modules.map { $0 ? Float(20) : 230 }
                #expect(Model1Symbol(samples: samples, size: matrix.size, doubts: none) == nil, "\(version)-\(level)")
                // The Model 1 format nearest the symbol's, and all but two of the bits that differ turned.
                let copies = SymbolRepair.formatCopies(matrix.modules, size: matrix.size)
                let nearest = SymbolLayout.nearestFormat(copies, formatMask: Model1Layout.formatMask)
                let target = SymbolLayout.formatBits(
                    level: nearest.level, mask: nearest.mask, formatMask: Model1Layout.formatMask)
                var turned = samples
                let formatModules = SymbolLayout.formatModules(size: matrix.size)
                for (copy, modules) in zip(copies, [formatModules.0, formatModules.1]) {
                    let differing = (0..<15).filter { (copy ^ target) >> (14 - $0) & 1 == 1 }
                    for k in differing.prefix(differing.count - 2) {
                        turned[modules[k]] = matrix.modules[modules[k]] ? 230 : 20
                    }
                }
                #expect(Model1Symbol(samples: turned, size: matrix.size, doubts: none) == nil, "\(version)-\(level)")
            }
        }
    }
}
