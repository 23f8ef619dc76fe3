// QRKit tests — where the `redrawn-curved` pass gives up early (a grid that already lands
// crisply, finders too small to trace), counted by its stages, and what it still reads.
import QRTestSupport
import Testing
@testable import QRCore
@testable import QRKit

@Suite struct CurvedGateTests {
    /// ``GeometryPictures/matrix()`` with every data module of its lower half turned over:
    /// past any error correction, yet a flat, crisp symbol whose function patterns are whole.
    static func spoiled() throws -> QRMatrix {
        let matrix = try GeometryPictures.matrix()
        let known = Set(FunctionPatterns(size: matrix.size).modules.map(\.index))
        var modules = matrix.modules
        for index in modules.indices where index / matrix.size > matrix.size / 2 && !known.contains(index) {
            modules[index].toggle()
        }
        return try #require(
            QRMatrix(
                size: matrix.size, version: matrix.version, level: matrix.level, isMicro: false, modules: modules))
    }

    /// `matrix` drawn square and flat, `scale` pixels a module, its quiet zone included.
    static func picture(_ matrix: QRMatrix, scale: Double) -> GrayImage {
        let side = Int((Double(matrix.size + 8) * scale).rounded(.up))
        return GeometryPictures.draw(matrix, width: side, height: side) { $0 / scale }
    }

    /// What the pass reads in `image`, each drawing read by zxing-cpp's fast pass, and the
    /// work it did.
    static func readCurved(_ image: GrayImage) throws -> (texts: [String], work: CurvedWork) {
        let engine = ZXingEngine(passes: [.fast])
        var work = CurvedWork()
        let symbols = try image.readCurved(work: &work) { try engine.decode($0, cancel: CancellationFlag()) }
        return (symbols.map(\.text), work)
    }

    /// A flat code whose data no grid can save: its first grid lands on every module, so it
    /// is drawn once and no bend is scored.
    @Test func aCrispGridThatReadsNothingIsNotBent() throws {
        let (texts, work) = try Self.readCurved(Self.picture(try Self.spoiled(), scale: 4))
        #expect(texts.isEmpty)
        #expect(work.triples >= 1)
        #expect(work.crisp == work.triples)
        #expect(work.drawings == work.crisp)
        #expect(work.scored == 0 && work.samples == 0)
    }

    /// The same gate on a code that reads: the crisp grid is the one drawn, and it reads.
    @Test func aCrispGridThatReadsIsDrawnAndRead() throws {
        let (texts, work) = try Self.readCurved(Self.picture(try GeometryPictures.matrix(), scale: 4))
        #expect(texts == [GeometryPictures.text])
        #expect(work.crisp == 1 && work.drawings == 1 && work.scored == 0)
    }

    /// Finders of one and a half pixels a module are found, but their rings cannot be traced:
    /// the pass fits nothing to them.
    @Test func findersUnderTwoPixelsAModuleArePassedOver() throws {
        let image = Self.picture(try Self.spoiled(), scale: 1.5)
        try #require(FinderTriple.triples(of: image.finderCandidates(), strong: 3, moduleRatio: 3).count >= 1)
        let (texts, work) = try Self.readCurved(image)
        #expect(texts.isEmpty)
        #expect(work.tooSmall >= 1)
        #expect(work.triples == 0 && work.sizes == 0 && work.scored == 0 && work.drawings == 0)
    }
}
