// QRKit — StructuredAppendJoin: one message put back together from the symbols that carry it.
/// What ``StructuredAppend/join(_:)`` made of a list of symbols.
public struct StructuredAppendJoin: Sendable, Hashable {
    /// The sequences found, whole or not, in the order their first part was read.
    public var sequences: [StructuredAppendSequence]
    /// The symbols that are not part of a sequence, in order.
    public var standalone: [Symbol]
    /// Parts whose position no engine read (``Symbol/isUnplacedSequencePart``), or whose
    /// header is impossible (an index past the count): they cannot be joined.
    public var unplaced: [Symbol]
    /// What a reader would print, in reading order: each joined sequence once, where its
    /// first part was read, in place of its parts; every other symbol as it is (the parts
    /// of sequences that could not be joined included).
    public var messages: [DecodedMessage]
}
