// qr-serve — BadRequest: a request whose parameters cannot be used: answered 400 with the message.

/// A request whose parameters cannot be used: answered 400 with the message.
struct BadRequest: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}
