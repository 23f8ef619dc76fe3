// QRCorpus — GeneratorError: why a corpus could not be generated.
import Dispatch
import QRKit

/// Why a corpus could not be generated.
public enum GeneratorError: Error, Sendable, CustomStringConvertible {
    case encodingFailed(name: String, reason: String)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .encodingFailed(let name, let reason): return "\(name): could not encode the code: \(reason)"
        case .writeFailed(let path, let reason): return "\(path): cannot write: \(reason)"
        }
    }
}
