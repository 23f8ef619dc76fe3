// QRKit — XMLText: text as XML character data, for the SVG this package writes.

/// Text as XML character data, for the SVG this package writes.
package enum XMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, so it is safe inside an element
    /// or a quoted attribute; characters XML 1.0 cannot hold are dropped (see
    /// ``firstUnwritable(in:)``).
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: if isWritable(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// The first character XML 1.0 cannot hold even as a reference (C0 controls but
    /// tab, line feed and carriage return; U+FFFE and U+FFFF), and its position counted
    /// from 1; nil when there is none.
    package static func firstUnwritable(in text: String) -> (scalar: Unicode.Scalar, position: Int)? {
        for (index, scalar) in text.unicodeScalars.enumerated() where !isWritable(scalar) {
            return (scalar, index + 1)
        }
        return nil
    }

    private static func isWritable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0..<0x20, 0xFFFE, 0xFFFF: false
        default: true
        }
    }
}
