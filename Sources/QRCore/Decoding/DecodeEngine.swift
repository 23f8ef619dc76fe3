// QRKit — DecodeEngine: what every decoder behind a strategy looks like.
import Synchronization

/// A flag a strategy raises to tell engines that their answer is no longer wanted.
///
/// Engines check it between passes and stop there by throwing ``DecodeError/cancelled``.
public final class CancellationFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    public init() {}

    /// True once ``cancel()`` has been called.
    public var isCancelled: Bool { raised.load(ordering: .acquiring) }

    /// Raises the flag. Safe from any thread, any number of times.
    public func cancel() { raised.store(true, ordering: .releasing) }

    /// Throws ``DecodeError/cancelled`` when the flag is raised.
    public func check() throws(DecodeError) {
        if isCancelled { throw .cancelled }
    }
}

/// Why a decode did not give an answer.
public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The engine stopped at a pass boundary because its answer was no longer wanted.
    case cancelled
    /// The engine's library failed.
    case engineFailure(engine: String, reason: String)
    /// Every engine of the strategy failed; the reasons, one per engine.
    case allEnginesFailed([String])

    public var description: String {
        switch self {
        case .cancelled: return "cancelled"
        case .engineFailure(let engine, let reason): return "\(engine) failed: \(reason)"
        case .allEnginesFailed(let reasons): return "every engine failed: " + reasons.joined(separator: "; ")
        }
    }
}

/// A QR decoder that a ``DecodeStrategy`` can run.
///
/// An engine is a list of passes, cheapest first; it returns the symbols of the first
/// pass that finds any and checks `cancel` between passes. Finding nothing is `[]`;
/// throwing is for library failure or cancellation. Engines are values that can be
/// shared between threads: per-call C state (a zbar scanner, say) is made inside
/// `decode`.
///
/// An engine that names its passes (``passNames``) and runs them one at a time
/// (``decode(_:pass:)``) lets a ``PassScheduler`` interleave them with other engines'
/// and other pictures' passes; one that does not is scheduled as a single pass. A reader
/// runs such an engine's passes one by one on one picture for every engine (so that the
/// copies they derive are made once), so running them in order must be what
/// `decode(_:cancel:)` does.
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
    /// before a ``PassScheduler`` has measured them; empty when not known (a millisecond
    /// each is then assumed).
    var typicalPassCosts: [Duration] { get }

    /// Reads the codes in `image`.
    ///
    /// - Parameters:
    ///   - image: the picture.
    ///   - cancel: raised when the answer is no longer wanted; check it between passes.
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
    /// Every pass in order on `picture`, whose variants other engines share, checking
    /// `cancel` before each: what `decode(_:cancel:)` does, for an engine that names its
    /// passes. An engine of one pass is asked as a whole, so that it sees `cancel`.
    func decode(_ picture: PictureVariants, cancel: CancellationFlag) throws -> [Symbol] {
        guard passNames.count > 1 else { return try decode(picture.original, cancel: cancel) }
        return try runPasses(passNames.indices, cancel: cancel) { try decode(picture, pass: $0) }
    }
}

extension DecodeEngine {
    /// One pass: the whole engine.
    public var passNames: [String] { ["all"] }

    /// Not known.
    public var typicalPassCosts: [Duration] { [] }

    /// The whole engine, as its one pass.
    public func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
        try decode(picture.original, cancel: CancellationFlag())
    }
}

/// A picture and the variants that decode passes derive from it, each made once and
/// shared by the engines that ask for it: both engines' inverted passes read the same
/// inverted copy, and a large picture is halved once.
public final class PictureVariants: Sendable {
    /// The picture as it was read.
    public let original: GrayImage
    /// Raised when the decode this picture belongs to wants no more answers (an engine has
    /// answered, or the caller has stopped it). Passes are the unit of interruption, but a
    /// pass that can run long (tens of milliseconds) may look at it as it goes and stop
    /// early, throwing ``DecodeError/cancelled``, rather than hold a worker for an answer
    /// nobody will read.
    public let stop: CancellationFlag
    private let invertedCopy = Locked<GrayImage?>(nil)
    private let halvedCopy = Locked<GrayImage?>(nil)
    private let finderLook = Locked<Bool?>(nil)
    private let sharpenedCopy = Locked<GrayImage?>(nil)
    private let grownCopy = Locked<GrayImage??>(nil)
    private let sharpenedGrownCopy = Locked<GrayImage??>(nil)

    /// - Parameters:
    ///   - original: the picture as it was read.
    ///   - stop: raised when no more answers are wanted (see ``stop``); a new flag by default.
    public init(_ original: GrayImage, stop: CancellationFlag = CancellationFlag()) {
        self.original = original
        self.stop = stop
    }

    /// The picture with black and white swapped (``GrayImage/inverted()``).
    public var inverted: GrayImage { Self.made(invertedCopy) { original.inverted() } }

    /// The picture scaled by one half on both axes, by box averaging.
    public var halved: GrayImage { Self.made(halvedCopy) { original.scaled(by: 0.5) } }

    /// Whether the picture shows anything like a QR finder pattern
    /// (`GrayImage.hasFinderLikePattern()`), looked for once and shared by every engine:
    /// an engine runs its passes after the first, the expensive ones, only when it does.
    /// A picture that a first pass reads never pays for the look.
    public var mayHoldCode: Bool { Self.made(finderLook) { original.hasFinderLikePattern() } }

    /// The picture with an unsharp mask (`GrayImage.sharpened(radius:amount:)`: a blur of
    /// about two pixels, the difference added back once and a half), for codes out of
    /// focus; a picture over 1280 pixels a side is halved first (``halved``), which a
    /// two-pixel mask then suits as it suits a smaller one, at a quarter of the work.
    package var sharpened: GrayImage {
        Self.made(sharpenedCopy) {
            (max(original.width, original.height) > 1280 ? halved : original).sharpened(radius: 2, amount: 1.5)
        }
    }

    /// The sharpened picture (``sharpened``) of a small picture (under 640 pixels a side)
    /// grown twice by cubic convolution; nil for larger pictures. zxing-cpp reads a sharpened
    /// code of three or four pixels a module better grown.
    package var sharpenedAndGrown: GrayImage? {
        Self.made(sharpenedGrownCopy) {
            max(original.width, original.height) < 640 ? sharpened.upscaledBicubic(by: 2) : nil
        }
    }

    /// A small picture (at most 360 pixels a side) grown to about 720 pixels, 2 to 4
    /// times, by cubic convolution, for codes of one or two pixels a module; nil for larger
    /// pictures. Those it once grew twice too (up to 640 pixels a side), to 0.5 megapixels
    /// and more, it read none of on five corpora (the peer photographs, `Samples/`, three
    /// generated corpora of 300: seeds 7, 14 and 21), for 14 ms of try-harder a picture.
    package var grownSmoothly: GrayImage? {
        Self.made(grownCopy) {
            let longest = max(original.width, original.height)
            guard longest <= 360 else { return nil }
            let factor = min(4, Int((720 / Double(longest)).rounded(.down)))
            return original.upscaledBicubic(by: factor)
        }
    }

    /// The symbols that `read` finds in drawings made anew from module grids fitted to
    /// the picture's finder patterns (`GrayImage.readRedrawn(finders:stop:_:)`), corners in the
    /// picture; in a picture over 1600 pixels a side, fitted to the halved picture
    /// (``halved``), as zbar's rescaled pass reads it: a quarter of the pixels to look
    /// through for finders.
    /// Stops early, throwing ``DecodeError/cancelled``, once ``stop`` is raised.
    package func readRedrawn(
        finders: RedrawnFinders = .all, _ read: (GrayImage) throws -> [Symbol]
    ) throws -> [Symbol] {
        guard max(original.width, original.height) > 1600 else {
            return try original.readRedrawn(finders: finders, stop: stop, read)
        }
        let halved = self.halved
        return try halved.readRedrawn(finders: finders, stop: stop, read).map {
            $0.scaledCorners(by: Double(original.width) / Double(halved.width))
        }
    }

    /// What `slot` holds, made by `make` on the first call. Made under the lock: an engine
    /// that asks while another makes it waits for that value rather than making its own.
    private static func made<Value: Sendable>(_ slot: Locked<Value?>, by make: () -> Value) -> Value {
        slot.withLock { value in
            if let value { return value }
            let made = make()
            value = made
            return made
        }
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
