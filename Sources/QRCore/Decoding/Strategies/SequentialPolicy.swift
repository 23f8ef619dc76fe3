// QRKit — SequentialPolicy: plan A, each engine in turn.

/// Each engine in turn: the next only after the one before has missed. The first complete
/// answer is final.
public struct SequentialPolicy: DecodePolicy {
    public let name: String

    /// - Parameter name: the name in reports: `sequential`, or `single` for one engine.
    public init(name: String = "sequential") {
        self.name = name
    }

    public func enginesToStart(of count: Int) -> [Int] { Array((0..<count).prefix(1)) }

    public func enginesAfterMiss(of engine: Int, in decode: DecodeProgress) -> [Int] {
        Array(decode.waiting.prefix(1))
    }

    public func isFinal(_ decode: DecodeProgress) -> Bool { decode.winner != nil }

    public var ranksInTurn: Bool { true }
}
