// QRKit tests — erasures: Reed–Solomon over GF(256) against the standard's example and libqrencode's
// codewords, the symbol's layout, and damaged symbols repaired where the engines alone read nothing.
import QRCorpus
import Testing
@testable import QRCore
@testable import QRKit

@Suite(.tags(.sanitized)) struct ReedSolomonTests {
    /// ISO/IEC 18004's worked example: "01234567" as version 1-M, its 16 data codewords and
    /// the 10 error correction codewords the standard gives for them.
    static let exampleData: [UInt8] = [
        0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
    ]
    static let exampleECC: [UInt8] = [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]

    @Test func theStandardsExampleEncodes() {
        #expect(ReedSolomon(eccCount: 10).encode(Self.exampleData) == Self.exampleECC)
    }

    /// libqrencode's symbol of the example holds the same codewords, read back from its modules.
    @Test func libqrencodesSymbolOfTheExampleHoldsTheStandardsCodewords() throws {
        let matrix = try QREncoder().encode(text: "01234567", options: EncodeOptions(level: .m, version: 1))
        let read = try #require(SymbolCodewords(matrix))
        #expect(read.level == 1)
        #expect(read.codewords == Self.exampleData + Self.exampleECC)
    }

    /// A block with `errors` codewords changed at unmarked places and `erasures` marked
    /// (their content changed or not), drawn at random.
    static func damaged(
        _ block: [UInt8], errors: Int, erasures: Int, _ random: inout SplitMix64
    ) -> (block: [UInt8], erasures: [Int]) {
        var positions = Array(block.indices)
        for k in positions.indices.reversed() { positions.swapAt(k, Int(random.next() % UInt64(k + 1))) }
        var damaged = block
        for position in positions.prefix(errors) { damaged[position] ^= UInt8(1 + random.next() % 255) }
        let marked = Array(positions.dropFirst(errors).prefix(erasures))
        for position in marked { damaged[position] = UInt8(random.next() % 256) }
        return (damaged, marked)
    }

    /// Every mix of errors e and erasures k with 2e + k within the check codewords is
    /// corrected exactly, the errors' places reported.
    @Test(arguments: [7, 10, 17, 22, 30])
    func errorsAndErasuresWithinTheCodeAreCorrected(eccCount: Int) {
        var random = SplitMix64(seed: UInt64(eccCount))
        let code = ReedSolomon(eccCount: eccCount)
        for trial in 0..<40 {
            let data = (0..<(5 + trial % 40)).map { _ in UInt8(random.next() % 256) }
            let block = data + code.encode(data)
            for erasures in stride(from: 0, through: eccCount, by: max(1, eccCount / 5)) {
                let errors = Int(random.next() % UInt64((eccCount - erasures) / 2 + 1))
                var (damaged, marked) = Self.damaged(block, errors: errors, erasures: erasures, &random)
                let correction = code.correct(&damaged, erasures: marked)
                #expect(damaged == block, "n \(eccCount), \(errors) errors, \(erasures) erasures")
                #expect(correction?.errors.count == errors && correction?.erasures == erasures)
            }
        }
    }

    /// Past the code, or past what a reserve leaves of it, no correction is claimed and the
    /// block is left as it was.
    @Test(arguments: [10, 17, 22, 30])
    func damagePastTheCodeIsReportedNotCorrected(eccCount: Int) {
        var random = SplitMix64(seed: 100 + UInt64(eccCount))
        let code = ReedSolomon(eccCount: eccCount)
        for trial in 0..<60 {
            let data = (0..<(10 + trial % 30)).map { _ in UInt8(random.next() % 256) }
            let block = data + code.encode(data)
            let erasures = Int(random.next() % UInt64(eccCount - 2))
            // One error more than the reserve of 2 allows.
            let errors = (eccCount - 2 - erasures) / 2 + 1
            var (damaged, marked) = Self.damaged(block, errors: errors, erasures: erasures, &random)
            let before = damaged
            #expect(
                code.correct(&damaged, erasures: marked, reserve: 2) == nil, "\(errors) errors, \(erasures) erasures")
            #expect(damaged == before)
        }
        var block = [UInt8](repeating: 7, count: eccCount + 5)
        #expect(code.correct(&block, erasures: Array(0...eccCount)) == nil, "more erasures than check codewords")
    }
}

/// A symbol's codewords in the order of the codeword sequence, read from a matrix through
/// ``SymbolLayout`` and its format information.
struct SymbolCodewords {
    var level: Int
    var codewords: [UInt8]

    init?(_ matrix: QRMatrix) {
        guard let layout = SymbolLayout(size: matrix.size) else { return nil }
        let (first, second) = SymbolLayout.formatModules(size: matrix.size)
        func bits(_ modules: [Int]) -> Int { modules.reduce(0) { $0 << 1 | (matrix.modules[$1] ? 1 : 0) } }
        guard let format = SymbolLayout.format(reading: [bits(first), bits(second)]) else { return nil }
        level = format.level
        codewords = (0..<layout.codewordCount).map { c in
            layout.dataModules[(8 * c)..<(8 * c + 8)].reduce(0) { byte, index in
                let flip = SymbolLayout.masks(format.mask, index % matrix.size, index / matrix.size)
                return byte << 1 | (matrix.modules[index] != flip ? 1 : 0)
            }
        }
    }
}

@Suite(.tags(.sanitized)) struct SymbolLayoutTests {
    /// Codewords and remainder bits of some versions (ISO/IEC 18004, table 1).
    @Test(arguments: [(1, 26, 0), (2, 44, 7), (6, 172, 7), (7, 196, 0), (14, 581, 3), (21, 1156, 4), (40, 3706, 0)])
    func theDataModulesHoldTheStandardsCodewords(version: Int, codewords: Int, remainder: Int) throws {
        let layout = try #require(SymbolLayout(size: 17 + 4 * version))
        #expect(layout.codewordCount == codewords)
        #expect(layout.dataModules.count == 8 * codewords + remainder)
        #expect(Set(layout.dataModules).count == layout.dataModules.count)
    }

    /// Every block of libqrencode's symbols is a valid Reed–Solomon block under the layout's
    /// table, and the symbol drawn anew from its codewords is libqrencode's, module for
    /// module (format and version information, mask, remainder bits).
    @Test(arguments: [1, 2, 5, 7, 10, 14])
    func libqrencodesSymbolsAreValidBlocksAndRedrawExactly(version: Int) throws {
        for (index, level) in ErrorCorrectionLevel.allCases.enumerated() {
            let text = String(repeating: "QR", count: 2 * version)
            let matrix = try QREncoder().encode(text: text, options: EncodeOptions(level: level, version: version))
            try #require(matrix.version == version)
            let read = try #require(SymbolCodewords(matrix))
            #expect(read.level == index)
            let layout = try #require(SymbolLayout(size: matrix.size))
            let (blocks, eccCount) = layout.blocks(level: index)
            for block in blocks {
                var bytes = block.map { read.codewords[$0] }
                #expect(ReedSolomon(eccCount: eccCount).correct(&bytes, erasures: []) == .init(errors: [], erasures: 0))
            }
            let samples = matrix.modules.map { $0 ? Float(20) : 230 }
            let repair = try #require(
                SymbolRepair(
                    samples: samples, size: matrix.size, doubts: Array(repeating: .none, count: samples.count)))
            #expect(repair.modules == matrix.modules, "version \(version) \(level)")
            #expect(repair.changed == 0 && repair.erasures == 0)
        }
    }
}

@Suite(.tags(.sanitized)) struct SymbolRepairTests {
    static let text = "QRKit: erasures, a blot"

    /// Version 3-H: two blocks of 22 check codewords, which the engines' error correction
    /// takes 11 errors each from, and erasures 20 each (two kept in reserve).
    static func matrix() throws -> QRMatrix {
        let matrix = try QREncoder().encode(text: text, options: EncodeOptions(level: .h, version: 3))
        try #require(matrix.version == 3 && matrix.level == .h)
        return matrix
    }

    /// Samples of `matrix` with a disc of radius `radius` modules round (`cx`, `cy`) flat at
    /// `shade`, and that disc as the unreadable modules.
    static func blotted(_ matrix: QRMatrix, cx: Double, cy: Double, radius: Double, shade: Float) -> (
        samples: [Float], doubts: [SymbolRepair.Doubt]
    ) {
        var samples = matrix.modules.map { $0 ? Float(20) : 230 }
        var doubts = [SymbolRepair.Doubt](repeating: .none, count: samples.count)
        for v in 0..<matrix.size {
            for u in 0..<matrix.size {
                let d = SIMD2(Double(u) + 0.5 - cx, Double(v) + 0.5 - cy)
                guard (d * d).sum() <= radius * radius else { continue }
                samples[v * matrix.size + u] = shade
                doubts[v * matrix.size + u] = .unreadable
            }
        }
        return (samples, doubts)
    }

    @Test func aBlotPastTheErrorsButWithinTheErasuresIsRepaired() throws {
        let matrix = try Self.matrix()
        let (samples, doubts) = Self.blotted(matrix, cx: 15, cy: 16, radius: 8, shade: 20)
        let repair = try #require(SymbolRepair(samples: samples, size: matrix.size, doubts: doubts))
        #expect(repair.modules == matrix.modules)
        // More codewords changed than the engines' correction of unknown errors takes.
        #expect(repair.changed > 22, "changed \(repair.changed) of \(repair.erasures) erased")
        // Without the erasures marked, the same samples are past correcting.
        let unmarked = Array(repeating: SymbolRepair.Doubt.none, count: doubts.count)
        #expect(SymbolRepair(samples: samples, size: matrix.size, doubts: unmarked) == nil)
    }

    @Test func aBlotPastTheErasuresIsReportedNotRepaired() throws {
        let matrix = try Self.matrix()
        let (samples, doubts) = Self.blotted(matrix, cx: 15, cy: 16, radius: 11, shade: 20)
        let repair = SymbolRepair(samples: samples, size: matrix.size, doubts: doubts)
        #expect(repair == nil, "\(repair?.erasures ?? 0) erased")
    }

    /// The matrix drawn flat, `scale` pixels a module, quiet zone of 4, dark 30 on light
    /// 220, with an ellipse of `shade` over it (centre and radii in modules of the symbol).
    static func picture(
        _ matrix: QRMatrix, scale: Int, blot: (cx: Double, cy: Double, rx: Double, ry: Double), shade: UInt8
    ) -> GrayImage {
        let side = (matrix.size + 8) * scale
        var pixels = [UInt8](repeating: 220, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let u = Double(x) / Double(scale) - 4
                let v = Double(y) / Double(scale) - 4
                let dx = (u - blot.cx) / blot.rx
                let dy = (v - blot.cy) / blot.ry
                if dx * dx + dy * dy <= 1 {
                    pixels[y * side + x] = shade
                } else if u >= 0, v >= 0, u < Double(matrix.size), v < Double(matrix.size),
                    matrix.isDark(x: Int(u), y: Int(v))
                {
                    pixels[y * side + x] = 30
                }
            }
        }
        return GrayImage(width: side, height: side, pixels: pixels)
    }

    /// A blot over the middle of a code, too much for zbar and for zxing-cpp with every
    /// other pass, is read through the erasures pass, and by the decoder.
    @Test(arguments: [UInt8(30), 220, 128])
    func aBlottedCodeTheEnginesMissReadsThroughErasures(shade: UInt8) throws {
        let matrix = try Self.matrix()
        let image = Self.picture(matrix, scale: 6, blot: (15, 15.5, 8.5, 7.5), shade: shade)
        let others = ZXingEngine.Pass.allCases.filter { $0 != .erasures }
        #expect(try ZXingEngine(passes: others).decode(image, cancel: CancellationFlag()).isEmpty)
        #expect(try ZBarEngine().decode(image, cancel: CancellationFlag()).isEmpty)
        let symbols = try ZXingEngine(passes: [.erasures]).decode(image, cancel: CancellationFlag())
        #expect(symbols.map(\.text) == [Self.text])
        let report = try QRDecoder(strategy: .race([ZBarEngine(), ZXingEngine()])).decode(image)
        #expect(report.symbols.map(\.text) == [Self.text])
    }

    /// A code turned by 45° whose bottom corner the picture's edge cuts off, `cut` modules
    /// deep into the symbol (the three finders whole): what lies past the edge is erased.
    @Test func aCodeCutByThePicturesEdgeReadsThroughErasures() throws {
        let matrix = try Self.matrix()
        let side = Double(matrix.size + 8)
        let scale = 6.0
        let half = Double(matrix.size) / 2 * 2.0.squareRoot()
        let cut = 14.0
        let width = Int((side * 2.0.squareRoot() * scale).rounded(.up))
        let centre = SIMD2(Double(width) / 2, Double(width) / 2)
        let height = Int(centre.y + (half - cut) * scale)
        let image = GeometryPictures.draw(matrix, width: width, height: height) { p in
            let d = (p - centre) / scale
            let c = 0.5.squareRoot()
            return SIMD2(c * d.x + c * d.y, -c * d.x + c * d.y) + side / 2
        }
        let others = ZXingEngine.Pass.allCases.filter { $0 != .erasures }
        #expect(try ZXingEngine(passes: others).decode(image, cancel: CancellationFlag()).isEmpty)
        #expect(try ZBarEngine().decode(image, cancel: CancellationFlag()).isEmpty)
        let symbols = try ZXingEngine(passes: [.erasures]).decode(image, cancel: CancellationFlag())
        #expect(symbols.map(\.text) == [Self.text])
    }

    /// A picture whose answer is in (its stop flag raised) is not repaired: the pass stops,
    /// cancelled.
    @Test func theErasuresPassStopsWhenThePictureIsAnswered() throws {
        let picture = PictureVariants(Self.picture(try Self.matrix(), scale: 6, blot: (15, 15.5, 8.5, 7.5), shade: 30))
        picture.stop.cancel()
        #expect(throws: DecodeError.cancelled) { try ZXingEngine(passes: [.erasures]).decode(picture, pass: 0) }
    }
}
