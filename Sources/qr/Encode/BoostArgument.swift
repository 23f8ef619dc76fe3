// qr encode — BoostArgument: `--boost-level` or `--no-boost`.
import ArgumentParser

/// `--boost-level` (the default) or `--no-boost`.
enum BoostArgument: String, EnumerableFlag {
    case boostLevel
    case noBoost

    static func name(for value: BoostArgument) -> NameSpecification {
        switch value {
        case .boostLevel: .customLong("boost-level")
        case .noBoost: .customLong("no-boost")
        }
    }

    static func help(for value: BoostArgument) -> ArgumentHelp? {
        switch value {
        case .boostLevel:
            "Raise the level to the highest that fits the same version (the default): --level is a minimum."
        case .noBoost: "Keep --level as given."
        }
    }
}
