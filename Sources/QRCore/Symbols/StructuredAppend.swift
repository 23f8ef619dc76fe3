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
