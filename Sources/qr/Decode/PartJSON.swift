// qr decode — PartJSON: one part of a split message in JSON.
import FoundationEssentials
import QRKit

/// Where a part was read: its input (nil within one picture) and its place in that
/// input's `symbols`.
struct PartJSON: Encodable {
    var file: String?
    /// The exact bytes of a file name that is not UTF-8, in base64; absent otherwise.
    var file_bytes: String?
    var symbol: Int

    init(file: PathName?, symbol: Int) {
        self.file = file?.readable
        file_bytes = file?.jsonBytes
        self.symbol = symbol
    }
}
