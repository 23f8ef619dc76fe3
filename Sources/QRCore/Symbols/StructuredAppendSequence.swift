// QRKit — StructuredAppendSequence: the parts of one split message, found or missing.
/// The parts of one structured-append sequence, and the message they make when whole.
public struct StructuredAppendSequence: Sendable, Hashable {
    /// How far the sequence could be joined.
    public enum Status: Sendable, Hashable {
        /// Every part was found and the parity matched: ``payload`` holds the message.
        case joined
        /// Some parts were not found: their indexes, from 0.
        case incomplete(missing: [Int])
        /// Every part was found, but their bytes XOR to `computed`, not to the parity the
        /// headers give: parts of two messages with the same count and parity, or an
        /// encoder that computes parity its own way. Not joined.
        case parityMismatch(computed: UInt8)
    }

    /// The joined message.
    public struct Payload: Sendable, Hashable {
        /// The message as text, decoded as one symbol's text would be (``SymbolText``);
        /// when a part declared its character set (ECI, Kanji mode), its engine's text of
        /// each part, concatenated.
        public var text: String
        /// The parts' bytes in index order.
        public var bytes: [UInt8]
    }

    /// Number of symbols in the sequence, as the headers say.
    public let count: Int
    /// The parity byte the headers give.
    public let parity: UInt8
    /// The parts by index: `parts[i]` is the part of index i, nil when it was not found.
    public let parts: [Symbol?]
    /// How far the sequence could be joined.
    public let status: Status
    /// The joined message; nil unless ``status`` is ``Status/joined``.
    public let payload: Payload?

    /// Indexes (from 0) of the parts not found.
    public var missingIndexes: [Int] { parts.indices.filter { parts[$0] == nil } }

    /// Puts `parts` (indexed by their header's index) together, checking the parity.
    init(count: Int, parity: UInt8, parts: [Symbol?]) {
        self.count = count
        self.parity = parity
        self.parts = parts
        let found = parts.compactMap { $0 }
        guard found.count == parts.count, !parts.isEmpty else {
            status = .incomplete(missing: parts.indices.filter { parts[$0] == nil })
            payload = nil
            return
        }
        let bytes = found.flatMap(\.bytes)
        let computed = StructuredAppend.parity(of: bytes)
        guard computed == parity else {
            status = .parityMismatch(computed: computed)
            payload = nil
            return
        }
        // An engine that applied a declared character set to a part gave it a text other
        // than the plain rule's; then the parts' texts are what the symbols say.
        let declared = found.contains { $0.text != SymbolText.decode($0.bytes) }
        let text = declared ? found.map(\.text).joined() : SymbolText.decode(bytes)
        status = .joined
        payload = Payload(text: text, bytes: bytes)
    }
}
