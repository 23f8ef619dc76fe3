// QRKit — DecodedMessage: a message as read, whole or joined from parts.
/// One message read: a symbol on its own, or a sequence of symbols joined.
public enum DecodedMessage: Sendable, Hashable {
    /// A symbol as read.
    case symbol(Symbol)
    /// A structured-append sequence whose parts were all found and whose parity matched.
    case joined(StructuredAppendSequence)

    /// The message as text.
    public var text: String {
        switch self {
        case .symbol(let symbol): return symbol.text
        case .joined(let sequence): return sequence.payload?.text ?? ""
        }
    }

    /// The message's bytes, exactly.
    public var bytes: [UInt8] {
        switch self {
        case .symbol(let symbol): return symbol.bytes
        case .joined(let sequence): return sequence.payload?.bytes ?? []
        }
    }
}
