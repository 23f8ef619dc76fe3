// qr — QuickCommand: a command line that QuickParse read.

/// A command line that QuickParse read.
enum QuickCommand {
    case decode(DecodeSettings)
    case encode(EncodeSettings)

    /// Runs it, as ArgumentParser would have (``QuickParse/command(_:)`` has checked it).
    func run() throws {
        switch self {
        case .decode(let settings): try settings.run()
        case .encode(let settings): try settings.run()
        }
    }
}
