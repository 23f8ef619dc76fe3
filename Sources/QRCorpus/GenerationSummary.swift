// QRCorpus — GenerationSummary: what a generator run wrote.
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import QRKit

/// What ``CorpusGenerator/write(to:progress:)`` wrote.
public struct GenerationSummary: Sendable {
    /// Pictures written.
    public var written: Int
    /// Pictures left out by ``GeneratorOptions/readableOnly``.
    public var dropped: Int
    /// Pictures written per category, in category order.
    public var perCategory: [(String, Int)]
}
