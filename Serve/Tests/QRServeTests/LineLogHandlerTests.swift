// qr-serve tests — LineLogHandler: the lines of swift-log's StreamLogHandler, its metadata formatted only when one is written.
import Logging
import Synchronization
import Testing

@testable import QRServe

/// A stream that keeps what is written to it.
private struct Captured: TextOutputStream, Sendable {
    final class Text: Sendable {
        let value = Mutex("")
    }
    let text = Text()

    func write(_ string: String) {
        text.value.withLock { $0 += string }
    }

    /// The lines written, each without its timestamp (the first word), which may differ
    /// between two handlers by a second.
    var lines: [String] {
        text.value.withLock { $0 }.split(separator: "\n").map { String($0.drop { $0 != " " }) }
    }
}

@Suite struct LineLogHandlerTests {
    @Test func writesWhatStreamLogHandlerWrites() {
        let (lineOutput, streamOutput) = (Captured(), Captured())
        var line = Logger(label: "qr-serve") { LineLogHandler(StreamLogHandler(label: $0, stream: lineOutput)) }
        var stream = Logger(label: "qr-serve") { StreamLogHandler(label: $0, stream: streamOutput) }
        line.logLevel = .info
        stream.logLevel = .info
        for logger in [line, stream] {
            // A request's logger, as Hummingbird makes one, then a line at each level.
            var request = logger
            request[metadataKey: "hb.request.id"] = "4f2a-0001"
            request[metadataKey: "route"] = "/decode"
            request.info("POST /decode 200 1.2 ms")
            request.debug("below the level: not written")
            request.warning("slow", metadata: ["ms": "250"])
            request[metadataKey: "route"] = nil
            request.error("refused")
            logger.notice("no metadata")
        }
        #expect(lineOutput.lines.count == 4)
        #expect(lineOutput.lines == streamOutput.lines)
        #expect(
            lineOutput.lines.first?.hasSuffix(
                "hb.request.id=4f2a-0001 route=/decode [QRServeTests] POST /decode 200 1.2 ms") == true)
    }

    @Test func keepsItsMetadataAndLevel() {
        var handler = LineLogHandler(StreamLogHandler(label: "qr-serve", stream: Captured()))
        handler.logLevel = .warning
        handler[metadataKey: "a"] = "1"
        handler.metadata["b"] = "2"
        #expect(handler.logLevel == .warning)
        #expect(handler[metadataKey: "a"] == "1")
        #expect(handler.metadata == ["a": "1", "b": "2"])
    }
}
