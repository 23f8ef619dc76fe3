// qr encode — LevelArgument: `-l`/`--level`, the error correction level.
import ArgumentParser
import QRKit

enum LevelArgument: String, ExpressibleByArgument, CaseIterable {
    case l = "L"
    case m = "M"
    case q = "Q"
    case h = "H"

    init?(argument: String) {
        self.init(rawValue: argument.uppercased())
    }

    var level: ErrorCorrectionLevel {
        switch self {
        case .l: .l
        case .m: .m
        case .q: .q
        case .h: .h
        }
    }
}
