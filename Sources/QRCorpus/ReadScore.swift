// QRCorpus — ReadScore: how much of a picture's expected payloads a decode read.
import Dispatch
import FoundationEssentials
import QRKit

/// How one decode's symbols compare with the payloads a picture holds.
public struct ReadScore: Sendable, Equatable {
    /// Expected payloads that some symbol gave.
    public var codesRead: Int
    /// Expected payloads in the picture.
    public var codesExpected: Int
    /// Symbols whose payload is none of the expected ones.
    public var wrongReads: Int

    /// True when every expected payload was read.
    public var fullyRead: Bool { codesRead == codesExpected }

    /// Scores `symbols` against `expected`: a symbol gives a payload when its text as
    /// UTF-8 or its raw bytes equal it.
    public init(symbols: [Symbol], expected: [[UInt8]]) {
        self.init(reads: symbols.map { (text: Array($0.text.utf8), bytes: $0.bytes) }, expected: expected)
    }

    /// Scores reads given as each symbol's text (UTF-8) and payload bytes, as a peer
    /// program reports them (``PeerSymbol``).
    public init(reads: [(text: [UInt8], bytes: [UInt8])], expected: [[UInt8]]) {
        codesExpected = expected.count
        codesRead = expected.filter { payload in reads.contains { $0.text == payload || $0.bytes == payload } }.count
        wrongReads = reads.filter { read in !expected.contains { $0 == read.text || $0 == read.bytes } }.count
    }
}
