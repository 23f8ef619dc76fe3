// qr-serve — MultipartBody: a `multipart/form-data` body taken apart (RFC 7578, RFC 2046): each part's header lines and its bytes.
import NIOCore

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
    /// The text without the spaces and tabs around it: a header's value, a parameter.
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
