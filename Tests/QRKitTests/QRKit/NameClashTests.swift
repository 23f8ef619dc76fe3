// QRKit tests — importing QRKit hides no name of the standard library.
//
// This file imports QRKit and, without qualifying it, uses Swift's own `Decoder` and
// `Encoder` in a Codable type, as a library user's code would. Before the reader was
// named `QRDecoder`, `Decoder` here meant QRKit's type and this file did not compile.
import Foundation
import QRKit
import Testing

/// A user's Codable type, written the ordinary way.
private struct Settings: Codable, Equatable {
    var strategy: String
    var timeoutMilliseconds: Int

    enum CodingKeys: String, CodingKey {
        case strategy
        case timeoutMilliseconds = "timeout_ms"
    }

    init(strategy: String, timeoutMilliseconds: Int) {
        self.strategy = strategy
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        strategy = try container.decode(String.self, forKey: .strategy)
        timeoutMilliseconds = try container.decode(Int.self, forKey: .timeoutMilliseconds)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(strategy, forKey: .strategy)
        try container.encode(timeoutMilliseconds, forKey: .timeoutMilliseconds)
    }
}

@Suite struct NameClashTests {
    @Test func aCodableTypeBesideQRKitUsesSwiftsDecoder() throws {
        let settings = Settings(strategy: "hedged", timeoutMilliseconds: 250)
        let data = try JSONEncoder().encode(settings)
        #expect(try JSONDecoder().decode(Settings.self, from: data) == settings)
        // And QRKit's reader is there under its own name.
        #expect(QRDecoder(strategy: .hedged(DecodeStrategy.standardEngines)).strategy.name == "hedged")
    }
}
