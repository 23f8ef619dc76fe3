// qr-serve — ParameterReader: typed reads of text parameters, with messages that name the parameter.
import QRKit

/// Typed reads of text parameters, with messages that name the parameter.
struct ParameterReader {
    let parameters: [String: String]
    init(_ parameters: [String: String]) { self.parameters = parameters }

    /// A whole number, or nil when absent.
    func integer(_ name: String) throws(BadRequest) -> Int? {
        guard let text = parameters[name] else { return nil }
        guard let value = Int(text) else { throw BadRequest("'\(name)' must be a whole number, not '\(text)'") }
        return value
    }

    /// `true` or `false`, as the API document's booleans are written, or `default` when absent.
    func flag(_ name: String, default value: Bool = false) throws(BadRequest) -> Bool {
        guard let text = parameters[name] else { return value }
        switch text {
        case "true": return true
        case "false": return false
        default: throw BadRequest("'\(name)' must be true or false, not '\(text)'")
        }
    }
}
