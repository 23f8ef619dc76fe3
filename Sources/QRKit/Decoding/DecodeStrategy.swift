// QRKit — DecodeStrategy: how several engines are combined for one picture.

/// How long a hedged strategy waits before it starts the next engine.
public enum HedgeDelay: Sendable, Equatable {
    /// The 90th percentile of the first engine's recent successful decodes (the time by
    /// which it usually has an answer); `fallback` until it has a history.
    case recentP90(fallback: Duration)
    /// A fixed delay.
    case fixed(Duration)

    /// The default: recent p90, 10 ms before there is a history.
    public static let `default` = HedgeDelay.recentP90(fallback: .milliseconds(10))
}

/// How a ``QRDecoder`` combines engines. Every strategy works for any list of engines.
///
///     QRDecoder(strategy: .race([ZBarEngine(), ZXingEngine()]))
public enum DecodeStrategy: Sendable {
    /// One engine alone.
    case single(any DecodeEngine)
    /// Plan A: each engine in turn; the next only if the one before found nothing.
    case sequential([any DecodeEngine])
    /// Plan B: every engine at once; wait for all, merge, drop repeated reads.
    case all([any DecodeEngine])
    /// Plan C: every engine at once; the first that finds a code wins and is returned at
    /// once (the others are told to stop); if none finds one, return when all are done.
    case race([any DecodeEngine])
    /// Start the engine that is usually faster; start the next only if there is no
    /// success within the hedge delay (or the first finds nothing); first success wins.
    case hedged([any DecodeEngine], delay: HedgeDelay = .default)

    /// The engines, in the order given.
    public var engines: [any DecodeEngine] {
        switch self {
        case .single(let engine): return [engine]
        case .sequential(let e), .all(let e), .race(let e), .hedged(let e, _): return e
        }
    }

    /// A short name for reports: `single`, `sequential`, `all`, `race`, `hedged`.
    public var name: String {
        switch self {
        case .single: return "single"
        case .sequential: return "sequential"
        case .all: return "all"
        case .race: return "race"
        case .hedged: return "hedged"
        }
    }

    /// The standard engines: ``EngineRegistry/standard``'s, zxing-cpp (usually faster)
    /// first, then zbar.
    public static var standardEngines: [any DecodeEngine] { EngineRegistry.standard.engines() }

    /// The race of the standard engines: the default of `qr decode`.
    public static var standardRace: DecodeStrategy { .race(standardEngines) }
}

/// A strategy by name, as the command line and the bench offer them: `race`, `hedged`,
/// `sequential`, `sequential-<engine>-first`, `all`, or one engine's name alone, over the
/// engines of an ``EngineRegistry`` (``EngineRegistry/standard`` unless one is given).
public struct StrategyName: RawRepresentable, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The name, such as `race` or `sequential-zbar-first`.
    public let rawValue: String

    /// The name if it is one of the standard registry's.
    public init?(rawValue: String) {
        self.init(rawValue, in: .standard)
    }

    /// The name if it is one of `registry`'s.
    public init?(_ name: String, in registry: EngineRegistry) {
        guard registry.strategyNames.contains(name) else { return nil }
        rawValue = name
    }

    private init(standard name: String) {
        rawValue = name
    }

    /// Every engine at once, first success wins.
    public static let race = StrategyName(standard: "race")
    /// The first engine; the next after a hedge delay if it has no answer yet.
    public static let hedged = StrategyName(standard: "hedged")
    /// Each engine in turn, the next only after a miss.
    public static let sequential = StrategyName(standard: "sequential")
    /// zbar, then zxing-cpp if zbar found nothing.
    public static let sequentialZBarFirst = StrategyName(standard: "sequential-zbar-first")
    /// Every engine at once, wait for all, merge.
    public static let all = StrategyName(standard: "all")
    /// zbar alone.
    public static let zbar = StrategyName(standard: "zbar")
    /// zxing-cpp alone.
    public static let zxing = StrategyName(standard: "zxing")

    /// The standard registry's names, in ``EngineRegistry/strategyNames`` order.
    public static var allCases: [StrategyName] { all(in: .standard) }

    /// `registry`'s names, in ``EngineRegistry/strategyNames`` order.
    public static func all(in registry: EngineRegistry) -> [StrategyName] {
        registry.strategyNames.map(StrategyName.init(standard:))
    }

    /// The strategy this name stands for over `registry`'s engines; the race of them all
    /// for a name that is not `registry`'s (one made from another registry).
    public func makeStrategy(in registry: EngineRegistry = .standard) -> DecodeStrategy {
        registry.strategy(named: rawValue) ?? .race(registry.engines())
    }

    public var description: String { rawValue }

    public init(from decoder: any Swift.Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let known = StrategyName(rawValue: name) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "no strategy is named \(name)"))
        }
        self = known
    }

    public func encode(to encoder: any Swift.Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
