// QRKit — DecodePass: one pass of an engine, as the executor runs it.
import Synchronization

/// One pass of an engine, as a value: what a ``DecodeExecutor`` queues and ranks.
public struct DecodePass: Sendable {
    /// The engine the pass belongs to.
    public let engine: any DecodeEngine
    /// Its place among the engine's passes, from 0.
    public let index: Int
    /// Its name, one of the engine's ``DecodeEngine/passNames``.
    public let name: String
    /// What it usually costs, when the engine says.
    public let typicalCost: Duration?

    /// Runs the pass on `picture`: nothing (no symbols) when it needs a finder-like
    /// pattern that the picture does not show.
    public func run(on picture: PictureVariants) throws -> [Symbol] {
        if index > 0, engine.passesAfterFirstNeedFinders, !picture.mayHoldCode { return [] }
        return try engine.decode(picture, pass: index)
    }
}
