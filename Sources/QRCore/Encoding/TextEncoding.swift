// QRKit — text in another character set than UTF-8, and the ECI designators that declare one.

enum TextEncoding {
    /// `text` in the character set `name` (an iconv name).
    ///
    /// - Throws: `EncodeError.unknownCharacterSet` when iconv has no such set, or
    ///   `.notInCharacterSet` naming the first character the set lacks.
    static func encode(_ text: String, as name: String) throws(EncodeError) -> [UInt8] {
        switch Iconv.convert(Array(text.utf8), from: "UTF-8", to: name) {
        case .converted(let bytes):
            return bytes
        case .invalid(let offset):
            let found = text.character(atUTF8Offset: offset)
            throw .notInCharacterSet(character: found.shown, position: found.index + 1, characterSet: name)
        case .unavailable:
            throw .unknownCharacterSet(name)
        }
    }

    /// Checks that iconv can write text in the character set `name`.
    ///
    /// - Throws: `EncodeError.unknownCharacterSet` when it cannot.
    static func check(_ name: String) throws(EncodeError) {
        if Iconv.convert([], from: "UTF-8", to: name) == .unavailable { throw .unknownCharacterSet(name) }
    }

    /// The ECI designator that declares the character set `name`.
    ///
    /// - Throws: `EncodeError.noECIDesignator` for a set that has none.
    static func eciDesignator(_ name: String) throws(EncodeError) -> Int {
        let key = String(name.uppercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " })
        if let designator = designators[key] { return designator }
        if key.hasPrefix("ISO8859"), let part = Int(key.dropFirst(7)), (1...16).contains(part), part != 12 {
            // ISO-8859-1 to -11 are 3 to 13; -13 to -16 are 15 to 18 (-12 was never published).
            return part + 2
        }
        if key.hasPrefix("LATIN"), let part = Int(key.dropFirst(5)), let designator = latin[part] { return designator }
        throw .noECIDesignator(name)
    }

    /// ECI designators of ISO/IEC 18004 and AIM ECI, by name without dashes.
    private static let designators: [String: Int] = [
        "SHIFTJIS": 20, "SJIS": 20, "CP932": 20, "CP1250": 21, "WINDOWS1250": 21, "CP1251": 22,
        "WINDOWS1251": 22, "CP1252": 23, "WINDOWS1252": 23, "CP1256": 24, "WINDOWS1256": 24,
        "UTF16BE": 25, "UTF8": 26, "USASCII": 27, "ASCII": 27, "BIG5": 28, "GB18030": 29,
        "GB2312": 29, "GBK": 29, "EUCKR": 30,
    ]

    /// iconv's LATIN-n names, as ISO-8859 parts' designators.
    private static let latin: [Int: Int] = [1: 3, 2: 4, 3: 5, 4: 6, 5: 11, 6: 12, 7: 15, 8: 16, 9: 17, 10: 18]
}

extension String {
    /// The character that holds UTF-8 byte `offset`: as shown in messages, and its index
    /// (from 0) in characters.
    func character(atUTF8Offset offset: Int) -> (shown: String, index: Int) {
        var start = 0
        for (index, character) in enumerated() {
            let count = character.utf8.count
            if offset < start + count { return (Self.shown(character), index) }
            start += count
        }
        return ("end of text", count)
    }

    /// Character `index` (from 0), as shown in messages.
    func character(at index: Int) -> (shown: String, index: Int) {
        guard index < count else { return ("end of text", count) }
        return (Self.shown(self[self.index(startIndex, offsetBy: index)]), index)
    }

    /// `'a'` for printable ASCII; `é U+00E9` otherwise, the code points written out so
    /// that invisible and look-alike characters can be told apart.
    private static func shown(_ character: Character) -> String {
        if character.isASCII, let value = character.asciiValue, (0x21...0x7E).contains(value) {
            return "'\(character)'"
        }
        let points = character.unicodeScalars.map(\.codePoint)
        let visible = character.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
        return (visible ? "\(character) " : "") + points.joined(separator: " ")
    }
}

extension Unicode.Scalar {
    /// `U+00E9`: the code point in hexadecimal, at least four digits.
    var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
    }
}
