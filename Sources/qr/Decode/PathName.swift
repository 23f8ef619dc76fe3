// qr — PathName: a file as `qr decode` names it, by the exact bytes of its path, and the
// forms output shows it in.
import FoundationEssentials
import QRKit

/// A path, or what stands for an input that has none (`<stdin>`), as the bytes the system
/// knows it by: a Linux name need not be UTF-8 (an old Latin-1 name, a hostile upload).
///
/// A name that is UTF-8 is shown as the text it is (escaped for a terminal); one that is
/// not is shown with each byte that is not part of UTF-8 written `\xff`, and `--json`
/// adds its exact bytes (``jsonBytes``).
struct PathName: Sendable, Hashable {
    /// The path's bytes, as `open` takes them.
    let bytes: [UInt8]
    /// The name as text, when its bytes are UTF-8.
    let text: String?

    init(bytes: [UInt8]) {
        self.bytes = bytes
        text = String(validating: bytes, as: UTF8.self)
    }

    init(_ text: String) {
        bytes = Array(text.utf8)
        self.text = text
    }

    /// The name of standard input in messages and JSON.
    static let standardInput = PathName("<stdin>")

    /// The name as one String: the text when UTF-8, else the terminal's escaped form. What
    /// library errors are given to name the file, and `--json`'s `file`.
    var readable: String { text ?? terminal }

    /// The name for a terminal: ``TerminalText/escaped(bytes:)``.
    var terminal: String { TerminalText.escaped(bytes: bytes) }

    /// `--json`'s `file_bytes`: the exact bytes in base64, when the name is not UTF-8 (and
    /// `file` cannot hold it); nil otherwise.
    var jsonBytes: String? { text == nil ? Data(bytes).base64EncodedString() : nil }

    /// The name as `--json` gives it: ``readable``, with ``jsonBytes``.
    var jsonName: DecodeJSON.FileName { DecodeJSON.FileName(text: readable, base64Bytes: jsonBytes) }
}

/// Walks `bytes` as UTF-8: each scalar to `scalar`, and each byte that is not part of one
/// (always 0x80 or above: an ASCII byte is a scalar of its own) to `byte`.
func forEachUTF8Scalar(in bytes: [UInt8], _ scalar: (Unicode.Scalar) -> Void, orByte byte: (UInt8) -> Void) {
    var parser = Unicode.UTF8.ForwardParser()
    var input = bytes.makeIterator()
    var position = 0
    while true {
        switch parser.parseScalar(from: &input) {
        case .valid(let encoded):
            scalar(Unicode.UTF8.decode(encoded))
            position += encoded.count
        case .error(let length):
            for invalid in bytes[position..<position + length] { byte(invalid) }
            position += length
        case .emptyInput:
            return
        }
    }
}
