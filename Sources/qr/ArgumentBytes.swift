// qr — ArgumentBytes: the command line's arguments with their exact bytes kept, so that a
// path that is not UTF-8 still opens.
//
// Why: a Linux path is bytes, and `qr decode bad$'\xff'.png` is a file like any other.
// Swift makes each argument a String, showing every byte that is not UTF-8 as U+FFFD
// (CommandLine.arguments), and the file can no longer be opened by that name. Both
// parsers (QuickParse, ArgumentParser) take Strings, so here each such byte stands in
// the String as a scalar of its own, U+10FF80 + (byte - 0x80): plane 16, private use,
// which no name holds in practice. `bytes(of:)` turns it back into the byte, after
// parsing, where a path is opened.
#if canImport(Glibc)
import Glibc
#endif

enum ArgumentBytes {
    /// The first scalar that stands for a byte: U+10FF80 stands for 0x80, U+10FFFF for 0xFF.
    private static let firstStandIn: UInt32 = 0x10_FF80

    /// The arguments after the program's name, for the parsers.
    ///
    /// Only `qr decode`'s stand for bytes: its arguments are paths (and a few option values
    /// that are checked). `qr encode`'s TEXT is a payload, which stays as Swift reads it;
    /// so does every argument when one of them holds a stand-in scalar itself, which would
    /// otherwise be taken for a byte.
    static var arguments: [String] { commandLine.arguments }

    /// ``arguments``, and whether they hold stand-ins.
    private static let commandLine: (arguments: [String], standsIn: Bool) = {
        let raw = (1..<max(1, Int(CommandLine.argc))).map { index in
            CommandLine.unsafeArgv[index].map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
        }
        let standsIn =
            raw.first == Array("decode".utf8)
            && !raw.contains {
                String(validating: $0, as: UTF8.self)?.unicodeScalars.contains(where: isStandIn) ?? false
            }
        return (raw.map { standsIn ? withStandIns($0) : String(decoding: $0, as: UTF8.self) }, standsIn)
    }()

    /// The exact bytes of `argument`, an argument of ``arguments`` or a part of one (an
    /// option's value): each stand-in back as the byte it stands for.
    static func bytes(of argument: String) -> [UInt8] {
        guard commandLine.standsIn, argument.unicodeScalars.contains(where: isStandIn) else {
            return Array(argument.utf8)
        }
        var bytes: [UInt8] = []
        for scalar in argument.unicodeScalars {
            if isStandIn(scalar) {
                bytes.append(UInt8(scalar.value - firstStandIn + 0x80))
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        return bytes
    }

    private static func isStandIn(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= firstStandIn
    }

    /// `argument` as a String, each byte that is not part of UTF-8 as its stand-in.
    private static func withStandIns(_ argument: [UInt8]) -> String {
        if let text = String(validating: argument, as: UTF8.self) { return text }
        var result = ""
        forEachUTF8Scalar(in: argument) {
            result.unicodeScalars.append($0)
        } orByte: { byte in
            result.unicodeScalars.append(Unicode.Scalar(firstStandIn + UInt32(byte) - 0x80)!)
        }
        return result
    }
}
