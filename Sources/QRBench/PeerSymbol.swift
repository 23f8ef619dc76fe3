// QRBench — PeerSymbol: one code a peer reader printed.
import FoundationEssentials

/// One symbol a peer program reported: its text, and its payload bytes where it says them.
public struct PeerSymbol: Sendable, Equatable {
    public var text: String
    public var bytes: [UInt8]

    public init(text: String, bytes: [UInt8]) {
        self.text = text
        self.bytes = bytes
    }

    /// A symbol known only by the bytes of its text.
    init(bytes: [UInt8]) {
        self.init(text: String(decoding: bytes, as: UTF8.self), bytes: bytes)
    }
}
