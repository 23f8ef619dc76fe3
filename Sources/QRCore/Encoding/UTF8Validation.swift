// QRKit — UTF8Validation: whether bytes are UTF-8, without decoding them.
/// Finds malformed UTF-8 without Foundation.
enum UTF8Validation {
    /// The offset of the first byte that does not start a well-formed UTF-8 sequence, or
    /// `nil` when all of `bytes` is well-formed.
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
