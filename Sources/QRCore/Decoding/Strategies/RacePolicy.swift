// QRKit — RacePolicy: plan C, every engine at once, the first complete answer wins.

/// Every engine at once; the first complete answer is final, and the other engines stop
/// at their next pass boundary.
public struct RacePolicy: DecodePolicy {
    public let name = "race"

    public init() {}

    public func enginesToStart(of count: Int) -> [Int] { Array(0..<count) }

    public func isFinal(_ decode: DecodeProgress) -> Bool { decode.winner != nil }
}
