// qr-serve — EncodeBody: the JSON body of POST /encode: an object of the GET parameters, each a string, a number or a boolean.
import FoundationEssentials
import Hummingbird
import Logging
import NIOCore
import QRKit

/// The JSON body of POST /encode: an object of the GET parameters, each a string, a
/// number or a boolean.
enum EncodeBody {
    private enum Scalar: Decodable {
        case text(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let bool = try? container.decode(Bool.self) {
                self = .text(bool ? "true" : "false")
            } else if let number = try? container.decode(Int.self) {
                self = .text(String(number))
            } else {
                self = .text(try container.decode(String.self))
            }
        }
    }

    static func parameters(_ body: ByteBuffer) throws(HTTPError) -> [String: String] {
        guard let object = try? JSONDecoder().decode([String: Scalar].self, from: Data(body.readableBytesView)) else {
            throw HTTPError(
                .badRequest,
                message: "the body must be a JSON object of /encode's parameters (strings, numbers, booleans)")
        }
        return object.mapValues { scalar in
            switch scalar {
            case .text(let text): text
            }
        }
    }
}
