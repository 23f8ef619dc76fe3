// QRKit — RacePolicy: plan C, every engine at once, the first complete answer wins.

/// Every engine at once; the first complete answer is final, and the other engines stop
/// at their next pass boundary.
public struct RacePolicy: DecodePolicy {
    public let name = "race"

    public init() {}

    public func enginesToStart(of count: Int) -> [Int] { Array(0..<count) }

    public func isFinal(_ decode: DecodeProgress) -> Bool { decode.winner != nil }

    /// The engines after the first are backups: their passes rank behind all of the
    /// first's. A picture alone still has them run beside the first (a worker with nothing
    /// else to run takes them); in a batch they give way to the first engine's passes of
    /// every other picture, rather than run, by their cost alone, before the first
    /// engine's dearer passes that would read the picture anyway.
    public var ranksInTurn: Bool { true }
}
