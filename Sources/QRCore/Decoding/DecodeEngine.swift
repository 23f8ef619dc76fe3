// QRKit — DecodeEngine: what every decoder behind a strategy looks like.
import Synchronization

/// A QR decoder that a ``DecodeStrategy`` can run.
///
/// An engine is a list of passes, cheapest first (``decodePasses``); its whole decode runs them
/// in order and returns the symbols of the first pass that finds any. Finding nothing is
/// `[]`; throwing is for library failure or cancellation. Engines are values that can be
/// shared between threads: per-call C state (a zbar scanner, say) is made inside a pass.
///
/// An engine names its passes (``passNames``) and runs them one at a time
/// (``decode(_:pass:)``), so that a ``DecodeExecutor`` interleaves them with other
/// engines' and other pictures' passes and stops a loser between two of them. An engine
/// that cannot be stopped between passes implements ``decode(_:cancel:)`` alone and is
/// run as one pass. Implement one of the two.
///
///     struct MyEngine: DecodeEngine {
///         let name = "mine"
///         func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] { [] }
///     }
public protocol DecodeEngine: Sendable {
    /// A short name, used in reports and on the command line.
    var name: String { get }

    /// The names of the passes, in the order they run; one name for an engine that
    /// cannot be stopped between passes.
    var passNames: [String] { get }

    /// What each pass usually costs on a photo of a quarter megapixel, for ranking passes
    /// before a ``DecodeExecutor`` has measured them; empty when not known (a millisecond
    /// each is then assumed).
    var typicalPassCosts: [Duration] { get }

    /// Whether the passes after the first run only on pictures that show something like a
    /// finder pattern (``PictureVariants/mayHoldCode``): the executor then skips them on
    /// other pictures, as finding nothing. False by default.
    var passesAfterFirstNeedFinders: Bool { get }

    /// Whether the passes after the first wait behind every pass of the other engines on a
    /// picture that shows a symbol another engine's grids were fitted to and could not read
    /// (`PictureVariants.showsUnreadSymbol`): for passes that show the library the whole
    /// picture another way (rescaled, inverted, smoothed), which seldom read what fitted
    /// grids could not, while the other engines' passes that follow are made for such a
    /// symbol. They still run, after those. False by default.
    var laterPassesYieldToLocatedSymbols: Bool { get }

    /// Reads the codes in `image`: by default every pass in order, as the executor runs
    /// them, until one finds a code.
    ///
    /// - Parameters:
    ///   - image: the picture.
    ///   - cancel: raised when the answer is no longer wanted; checked between passes.
    /// - Returns: the symbols found, `[]` when none.
    /// - Throws: ``DecodeError/cancelled`` when stopped by `cancel`, or
    ///   ``DecodeError/engineFailure(engine:reason:)``.
    func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol]

    /// Runs pass `index` (an index of ``passNames``) alone on `picture`.
    ///
    /// - Returns: the symbols found, `[]` when none (a pass that does not apply to this
    ///   picture finds none).
    /// - Throws: ``DecodeError/engineFailure(engine:reason:)``.
    func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol]
}

extension DecodeEngine {
    /// The engine's passes as values, in order.
    public var decodePasses: [DecodePass] {
        let names = passNames.isEmpty ? ["all"] : passNames
        let costs = typicalPassCosts
        return names.enumerated().map { index, name in
            DecodePass(engine: self, index: index, name: name, typicalCost: index < costs.count ? costs[index] : nil)
        }
    }

    /// What `decode` (a decode by this engine) gave, an error that is not a
    /// ``DecodeError`` reported as this engine's failure.
    func result(of decode: () throws -> [Symbol]) -> Result<[Symbol], DecodeError> {
        do {
            return .success(try decode())
        } catch let error as DecodeError {
            return .failure(error)
        } catch {
            return .failure(.engineFailure(engine: name, reason: "\(error)"))
        }
    }
}

extension DecodeEngine {
    /// One pass: the whole engine.
    public var passNames: [String] { ["all"] }

    /// Not known.
    public var typicalPassCosts: [Duration] { [] }

    /// Every pass runs on every picture.
    public var passesAfterFirstNeedFinders: Bool { false }

    /// Passes keep their rank.
    public var laterPassesYieldToLocatedSymbols: Bool { false }

    /// Every pass in order on a picture of its own, checking `cancel` before each, until
    /// one finds a code.
    public func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] {
        let picture = PictureVariants(image, stop: cancel)
        return try runPasses(decodePasses, cancel: cancel) { try $0.run(on: picture) }
    }

    /// The whole engine, as its one pass.
    public func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
        try decode(picture.original, cancel: picture.stop)
    }
}

/// Runs `passes` in order, checking `cancel` before each, and returns the symbols of the
/// first pass that finds any.
package func runPasses<Pass>(
    _ passes: some Sequence<Pass>, cancel: CancellationFlag, _ body: (Pass) throws -> [Symbol]
) throws -> [Symbol] {
    for pass in passes {
        try cancel.check()
        let found = try body(pass)
        if !found.isEmpty { return found }
    }
    return []
}
