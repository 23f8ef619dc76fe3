// qr — library errors in the command line's words: where the library names a Swift
// property (`RenderOptions.scale`), qr names its flag (`--scale`).
import QRKit

extension EncodeError {
    /// The message for a user of `qr`: the library's sentence, each setting it tells the
    /// user to change named by its flag.
    var commandLineMessage: String {
        let message = message(naming: \.flag)
        // Where a user of the command line finds the names iconv knows.
        if case .unknownCharacterSet = self { return message + " (see iconv --list)" }
        return message
    }
}

extension EncodeError.Setting {
    /// The `qr encode` flag that changes the setting.
    var flag: String {
        switch self {
        case .bytes: "--8bit"
        case .kanji: "--kanji"
        case .eci: "--eci"
        case .micro: "--micro"
        case .caseInsensitive: "--case-insensitive"
        case .characterSet: "--encoding"
        case .level(let level): "--level \(level.rawValue)"
        case .version: "--version"
        case .strictVersion: "--strict-version"
        case .parts: "--split"
        case .partCount(let count): "--split \(count)"
        case .scale: "--scale"
        case .targetSize: "--size-px"
        case .margin: "--margin"
        case .dpi: "--dpi"
        }
    }
}

/// What `qr` says of `error`: an ``EncodeError`` in the command line's words, anything
/// else as it describes itself.
func commandLineMessage(_ error: any Error) -> String {
    (error as? EncodeError)?.commandLineMessage ?? "\(error)"
}
