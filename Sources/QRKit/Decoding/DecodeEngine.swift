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
///     struct MyEngine: DecodeEngine {
///         let name = "mine"
///         func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] { [] }
///     }
public protocol DecodeEngine: Sendable {
    /// A short name, used in reports and on the command line.
    var name: String { get }

    /// Reads the codes in `image`.
    ///
    /// - Parameters:
    ///   - image: the picture.
    ///   - cancel: raised when the answer is no longer wanted; check it between passes.
    /// - Returns: the symbols found, `[]` when none.
    /// - Throws: ``DecodeError/cancelled`` when stopped by `cancel`, or
    ///   ``DecodeError/engineFailure(engine:reason:)``.
    func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol]
}

/// Runs `passes` in order on `image`, checking `cancel` before each, and returns the
/// symbols of the first pass that finds any.
func runPasses<Pass>(
    _ passes: [Pass], cancel: CancellationFlag, _ body: (Pass) throws -> [Symbol]
) throws -> [Symbol] {
    for pass in passes {
        try cancel.check()
        let found = try body(pass)
        if !found.isEmpty { return found }
    }
    return []
}
