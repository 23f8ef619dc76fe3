// qr encode — ModeArgument: `--mode`, one segment of this mode.
import ArgumentParser

/// `--mode`: one segment of this mode.
enum ModeArgument: String, ExpressibleByArgument, CaseIterable {
    case numeric, alnum, byte, kanji

    init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}
