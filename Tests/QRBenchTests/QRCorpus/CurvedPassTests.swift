// QRBench tests — the `redrawn-curved` pass on the generator's curved paper: codes wrapped round a
// cylinder or folded, which the grids of the `redrawn` pass do not follow.
import QRKit
import QRTestSupport
import Testing
@testable import QRCorpus
@testable import QRCore

@Suite struct CurvedPassTests {
    /// The curved picture of `make bench-hard`'s seed (2711, curved alone) numbered `index`,
    /// and the texts it holds.
    static func picture(_ index: Int) throws -> (image: GrayImage, texts: [[UInt8]]) {
        var scene = Scene(category: .curved, random: SplitMix64(seed: 2711, stream: UInt64(index)))
        try scene.render()
        return (scene.canvas.grayImage(), scene.payloads.map(\.expected))
    }

    /// Pictures every other pass misses (``CurvedTruthTests/missedByTheRace``): the pass
    /// alone reads each, as the label's text.
    @Test(arguments: CurvedTruthTests.missedByTheRace)
    func thePassReadsWhatTheMeshesMiss(_ index: Int) throws {
        let (image, texts) = try Self.picture(index)
        let symbols = try ZXingEngine(passes: [.curved]).decode(image, cancel: CancellationFlag())
        #expect(symbols.map(\.bytes) == texts, "curved-\(index)")
    }

    /// The whole engine reads a picture only this pass reads, so the pass is in its ladder.
    @Test func theEngineReadsACurvedCode() throws {
        let (image, texts) = try Self.picture(CurvedTruthTests.missedByTheRace[0])
        #expect(try ZXingEngine().decode(image, cancel: CancellationFlag()).map(\.bytes) == texts)
    }

    /// With no finders in view there is nothing to bend: the pass reads nothing.
    @Test func aPictureWithoutCodesReadsNothing() throws {
        let image = try PNGReader().read(contentsOf: PackagePaths.fixture("no-code.png"))
        #expect(try ZXingEngine(passes: [.curved]).decode(image, cancel: CancellationFlag()).isEmpty)
    }
}
