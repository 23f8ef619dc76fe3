// QRCorpus — SkippedPicture: a file of a corpus that could not be loaded, and why.
import Dispatch
import FoundationEssentials
import QRKit

/// A picture that could not be loaded, and why.
public struct SkippedPicture: Sendable, Equatable, Codable {
    /// The path below the corpus folder.
    public var name: String
    /// What went wrong, for a person to act on.
    public var reason: String
}
