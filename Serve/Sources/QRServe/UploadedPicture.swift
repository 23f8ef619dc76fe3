// qr-serve — UploadedPicture: one picture of a /decode body, with the name its answer carries.

/// One picture to decode: what the JSON calls it, and its file's bytes.
struct UploadedPicture: Sendable {
    var name: String
    var bytes: [UInt8]
}
