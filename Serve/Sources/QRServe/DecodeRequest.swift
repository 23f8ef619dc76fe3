// qr-serve — DecodeRequest: the pictures of a /decode body, raw or multipart/form-data.
import NIOCore

/// One picture to decode: what the JSON calls it, and its file's bytes.
struct UploadedPicture: Sendable {
    var name: String
    var bytes: [UInt8]
}

/// The pictures a /decode body holds: the body itself, or each file of a
/// `multipart/form-data` body, in order.
enum DecodeBody {
    /// The most pictures one request may hold: each is decoded in turn under one admission.
    static let pictureLimit = 16

    /// What a raw body is called in the JSON, as `qr decode -` calls standard input.
    static let rawName = "<body>"

    /// - Throws: ``BadRequest`` for a multipart body without a boundary, without a file,
    ///   or with more than ``pictureLimit`` of them.
    static func pictures(_ body: ByteBuffer, contentType: String?) throws(BadRequest) -> [UploadedPicture] {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else {
            guard body.readableBytes > 0 else {
                throw BadRequest("the body is empty: send a picture, or pictures as multipart/form-data")
            }
            return [UploadedPicture(name: rawName, bytes: Array(body.readableBytesView))]
        }
        guard let boundary = parameter("boundary", of: contentType), !boundary.isEmpty, boundary.utf8.count <= 70
        else {
            throw BadRequest("multipart/form-data needs a boundary of 1 to 70 characters in Content-Type")
        }
        let parts = try MultipartBody.parts(Array(body.readableBytesView), boundary: Array(boundary.utf8))
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

/// A `multipart/form-data` body taken apart (RFC 7578, RFC 2046): each part's header
/// lines and its bytes. Strict about the framing, lenient about what the headers hold
/// (any bytes, read as UTF-8), and bounded by the body it is given.
enum MultipartBody {
    struct Part {
        var headers: [(name: String, value: String)]
        var body: [UInt8]
    }

    private static let crlf: [UInt8] = [13, 10]

    static func parts(_ body: [UInt8], boundary: [UInt8]) throws(BadRequest) -> [Part] {
        let delimiter = [45, 45] + boundary  // "--" boundary
        let malformed = BadRequest("the multipart/form-data body is malformed: no closing boundary")
        // The preamble, if any, ends with CRLF before the first delimiter.
        guard var position = find(delimiter, in: body, from: 0),
            position == 0 || (position >= 2 && body[position - 2..<position].elementsEqual(crlf))
        else { throw malformed }
        var parts: [Part] = []
        while true {
            position += delimiter.count
            // "--" after a delimiter closes the body.
            if body[position...].starts(with: [45, 45]) { return parts }
            // Transport padding, then the CRLF that ends the delimiter line.
            while position < body.count, body[position] == 32 || body[position] == 9 { position += 1 }
            guard body[position...].starts(with: crlf) else { throw malformed }
            position += 2
            // The headers end at a blank line, which comes at once when there are none.
            let headersEnd: Int
            if body[position...].starts(with: crlf) {
                headersEnd = position - 2
            } else if let end = find(crlf + crlf, in: body, from: position) {
                headersEnd = end
            } else {
                throw malformed
            }
            let headerBytes = headersEnd > position ? Array(body[position..<headersEnd]) : []
            let bodyStart = headersEnd + 4
            guard bodyStart <= body.count, let next = find(crlf + delimiter, in: body, from: bodyStart) else {
                throw malformed
            }
            parts.append(Part(headers: headers(headerBytes), body: Array(body[bodyStart..<next])))
            position = next + 2
        }
    }

    /// `Name: value` lines; a line without a colon is skipped.
    private static func headers(_ bytes: [UInt8]) -> [(name: String, value: String)] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\r\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...].trimmingSpaces))
        }
    }

    /// The first place of `needle` in `haystack` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
