// QRBench — FirstPasses: an engine limited to its first passes, for the pass table.
import QRKit

/// An engine limited to its first passes, for measuring what each pass adds (the pass
/// table of `qr bench`).
struct FirstPasses: DecodeEngine {
    /// The engine whose passes run.
    let engine: any DecodeEngine
    /// How many of its passes run, from the first.
    let count: Int

    /// - Parameters:
    ///   - count: passes to run, at most all the engine's.
    ///   - engine: the engine.
    init(_ count: Int, of engine: any DecodeEngine) {
        self.engine = engine
        self.count = min(max(0, count), engine.passNames.count)
    }

    var name: String { engine.name }
    var passNames: [String] { Array(engine.passNames.prefix(count)) }
    var typicalPassCosts: [Duration] { Array(engine.typicalPassCosts.prefix(count)) }
    var passesAfterFirstNeedFinders: Bool { engine.passesAfterFirstNeedFinders }

    func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
        try engine.decode(picture, pass: index)
    }
}
