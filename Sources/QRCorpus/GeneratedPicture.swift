// QRCorpus — GeneratedPicture: one picture the generator drew, with its payloads.
import Dispatch
import QRKit

/// One generated picture and the payloads in it.
public struct GeneratedPicture: Sendable {
    /// The path below the corpus folder without extension: `blur/blur-0004`.
    public var name: String
    public var category: GeneratedCategory
    public var image: GrayImage
    /// The exact bytes of each code, in drawing order.
    public var payloads: [[UInt8]]
    /// What each payload is.
    public var kinds: [PayloadKind]
}
