// QRKit — Iconv: character-set conversion through the C library; the only file that talks to iconv.
//
// Foundation's converters would load all of Foundation (and ICU) into every `qr` run;
// glibc's iconv knows every character set QR symbols use. Shift_JIS goes by its name
// CP932 here: glibc's "SHIFT_JIS" maps 0x5C and 0x7E to ¥ and ‾, where every QR
// encoder and reader means ASCII backslash and tilde.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

enum Iconv {
    enum Outcome: Equatable {
        /// The converted bytes.
        case converted([UInt8])
        /// The input is not valid in the source character set from this byte offset on.
        case invalid(offset: Int)
        /// iconv has no converter between these character sets.
        case unavailable
    }

    /// Converts `bytes` from character set `source` to `target` (iconv names).
    ///
    /// Invalid or incomplete input is reported, never replaced or skipped.
    static func convert(_ bytes: [UInt8], from source: String, to target: String) -> Outcome {
        let invalidHandle = iconv_t(bitPattern: -1)
        guard let converter = iconv_open(target, source), converter != invalidHandle else {
            return .unavailable
        }
        defer { iconv_close(converter) }
        var input = bytes
        // Enough for any pair of the sets used here: at most 4 output bytes per input byte.
        var output = [UInt8](repeating: 0, count: bytes.count * 4 + 16)
        let (failed, consumed, produced) = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                inBuffer.withMemoryRebound(to: CChar.self) { inChars in
                    outBuffer.withMemoryRebound(to: CChar.self) { outChars in
                        var inPointer = inChars.baseAddress
                        var outPointer = outChars.baseAddress
                        var inLeft = inChars.count
                        var outLeft = outChars.count
                        var result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                        if result != -1 {
                            // Flush any shift state (stateful encodings).
                            result = iconv(converter, nil, nil, &outPointer, &outLeft)
                        }
                        return (result == -1, inChars.count - inLeft, outChars.count - outLeft)
                    }
                }
            }
        }
        if failed { return .invalid(offset: consumed) }
        return .converted(Array(output[..<produced]))
    }
}
