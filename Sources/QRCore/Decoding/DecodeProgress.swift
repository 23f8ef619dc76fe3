// QRKit — DecodeProgress: what a policy is told of a decode so far.
/// Where each engine of a decode stands, for a ``DecodePolicy`` to decide by.
public struct DecodeProgress: Sendable {
    /// Where one engine stands.
    public enum Standing: Sendable, Equatable {
        /// Not started.
        case waiting
        /// Started: a pass is queued or running.
        case running
        /// Finished with a complete answer of this many symbols.
        case found(Int)
        /// Finished without a complete answer (see ``DecodePolicy``).
        case missed
    }

    /// Each engine's standing, in running order.
    public var engines: [Standing]
    /// The first engine whose answer was complete.
    public var winner: Int?

    /// The engines not started, in running order.
    public var waiting: [Int] { engines.indices.filter { engines[$0] == .waiting } }
}
