// QRBench — NumberFormat: numbers as the bench's reports write them.
import FoundationEssentials
import QRCorpus
import QRKit

/// Numbers as the text reports print them.
enum NumberFormat {
    /// Milliseconds with precision that suits their size: 0.42, 3.14, 27.2, 512.
    static func milliseconds(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        switch abs(value) {
        case ..<10: return value.fixed(2)
        case ..<100: return value.fixed(1)
        default: return value.fixed(0)
        }
    }

    /// A count that is a mean over runs: whole when it is whole, else one decimal.
    static func count(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        return value.fixed(1)
    }

    /// A fixed number of decimals.
    static func fixed(_ value: Double?, _ digits: Int) -> String {
        guard let value, value.isFinite else { return "–" }
        return value.fixed(digits)
    }

    /// A number for CSV: plain decimal, empty when unknown.
    static func plain(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return value.fixed(4)
    }
}
