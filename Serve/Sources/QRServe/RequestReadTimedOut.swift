// qr-serve — RequestReadTimedOut: a request that did not arrive whole within the read timeout; /decode answers 408.

/// The request a connection sent did not arrive whole within ``ServerSettings/requestReadTimeout``.
struct RequestReadTimedOut: Error, CustomStringConvertible {
    var description: String { "the request did not arrive whole in time" }
}
