// qr — EncodeOption: the names and kinds of the options of `qr encode` that QuickParse
// reads, made from the ArgumentParser declarations by `make quick-options`
// (QuickOptionsTests): do not edit. QuickOptionsTests fails when this file differs
// from what `qr encode --experimental-dump-help` describes.

/// The options of `qr encode`, named as its ArgumentParser declarations name them.
enum EncodeOption: QuickOption {
    case input
    case output
    case format
    case level
    case version
    case strictVersion
    case micro
    case `8bit`
    case kanji
    case mode
    case encoding
    case boostLevel
    case noBoost
    case caseInsensitive
    case eci
    case split
    case scale
    case sizePx
    case size
    case module
    case margin
    case foreground
    case background
    case force
    case dpi
    case invert
    case title
    case desc

    init?(long name: String) {
        switch name {
        case "input": self = .input
        case "output": self = .output
        case "format": self = .format
        case "level", "error": self = .level
        case "version": self = .version
        case "strict-version": self = .strictVersion
        case "micro": self = .micro
        case "8bit": self = .`8bit`
        case "kanji": self = .kanji
        case "mode": self = .mode
        case "encoding": self = .encoding
        case "boost-level": self = .boostLevel
        case "no-boost": self = .noBoost
        case "case-insensitive": self = .caseInsensitive
        case "eci": self = .eci
        case "split": self = .split
        case "scale": self = .scale
        case "size-px": self = .sizePx
        case "size": self = .size
        case "module": self = .module
        case "margin", "border": self = .margin
        case "foreground", "dark": self = .foreground
        case "background", "light": self = .background
        case "force": self = .force
        case "dpi": self = .dpi
        case "invert": self = .invert
        case "title": self = .title
        case "desc": self = .desc
        default: return nil
        }
    }

    init?(short name: Character) {
        switch name {
        case "i", "r": self = .input
        case "o": self = .output
        case "t": self = .format
        case "l": self = .level
        case "v": self = .version
        case "M": self = .micro
        case "8": self = .`8bit`
        case "k": self = .kanji
        case "s": self = .scale
        case "m": self = .margin
        case "d": self = .dpi
        default: return nil
        }
    }

    var takesValue: Bool {
        switch self {
        case .input, .output, .format, .level, .version, .mode, .encoding, .split, .scale, .sizePx, .size, .module,
            .margin, .foreground, .background, .dpi, .title, .desc:
            true
        default: false
        }
    }
}
