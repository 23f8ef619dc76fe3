// QRBench tests — the generator's curved paper, sampled at its true module centres: what a grid
// that follows the curve would read, where the race's grids, fitted to the finders, read nothing.
import QRKit
import QRTestSupport
import Testing
@testable import QRCorpus
@testable import QRCore

@Suite struct CurvedTruthTests {
    /// Curved pictures of `make bench-hard`'s seed (2711, curved alone) that every pass
    /// but `redrawn-curved` misses: all three finders are found, and the modules are all
    /// there to read.
    static let missedByTheRace = [2, 8, 10]

    /// Sampled at the module centres the generator's surface gives, nearly every module
    /// comes out right, and the symbol drawn from them reads as the label's text: what the
    /// picture lacks is a grid that follows the curve, not the modules.
    @Test(arguments: missedByTheRace)
    func theTrueModuleCentresRead(_ index: Int) throws {
        var scene = Scene(category: .curved, random: SplitMix64(seed: 2711, stream: UInt64(index)))
        try scene.render()
        let image = scene.canvas.grayImage()
        let matrix = try #require(scene.matrices.first)
        let mesh = try #require(scene.symbolMesh)
        let n = matrix.size
        let sampler = PixelSampler(image)
        var values: [Float] = []
        for v in 0..<n {
            for u in 0..<n {
                let p = mesh.map(Double(u) + 4.5, Double(v) + 4.5, side: Double(n + 8))
                values.append(sampler.value(p.x, p.y))
            }
        }
        let threshold = ModuleGridFitter.threshold(values, size: n)
        var wrong = 0
        for v in 0..<n {
            for u in 0..<n where (values[v * n + u] < threshold[v * n + u]) != matrix.isDark(x: u, y: v) { wrong += 1 }
        }
        #expect(wrong * 100 <= n * n, "curved-\(index): \(wrong) of \(n * n) modules wrong")
        // The drawing uses the grid's size only: the samples are given.
        let identity = Homography(square: 1, to: [SIMD2(0, 0), SIMD2(1, 0), SIMD2(1, 1), SIMD2(0, 1)])
        let drawing = ModuleGrid(size: n, homography: identity).redrawn(from: values)
        let symbols = try ZXingEngine(passes: [.fast]).decode(drawing, cancel: CancellationFlag())
        #expect(symbols.map(\.bytes) == scene.payloads.map(\.expected), "curved-\(index)")
    }
}
