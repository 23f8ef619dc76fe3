// QRKit — AllPolicy: plan B, every engine to its end.

/// Every engine at once, each to its end; the answer is every engine's reads merged,
/// repeated reads dropped.
public struct AllPolicy: DecodePolicy {
    public let name = "all"

    public init() {}

    public func enginesToStart(of count: Int) -> [Int] { Array(0..<count) }

    public func isFinal(_ decode: DecodeProgress) -> Bool { false }

    public var mergesEveryAnswer: Bool { true }
}
