// QRBench — StrategyName: the strategies by the names qr and the bench offer, over a registry's engines.
import QRKit

/// A strategy by name, as the command line and the bench offer them: `race`, `hedged`,
/// `sequential`, `sequential-<engine>-first`, `all`, or one engine's name alone, over the
/// engines of an ``/QRCore/EngineRegistry`` (``QRCore/EngineRegistry/standard`` unless one is given).
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

    /// Every engine at once, the first complete answer wins.
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

    /// The standard registry's names, in ``/QRCore/EngineRegistry/strategyNames`` order.
    public static var allCases: [StrategyName] { all(in: .standard) }

    /// `registry`'s names, in ``/QRCore/EngineRegistry/strategyNames`` order.
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
