// QRKit — StructuredAppend: messages split over several symbols, put back together.

/// Joins the parts of structured-append sequences: one message split over up to 16
/// symbols, each carrying its index, the count and the message's parity byte.
///
/// Parts are gathered by count and parity (the symbols of one message share both), put
/// in order by index, and checked against the parity byte: the XOR of every byte of the
/// whole message (ISO/IEC 18004, structured append; what libqrencode and `qr encode
/// --split` write). The symbols may come from one picture or from many.
///
///     let report = try QRDecoder().decode(image)
///     for message in StructuredAppend.join(report.symbols).messages {
///         print(message.text)                       // a sequence joined counts once
///     }
public enum StructuredAppend {
    /// Gathers the sequences among `symbols` and joins those that are whole.
    ///
    /// Sequences are told apart by count and parity; two messages that share both (one
    /// chance in 256 for the same count) are told apart only when they hold different
    /// bytes at the same index, and then the parity check catches most mixes. A part
    /// read twice (the same index and bytes) counts once.
    ///
    /// - Parameter symbols: symbols in the order they were read; from one picture or many.
    /// - Returns: the sequences, the other symbols, and the messages in reading order.
    public static func join(_ symbols: [Symbol]) -> StructuredAppendJoin {
        var groups: [(count: Int, parity: UInt8, parts: [Symbol?])] = []
        // The groups of each count and parity, so that many inputs are not many passes.
        var groupsByHeader: [Int: [Int]] = [:]
        // For each symbol, the group it went into, if any.
        var membership: [Int?] = []
        var standalone: [Symbol] = []
        var unplaced: [Symbol] = []
        for symbol in symbols {
            guard let info = symbol.structuredAppend else {
                if symbol.isUnplacedSequencePart { unplaced.append(symbol) } else { standalone.append(symbol) }
                membership.append(nil)
                continue
            }
            guard (1...16).contains(info.count), (0..<info.count).contains(info.index) else {
                unplaced.append(symbol)
                membership.append(nil)
                continue
            }
            let header = info.count << 8 | Int(info.parity)
            let sameSequence = groupsByHeader[header, default: []]
            if let repeated = sameSequence.first(where: { groups[$0].parts[info.index]?.bytes == symbol.bytes }) {
                membership.append(repeated)
            } else if let open = sameSequence.first(where: { groups[$0].parts[info.index] == nil }) {
                groups[open].parts[info.index] = symbol
                membership.append(open)
            } else {
                var parts = [Symbol?](repeating: nil, count: info.count)
                parts[info.index] = symbol
                groups.append((info.count, info.parity, parts))
                groupsByHeader[header, default: []].append(groups.count - 1)
                membership.append(groups.count - 1)
            }
        }
        let sequences = groups.map { StructuredAppendSequence(count: $0.count, parity: $0.parity, parts: $0.parts) }
        var messages: [DecodedMessage] = []
        var placed = Set<Int>()
        for (symbol, group) in zip(symbols, membership) {
            guard let group, sequences[group].payload != nil else {
                messages.append(.symbol(symbol))
                continue
            }
            if placed.insert(group).inserted { messages.append(.joined(sequences[group])) }
        }
        return StructuredAppendJoin(
            sequences: sequences, standalone: standalone, unplaced: unplaced, messages: messages)
    }

    /// The structured-append parity of `bytes`: the XOR of them all.
    public static func parity(of bytes: some Sequence<UInt8>) -> UInt8 {
        bytes.reduce(0, ^)
    }
}

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
