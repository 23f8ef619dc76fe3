// QRKit — StructuredAppendInfo: a symbol's place in a message split over several.
/// Where a symbol stands in a structured-append sequence (one message split over several
/// symbols), as its header says.
///
/// ISO/IEC 18004 gives each symbol of a sequence a 20-bit header: its position (4 bits),
/// the number of symbols less one (4 bits), and a parity byte, the XOR of every byte of
/// the whole message before it was split (libqrencode and `qr encode --split` write
/// just that). Symbols of one message share count and parity. ``StructuredAppend/join(_:)``
/// puts them back together.
public struct StructuredAppendInfo: Sendable, Hashable, Codable {
    /// Position of this symbol in the sequence, from 0.
    public var index: Int
    /// Number of symbols in the sequence.
    public var count: Int
    /// The sequence's parity byte: the XOR of every byte of the whole message.
    public var parity: UInt8

    public init(index: Int, count: Int, parity: UInt8) {
        self.index = index
        self.count = count
        self.parity = parity
    }
}
