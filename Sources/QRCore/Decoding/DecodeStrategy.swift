// QRKit — DecodeStrategy: which engines decode a picture, and the policy that combines them.

/// How a ``QRDecoder`` combines engines: the engines, and a ``DecodePolicy`` that says
/// which of their passes run first, what follows a miss, and when the answer is final.
/// Every policy works for any list of engines.
///
///     QRDecoder(strategy: .race([ZBarEngine(), ZXingEngine()]))
///     QRDecoder(strategy: DecodeStrategy(engines, policy: MyPolicy()))
public struct DecodeStrategy: Sendable {
    /// The engines, in the order given.
    public var engines: [any DecodeEngine]
    /// How they are combined.
    public var policy: any DecodePolicy

    /// - Parameters:
    ///   - engines: the engines, in the order the policy is to take them.
    ///   - policy: how they are combined.
    public init(_ engines: [any DecodeEngine], policy: any DecodePolicy) {
        self.engines = engines
        self.policy = policy
    }

    /// A short name for reports: the policy's, such as `race`.
    public var name: String { policy.name }

    /// One engine alone.
    public static func single(_ engine: any DecodeEngine) -> DecodeStrategy {
        DecodeStrategy([engine], policy: SequentialPolicy(name: "single"))
    }

    /// Plan A: each engine in turn; the next only if the one before found nothing.
    public static func sequential(_ engines: [any DecodeEngine]) -> DecodeStrategy {
        DecodeStrategy(engines, policy: SequentialPolicy())
    }

    /// Plan B: every engine at once; wait for all, merge, drop repeated reads.
    public static func all(_ engines: [any DecodeEngine]) -> DecodeStrategy {
        DecodeStrategy(engines, policy: AllPolicy())
    }

    /// Plan C: every engine at once; the first complete answer wins and is returned at
    /// once (the others are told to stop); if none finds a code, return when all are done.
    public static func race(_ engines: [any DecodeEngine]) -> DecodeStrategy {
        DecodeStrategy(engines, policy: RacePolicy())
    }

    /// Start the engine that is usually faster; start the next only if there is no
    /// success within the hedge delay (or the first finds nothing); the first complete answer wins.
    public static func hedged(_ engines: [any DecodeEngine], delay: HedgeDelay = .default) -> DecodeStrategy {
        DecodeStrategy(engines, policy: HedgedPolicy(delay: delay))
    }
}
