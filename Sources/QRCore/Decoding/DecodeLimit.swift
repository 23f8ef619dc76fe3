// QRKit — DecodeLimit: the bound a decode was stopped by.
/// The bound a decode reached before its engines were done, which gave the answer early.
public enum DecodeLimit: Sendable, Equatable, CustomStringConvertible {
    /// The decoder's ``QRDecoder/timeout``: this much time went by from its start.
    case timeout(Duration)
    /// The decoder's ``QRDecoder/cpuBudget``: reading the picture and its passes had
    /// used this much CPU time.
    case cpuBudget(Duration)

    /// "timed out after 1000 ms", "ran out of its CPU budget (5000 ms)".
    public var description: String {
        switch self {
        case .timeout(let limit): "timed out after \(limit.wholeMilliseconds) ms"
        case .cpuBudget(let limit): "ran out of its CPU budget (\(limit.wholeMilliseconds) ms)"
        }
    }
}
