// QRKit — CancellationFlag: the flag a decode raises to stop the engines still at work.
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
