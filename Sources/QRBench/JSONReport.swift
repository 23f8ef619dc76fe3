// QRBench — JSONReport: a bench result as JSON.
import FoundationEssentials
import QRCorpus
import QRKit

/// A bench result as JSON: every number the run measured, per picture too.
public enum JSONReport {
    /// Pretty-printed JSON with snake_case keys, sorted.
    ///
    /// - Throws: an `EncodingError` (none is expected: every number is finite).
    public static func data(_ result: BenchResult) throws -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(result)
    }
}
