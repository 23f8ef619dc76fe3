// qr-serve — DecodeRequest: the pictures of a /decode body, raw or multipart/form-data.
import MultipartKit
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
        let collector = PartCollector()
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in collector.header(name, value) }
        parser.onBody = { buffer in collector.body(&buffer) }
        parser.onPartComplete = { collector.complete() }
        do {
            try parser.execute(body)
        } catch {
            throw BadRequest("the multipart/form-data body is malformed")
        }
        if collector.tooMany { throw BadRequest("at most \(pictureLimit) pictures a request") }
        guard !collector.pictures.isEmpty else {
            throw BadRequest("the multipart/form-data body holds no complete part")
        }
        return collector.pictures
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

/// Gathers the parts MultipartParser reports, one at a time, on the caller's thread.
private final class PartCollector {
    var pictures: [UploadedPicture] = []
    var tooMany = false
    private var name: String?
    private var bytes: [UInt8] = []

    func header(_ field: String, _ value: String) {
        guard field.lowercased() == "content-disposition" else { return }
        name = DecodeBody.parameter("filename", of: value) ?? DecodeBody.parameter("name", of: value)
    }

    func body(_ buffer: inout ByteBuffer) {
        if !tooMany { bytes.append(contentsOf: buffer.readableBytesView) }
        buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
    }

    func complete() {
        if pictures.count == DecodeBody.pictureLimit {
            tooMany = true
        } else if !tooMany {
            pictures.append(UploadedPicture(name: name ?? "part \(pictures.count + 1)", bytes: bytes))
        }
        name = nil
        bytes = []
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
