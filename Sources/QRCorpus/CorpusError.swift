// QRCorpus — CorpusError: why a corpus could not be loaded.
import Dispatch
import FoundationEssentials
import QRKit

/// Why a corpus could not be loaded at all.
public enum CorpusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path is missing, neither a folder nor a file to open.
    case notAFolder(String)

    public var description: String {
        switch self {
        case .notAFolder(let path):
            return
                "\(path): no such folder or picture (a corpus is a folder of pictures, NAME.png or .jpg, .webp, .tif, .gif, beside NAME.txt; or one picture)"
        }
    }
}
