// QRBench — Double+Fixed: numbers with a set count of digits, for the bench's tables and qr's
// --timing.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Double {
    /// The value with `digits` digits after the point, as C's `%.*f` writes it
    /// ("3.14" for 3.14159 and 2): Foundation's `String(format:)` without Foundation.
    package func fixed(_ digits: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 350)
        let count = withVaList([Int32(digits), self]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.*f", arguments)
        }
        guard count >= 0 else { return "\(self)" }
        return String(
            decoding: buffer.prefix(min(Int(count), buffer.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
