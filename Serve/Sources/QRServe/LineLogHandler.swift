// qr-serve — LineLogHandler: swift-log's stream handler, its metadata formatted only for a line written.
import Logging

/// Writes what ``StreamLogHandler`` writes, in its format, but keeps the metadata as given
/// and formats it only when a line is written. StreamLogHandler formats its metadata
/// (sorted, each value's description joined) every time an item is set, and Hummingbird
/// sets the request's id on a logger of its own for every request, whether or not
/// anything is logged at the level asked for.
public struct LineLogHandler: LogHandler {
    private var stream: StreamLogHandler
    public var metadata: Logger.Metadata = [:]

    /// A handler writing to standard error, as `StreamLogHandler.standardError` does.
    public static func standardError(label: String) -> LineLogHandler {
        LineLogHandler(StreamLogHandler.standardError(label: label))
    }

    /// A handler writing what `stream` would write; its metadata is this handler's.
    init(_ stream: StreamLogHandler) {
        self.stream = stream
    }

    public var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var stream = stream
        stream.metadata = metadata
        stream.log(event: event)
    }
}
