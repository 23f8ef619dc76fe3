// QRCorpus — CorpusPicture: one picture of a corpus, with the payloads it should give.
import Dispatch
import FoundationEssentials
import QRKit

/// One picture of a corpus, loaded and ready to time.
public struct CorpusPicture: Sendable {
    /// The path below the corpus folder, such as `blur/blur-0007.png` or `formats/a.jpg`.
    public var name: String
    /// The sub-folder it sits in (the folder's own name for pictures at the top).
    public var category: String
    /// The payloads it holds, exact bytes: one, or several from `NAME.all.txt`; empty
    /// for an unlabelled picture.
    public var expected: [[UInt8]]
    /// The picture.
    public var image: GrayImage
    /// False when no `NAME.txt` says what it holds: strategies are then compared with
    /// each other (a read is any symbol), not with an expected text.
    public var labelled: Bool

    public init(name: String, category: String, expected: [[UInt8]], image: GrayImage, labelled: Bool = true) {
        self.name = name
        self.category = category
        self.expected = labelled ? expected : []
        self.image = image
        self.labelled = labelled
    }

    /// Size in megapixels.
    public var megapixels: Double { Double(image.pixelCount) / 1_000_000 }
}
