// qr — DecodeOption: the names and kinds of the options of `qr decode` that QuickParse
// reads, made from the ArgumentParser declarations by `make quick-options`
// (QuickOptionsTests): do not edit. QuickOptionsTests fails when this file differs
// from what `qr decode --experimental-dump-help` describes.

/// The options of `qr decode`, named as its ArgumentParser declarations name them.
enum DecodeOption: QuickOption {
    case filesFrom
    case strategy
    case jobs
    case timeoutMs
    case maxPixels
    case maxMemoryMb
    case json
    case bytes
    case null
    case withFilename
    case noFilename
    case first
    case join
    case timing
    case quiet

    init?(long name: String) {
        switch name {
        case "files-from": self = .filesFrom
        case "strategy": self = .strategy
        case "jobs": self = .jobs
        case "timeout-ms": self = .timeoutMs
        case "max-pixels": self = .maxPixels
        case "max-memory-mb": self = .maxMemoryMb
        case "json": self = .json
        case "bytes", "raw": self = .bytes
        case "null": self = .null
        case "with-filename": self = .withFilename
        case "no-filename": self = .noFilename
        case "first": self = .first
        case "join": self = .join
        case "timing": self = .timing
        case "quiet": self = .quiet
        default: return nil
        }
    }

    init?(short name: Character) {
        switch name {
        case "0": self = .null
        case "H": self = .withFilename
        case "q": self = .quiet
        default: return nil
        }
    }

    var takesValue: Bool {
        switch self {
        case .filesFrom, .strategy, .jobs, .timeoutMs, .maxPixels, .maxMemoryMb: true
        default: false
        }
    }
}
