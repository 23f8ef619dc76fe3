// qr — TerminalText: text with control characters escaped, safe to print on a terminal.
import ArgumentParser
import FoundationEssentials
import QRKit

/// Text made safe for a terminal: a payload (or a file name) is untrusted, and must not
/// be able to drive the terminal (clear it, retitle the window, move the cursor), break
/// the one-code-per-line output, or show other text than it holds.
///
/// Written as visible escapes: C0 controls but tab, DEL and the C1 controls (U+0080–U+009F,
/// which some terminals read as escape sequences too) as `\n`, `\r`, `\x1b`, `\u{9b}`;
/// the line and paragraph separators (U+2028, U+2029), which break a line in some
/// terminals; and the bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E,
/// U+200F, U+061C), which reorder what follows them (`invoice`, U+202E, `txt.exe` would
/// show as `invoiceexe.txt`). A backslash is written `\\`, so that an escape reads one way: a
/// text holding the four characters `\x1b` prints as `\\x1b`, a real ESC as `\x1b`.
/// `--bytes` gives the exact payload.
enum TerminalText {
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars { append(scalar, to: &result) }
        return result
    }

    /// `bytes`, a name that need not be UTF-8, made safe as text is, each byte that is not
    /// part of UTF-8 written `\xff`: as a backslash of the name itself is written `\\`,
    /// `\xff` there can only be the byte.
    static func escaped(bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return escaped(text) }
        var result = ""
        forEachUTF8Scalar(in: bytes) {
            append($0, to: &result)
        } orByte: { byte in
            result += "\\x" + String(byte, radix: 16)
        }
        return result
    }

    /// Whether a scalar is invisible yet changes what a reader sees around it: DEL, a C1
    /// control, a line or paragraph separator, a bidirectional control. JSON's own escapes
    /// leave them as they are (they need none), so `--json` writes them as `\uXXXX` too.
    static func isHiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x00...0x1F, 0x5C: return true
        default: return isHiddenControl(scalar)
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to result: inout String) {
        guard needsEscape(scalar) else {
            result.unicodeScalars.append(scalar)
            return
        }
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\\": result += "\\\\"
        default:
            let hex = String(scalar.value, radix: 16)
            result += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" : "") + hex : "\\u{\(hex)}"
        }
    }
}
