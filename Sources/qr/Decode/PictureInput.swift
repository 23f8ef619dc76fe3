// qr — PictureInput: one picture to read: a file, or standard input.
import QRKit

/// One picture to read: a path, or standard input.
enum PictureInput: Sendable, Hashable {
    case file(PathName)
    case standardInput

    /// The name messages and JSON use.
    var name: PathName {
        switch self {
        case .file(let path): return path
        case .standardInput: return .standardInput
        }
    }
}
