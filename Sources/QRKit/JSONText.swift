// QRKit — JSONText: JSON written byte for byte as JSONEncoder writes it (sorted keys, slashes unescaped), without its Encoder machinery.

/// A value that writes itself as JSON: an object writes its keys in sorted order, as
/// `JSONEncoder`'s `.sortedKeys` does.
protocol JSONWritable {
    func write(to json: inout JSONText)
}

/// JSON text, written as `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`
/// writes the same values: numbers as their `description` without a trailing `.0`,
/// strings with `"`, `\` and the C0 controls escaped (`\b \t \n \f \r`, else `\u00xx`) and
/// every other scalar as it is.
struct JSONText {
    private var bytes: [UInt8] = []
    /// A number JSON cannot hold (NaN, an infinity) was written, which `JSONEncoder` refuses.
    private var invalid = false
    /// A string with a byte of DEL or beyond ASCII was written: only then can the text hold
    /// a hidden control (``DecodeJSON/isHiddenControl(_:)``).
    private(set) var beyondASCII = false

    init() {}

    /// Empty, with room for `capacity` bytes: a line of `qr decode --json` is a few
    /// hundred, which would otherwise take the array through several reallocations.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The text; nil when a number JSON cannot hold was written.
    var text: String? { invalid ? nil : String(decoding: bytes, as: UTF8.self) }

    /// An object: `body` writes its fields, in sorted order of their keys.
    mutating func object(_ body: (inout JSONFields) -> Void) {
        // The fields take the bytes over, so that appending to them copies nothing.
        var fields = JSONFields(json: self)
        self = JSONText()
        fields.json.bytes.append(UInt8(ascii: "{"))
        body(&fields)
        fields.json.bytes.append(UInt8(ascii: "}"))
        self = fields.json
    }

    mutating func array(_ elements: some Sequence<some JSONWritable>) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for element in elements {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            element.write(to: &self)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func null() { bytes.append(contentsOf: "null".utf8) }

    mutating func bool(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }

    mutating func number(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

    mutating func number(_ value: Double) {
        guard value.isFinite else {
            invalid = true
            return
        }
        let text = value.description
        bytes.append(contentsOf: text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...])
    }

    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
                bytes += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            case 0x7F...:
                beyondASCII = true
                bytes.append(byte)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A key of an object: plain ASCII, which needs no escape.
    fileprivate mutating func key(_ key: StaticString, first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: "\":".utf8)
    }
}

/// The fields of an object being written.
struct JSONFields {
    fileprivate var json: JSONText
    private var first = true

    fileprivate init(json: JSONText) {
        self.json = json
    }

    /// A field; left out when `value` is nil, unless `orNull`, which writes `null` (as
    /// `encode` of an optional does, where `encodeIfPresent` leaves it out).
    mutating func field(_ key: StaticString, _ value: (some JSONWritable)?, orNull: Bool = false) {
        guard value != nil || orNull else { return }
        json.key(key, first: first)
        first = false
        if let value { value.write(to: &json) } else { json.null() }
    }
}

/// A value that may be missing from an array, written `null` there.
struct JSONNullable<Wrapped: JSONWritable>: JSONWritable {
    var value: Wrapped?

    func write(to json: inout JSONText) {
        if let value { value.write(to: &json) } else { json.null() }
    }
}

extension String: JSONWritable {
    func write(to json: inout JSONText) { json.string(self) }
}

extension Int: JSONWritable {
    func write(to json: inout JSONText) { json.number(self) }
}

extension Double: JSONWritable {
    func write(to json: inout JSONText) { json.number(self) }
}

extension Bool: JSONWritable {
    func write(to json: inout JSONText) { json.bool(self) }
}

extension Array: JSONWritable where Element: JSONWritable {
    func write(to json: inout JSONText) { json.array(self) }
}
