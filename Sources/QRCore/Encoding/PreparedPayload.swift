// QRKit — PreparedPayload: a payload turned into the bytes and segments a symbol holds, and
// what it needs of a symbol's capacity; no library calls (QREncoder hands these to libqrencode).

/// A payload turned into the bytes that go into the symbol, and how to segment them.
package struct PreparedPayload: Sendable {
    package enum Segmentation: Sendable, Equatable {
        case automatic
        case eightBit
        case kanji
        /// One segment of this mode (numeric, alphanumeric or Kanji).
        case single(QRDataMode)
    }

    /// UTF-8 (or Shift_JIS in Kanji modes, or another character set, or the raw
    /// bytes), upper-cased when asked.
    package var bytes: [UInt8]
    package var segmentation: Segmentation
    /// The ECI designator the data starts with (always with one 8-bit segment), or nil.
    package var eci: Int?

    package init(bytes: [UInt8], segmentation: Segmentation, eci: Int?) {
        self.bytes = bytes
        self.segmentation = segmentation
        self.eci = eci
    }

    package init(_ payload: QRPayload, options: EncodeOptions) throws {
        guard !payload.isEmpty else { throw EncodeError.emptyInput }
        let segmentation: Segmentation
        switch options.mode {
        case .automatic: segmentation = .automatic
        case .eightBit: segmentation = .eightBit
        case .kanji: segmentation = .kanji
        case .numeric: segmentation = .single(.numeric)
        case .alphanumeric: segmentation = .single(.alphanumeric)
        case .kanjiOnly: segmentation = .single(.kanji)
        }
        let shiftJIS = options.mode == .kanji || options.mode == .kanjiOnly
        switch payload {
        case .text(let text):
            if shiftJIS {
                self.init(bytes: try ShiftJIS.encode(text), segmentation: segmentation, eci: nil)
            } else if let characterSet = options.characterSet {
                self.init(bytes: try TextEncoding.encode(text, as: characterSet), segmentation: segmentation, eci: nil)
            } else {
                self.init(bytes: Array(text.utf8), segmentation: segmentation, eci: nil)
            }
        case .bytes(let bytes):
            if shiftJIS { throw EncodeError.kanjiNeedsText }
            if options.characterSet != nil {
                throw EncodeError.conflictingOptions(.characterSetWithBytes)
            }
            if options.eci, let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
                throw EncodeError.eciNeedsUTF8(offset: offset)
            }
            self.init(bytes: bytes, segmentation: segmentation, eci: nil)
        }
        if options.eci {
            eci = try TextEncoding.eciDesignator(options.characterSet ?? "UTF-8")
            self.segmentation = .eightBit
        }
        if !options.caseSensitive { upperCaseASCII() }
        if case .single(let mode) = self.segmentation, let offset = firstMisfit(mode) {
            throw misfitError(at: offset, mode: mode, payload: payload)
        }
    }

    /// The offset of the first byte that cannot go into a segment of `mode`, or nil.
    private func firstMisfit(_ mode: QRDataMode) -> Int? {
        switch mode {
        case .numeric: return bytes.firstIndex { !(0x30...0x39).contains($0) }
        case .alphanumeric: return bytes.firstIndex { !Self.isAlphanumeric($0) }
        case .byte: return nil
        case .kanji:
            var index = 0
            while index < bytes.count {
                guard index + 1 < bytes.count, ShiftJIS.isKanjiPair(bytes[index], bytes[index + 1]) else {
                    return index
                }
                index += 2
            }
            return nil
        }
    }

    /// The error for the character at byte `offset` that does not fit `mode`: text is
    /// counted in characters, raw bytes in bytes.
    private func misfitError(at offset: Int, mode: QRDataMode, payload: QRPayload) -> EncodeError {
        switch payload {
        case .text(let text):
            // Every character before a Kanji misfit is a double-byte pair.
            let found = mode == .kanji ? text.character(at: offset / 2) : text.character(atUTF8Offset: offset)
            return .characterNotInMode(character: found.shown, position: found.index + 1, mode: mode)
        case .bytes:
            let byte = bytes[offset]
            let shown =
                (0x21...0x7E).contains(byte)
                ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16)
            return .characterNotInMode(character: shown, position: offset + 1, mode: mode)
        }
    }

    /// Upper-cases a–z as libqrencode does for case-insensitive input, leaving the
    /// second byte of Shift_JIS double-byte characters alone.
    private mutating func upperCaseASCII() {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if segmentation == .kanji || segmentation == .single(.kanji), ShiftJIS.isLeadByte(byte),
                index + 1 < bytes.count
            {
                index += 2
                continue
            }
            if (0x61...0x7A).contains(byte) { bytes[index] = byte - 0x20 }
            index += 1
        }
    }

    /// Byte lengths of the characters, the units the payload may be cut between.
    private var characterLengths: [Int] {
        var lengths: [Int] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var length = 1
            switch segmentation {
            case .kanji, .single(.kanji):
                if ShiftJIS.isLeadByte(byte) { length = 2 }
            case .automatic, .eightBit, .single:
                if byte >= 0xF0 { length = 4 } else if byte >= 0xE0 { length = 3 } else if byte >= 0xC0 { length = 2 }
            }
            length = min(length, bytes.count - index)
            lengths.append(length)
            index += length
        }
        return lengths
    }

    /// Cuts the payload at character boundaries into `parts` non-empty pieces of about
    /// equal byte length.
    package func split(into parts: Int) throws -> [PreparedPayload] {
        let lengths = characterLengths
        guard lengths.count >= parts else { throw EncodeError.tooShortToSplit(length: lengths.count, parts: parts) }
        var chunks: [PreparedPayload] = []
        var start = 0
        var unit = 0
        for part in 0..<parts {
            let target = bytes.count * (part + 1) / parts
            var end = start
            var taken = 0
            // Take at least one character, leave one for every later part.
            while unit < lengths.count,
                taken == 0 || (end < target && lengths.count - unit > parts - part - 1)
            {
                end += lengths[unit]
                unit += 1
                taken += 1
            }
            if part == parts - 1 { end = bytes.count }
            chunks.append(PreparedPayload(bytes: Array(bytes[start..<end]), segmentation: segmentation, eci: eci))
            start = end
        }
        return chunks
    }

    /// True in Kanji mode when some character will go into a Kanji segment.
    package var containsKanji: Bool {
        guard segmentation == .kanji || segmentation == .single(.kanji) else { return false }
        var index = 0
        while index + 1 < bytes.count {
            if ShiftJIS.isKanjiPair(bytes[index], bytes[index + 1]) { return true }
            index += ShiftJIS.isLeadByte(bytes[index]) ? 2 : 1
        }
        return false
    }

    /// The densest single mode that holds all of the payload, and its length in that
    /// mode's units; used for structured-append parts and capacity messages.
    package func measure() -> (mode: QRDataMode, length: Int) {
        switch segmentation {
        case .eightBit:
            return (.byte, bytes.count)
        case .single(let mode):
            return (mode, mode == .kanji ? bytes.count / 2 : bytes.count)
        case .automatic:
            if bytes.allSatisfy({ (0x30...0x39).contains($0) }) { return (.numeric, bytes.count) }
            if bytes.allSatisfy(Self.isAlphanumeric) { return (.alphanumeric, bytes.count) }
            return (.byte, bytes.count)
        case .kanji:
            if bytes.allSatisfy({ (0x30...0x39).contains($0) }) { return (.numeric, bytes.count) }
            if bytes.allSatisfy(Self.isAlphanumeric) { return (.alphanumeric, bytes.count) }
            if bytes.count % 2 == 0,
                stride(from: 0, to: bytes.count, by: 2).allSatisfy({ ShiftJIS.isKanjiPair(bytes[$0], bytes[$0 + 1]) })
            {
                return (.kanji, bytes.count / 2)
            }
            return (.byte, bytes.count)
        }
    }

    /// A lower bound on the data bits this payload takes in `version`: exact for one
    /// segment (8-bit, ECI, a single mode, or a structured-append part, which is one
    /// segment of ``structuredMode`` after its 20-bit header); for automatic and Kanji
    /// segmentation, the best any segmentation can do, which libqrencode's greedy
    /// optimiser (or its all 8-bit fallback) can only match or exceed. `Int.max` when
    /// nothing fits the version.
    package func minimumBits(version: Int, micro: Bool, structured: Bool = false) -> Int {
        let modeBits = micro ? version - 1 : 4
        func header(_ mode: QRDataMode) -> Int? {
            QRCapacity.characterCountBits(version: version, mode: mode, micro: micro).map { modeBits + $0 }
        }
        if structured || (segmentation != .automatic && segmentation != .kanji) {
            let (mode, length) = measure()
            guard let header = header(mode) else { return .max }
            return (structured ? 20 : 0) + (eci != nil ? 12 : 0) + header + mode.bits(forLength: length)
        }
        // Cheapest segmentation, in sixths of a bit: a digit costs 10/3 bits, an
        // alphanumeric character 11/2, so the fractions are a lower bound of each run.
        // `none` marks a mode that cannot hold what came so far (or has no header here).
        let none = Int.max
        let modes: [QRDataMode] =
            segmentation == .kanji ? [.numeric, .alphanumeric, .byte, .kanji] : [.numeric, .alphanumeric, .byte]
        let headers = modes.map { header($0).map { $0 * 6 } ?? none }
        var cost = [Int](repeating: none, count: modes.count)  // cheapest, ending in each mode
        var next = cost
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let pair = segmentation == .kanji && index + 1 < bytes.count && ShiftJIS.isKanjiPair(byte, bytes[index + 1])
            let before = index == 0 ? 0 : cost.min()!
            guard before != none else { return .max }
            for (slot, mode) in modes.enumerated() {
                next[slot] = none
                guard headers[slot] != none else { continue }
                let unit: Int
                switch mode {
                case .numeric:
                    guard !pair && (0x30...0x39).contains(byte) else { continue }
                    unit = 20
                case .alphanumeric:
                    guard !pair && Self.isAlphanumeric(byte) else { continue }
                    unit = 33
                case .byte: unit = pair ? 96 : 48
                case .kanji:
                    guard pair else { continue }
                    unit = 78
                }
                let fresh = before + headers[slot] + unit
                next[slot] = cost[slot] == none ? fresh : min(cost[slot] + unit, fresh)
            }
            swap(&cost, &next)
            index += pair ? 2 : 1
        }
        let total = cost.min()!
        return total == none ? .max : (total + 5) / 6
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x20, 0x24, 0x25, 0x2A, 0x2B, 0x2D, 0x2E, 0x2F, 0x3A: true
        default: false
        }
    }

    /// The error for a structured-append part (this payload) that does not fit in
    /// `version`. With `whole`, this is the whole payload, too large even to cut up: the
    /// error names part 1 at a `parts`-th of its length.
    package func splitPartTooLarge(
        part: Int, parts: Int, version: Int, options: EncodeOptions, overheadBits: Int, whole: Bool = false
    ) -> EncodeError {
        var (mode, length) = measure()
        if whole { length = (length + parts - 1) / parts }
        let capacity = QRCapacity.maximumLength(
            version: version, level: options.level, mode: mode, micro: false, overheadBits: overheadBits)
        return .splitPartTooLarge(
            part: part, parts: parts, length: length, mode: mode, capacity: capacity, version: version,
            level: options.level, strict: options.strictVersion, overheadBits: overheadBits)
    }

    /// The error for a payload that does not fit in `version` at the options' level.
    package func tooLarge(version: Int, options: EncodeOptions, overheadBits: Int = 0) -> EncodeError {
        let (mode, length) = measure()
        let overhead = overheadBits + (eci != nil && overheadBits == 0 ? 12 : 0)
        let capacity = QRCapacity.maximumLength(
            version: version, level: options.level, mode: mode, micro: options.micro, overheadBits: overhead)
        return .payloadTooLarge(
            length: length, mode: mode, capacity: capacity, version: version, level: options.level,
            micro: options.micro, strict: options.strictVersion, overheadBits: overhead)
    }
}
