// qr-serve — DecodeBody: the pictures a /decode body holds: the body itself, or each file of a `multipart/form-data` body, in order.

/// The pictures a /decode body holds: the body itself, or each file of a
/// `multipart/form-data` body, in order.
enum DecodeBody {
    /// The most pictures one request may hold: each is decoded in turn under one admission.
    static let pictureLimit = 16

    /// What a raw body is called in the JSON, as `qr decode -` calls standard input.
    static let rawName = "<body>"

    /// - Throws: ``BadRequest`` for a multipart body without a boundary, without a file,
    ///   or with more than ``pictureLimit`` of them.
    static func pictures(_ body: [UInt8], contentType: String?) throws(BadRequest) -> [UploadedPicture] {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else {
            guard !body.isEmpty else {
                throw BadRequest("the body is empty: send a picture, or pictures as multipart/form-data")
            }
            // The body is the picture: the reader is handed these bytes, not a copy.
            return [UploadedPicture(name: rawName, bytes: body)]
        }
        guard let boundary = parameter("boundary", of: contentType), !boundary.isEmpty, boundary.utf8.count <= 70
        else {
            throw BadRequest("multipart/form-data needs a boundary of 1 to 70 characters in Content-Type")
        }
        let parts = try MultipartBody.parts(body, boundary: Array(boundary.utf8))
        guard !parts.isEmpty else { throw BadRequest("the multipart/form-data body holds no part") }
        guard parts.count <= pictureLimit else { throw BadRequest("at most \(pictureLimit) pictures a request") }
        return parts.enumerated().map { index, part in
            let disposition = part.headers.first { $0.name.lowercased() == "content-disposition" }?.value ?? ""
            let name = parameter("filename", of: disposition) ?? parameter("name", of: disposition)
            return UploadedPicture(name: name ?? "part \(index + 1)", bytes: part.body)
        }
    }

    /// `name=value` (or `name="value"`) among the `;`-separated parameters of a header value.
    static func parameter(_ name: String, of header: String) -> String? {
        for item in header.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == name else { continue }
            var value = pair[1].trimmingSpaces
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }
}
