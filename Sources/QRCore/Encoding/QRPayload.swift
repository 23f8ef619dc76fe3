// QRKit — QRPayload: what to encode, text or bytes.
/// The data to put in a symbol.
public enum QRPayload: Sendable, Equatable {
    /// Unicode text, written as UTF-8 (or Shift_JIS in Kanji mode).
    case text(String)
    /// Bytes written as they are, NULs included.
    case bytes([UInt8])

    /// Reads UTF-8 bytes as text, refusing malformed input.
    ///
    /// Use this for text that arrives as bytes (a file, standard input), so malformed
    /// UTF-8 is reported instead of silently replaced.
    ///
    /// - Parameter bytes: The UTF-8 encoded text.
    /// - Throws: `EncodeError.invalidUTF8(offset:)` naming the first bad byte.
    ///
    /// ```swift
    /// let payload = try QRPayload(utf8: Array("héllo".utf8))  // .text("héllo")
    /// ```
    public init(utf8 bytes: [UInt8]) throws {
        if let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw EncodeError.invalidUTF8(offset: offset)
        }
        self = .text(String(decoding: bytes, as: UTF8.self))
    }

    /// True when there is nothing to encode.
    public var isEmpty: Bool {
        switch self {
        case .text(let text): text.isEmpty
        case .bytes(let bytes): bytes.isEmpty
        }
    }
}
