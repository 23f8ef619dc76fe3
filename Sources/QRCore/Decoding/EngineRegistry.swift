// QRKit — EngineRegistry: the decode engines known by name, and the strategies named over
// them.

/// The decode engines a program knows by name, in the order strategies use them (the one
/// that is usually faster first), and the strategies named over them.
///
/// The strategy names of the command line and the bench, the pass table and the corpus
/// generator all come from a registry, so a new engine is one type and one line, and so is
/// a new strategy:
///
///     let registry = EngineRegistry.standard
///         .adding("mine") { MyEngine() }
///         .addingStrategy("cautious") { engines in DecodeStrategy(engines, policy: CautiousPolicy()) }
///     let strategy = registry.strategy(named: "sequential-mine-first")
public struct EngineRegistry: Sendable {
    /// One engine: its name and how to make one.
    public struct Entry: Sendable {
        /// The engine's ``DecodeEngine/name``, which its strategy names use.
        public let name: String
        /// Makes the engine with all its passes.
        public let make: @Sendable () -> any DecodeEngine

        public init(name: String, make: @escaping @Sendable () -> any DecodeEngine) {
            self.name = name
            self.make = make
        }
    }

    /// One strategy over every engine of the registry: its name and how to make it.
    public struct StrategyEntry: Sendable {
        /// The name the command line and the bench know it by.
        public let name: String
        /// Makes the strategy over the engines given, in the registry's order.
        public let make: @Sendable ([any DecodeEngine]) -> DecodeStrategy

        public init(name: String, make: @escaping @Sendable ([any DecodeEngine]) -> DecodeStrategy) {
            self.name = name
            self.make = make
        }
    }

    /// The built-in strategies, by name: the one table of them.
    public static let builtInStrategies: [StrategyEntry] = [
        StrategyEntry(name: "race") { .race($0) },
        StrategyEntry(name: "hedged") { .hedged($0) },
        StrategyEntry(name: "sequential") { .sequential($0) },
        StrategyEntry(name: "all") { .all($0) },
    ]

    /// The engines, in the order strategies use them.
    public let entries: [Entry]
    /// The strategies over all the engines.
    public let strategies: [StrategyEntry]

    /// A registry of `entries`, in that order, and the built-in strategies over them.
    public init(_ entries: [Entry], strategies: [StrategyEntry] = EngineRegistry.builtInStrategies) {
        self.entries = entries
        self.strategies = strategies
    }

    /// This registry with one more engine, after the others.
    public func adding(_ name: String, make: @escaping @Sendable () -> any DecodeEngine) -> EngineRegistry {
        EngineRegistry(entries + [Entry(name: name, make: make)], strategies: strategies)
    }

    /// This registry with one more strategy over its engines, after the others.
    public func addingStrategy(
        _ name: String, make: @escaping @Sendable ([any DecodeEngine]) -> DecodeStrategy
    ) -> EngineRegistry {
        EngineRegistry(entries, strategies: strategies + [StrategyEntry(name: name, make: make)])
    }

    /// The engines' names, in order.
    public var names: [String] { entries.map(\.name) }

    /// One of each engine, in order.
    public func engines() -> [any DecodeEngine] { entries.map { $0.make() } }

    /// The strategy that `name` stands for, or `nil` when it is not one of
    /// ``strategyNames``.
    public func strategy(named name: String) -> DecodeStrategy? {
        let all = engines()
        if let entry = strategies.first(where: { $0.name == name }) { return entry.make(all) }
        if let index = names.firstIndex(of: name) { return .single(all[index]) }
        if let index = names.indices.dropFirst().first(where: { Self.firstName(names[$0]) == name }) {
            var order = all
            order.insert(order.remove(at: index), at: 0)
            return .sequential(order)
        }
        return nil
    }

    /// Every strategy name: the strategies but `all` (`race`, `hedged`, `sequential`, then
    /// any added), `sequential-<engine>-first` for each engine but the first, `all`, then
    /// each engine alone, by name.
    public var strategyNames: [String] {
        let named = strategies.map(\.name)
        return named.filter { $0 != "all" } + names.dropFirst().map(Self.firstName)
            + named.filter { $0 == "all" } + names.sorted()
    }

    private static func firstName(_ engine: String) -> String { "sequential-\(engine)-first" }
}
