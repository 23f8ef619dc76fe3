// QRKit tests — DecodeJSON writes its lines byte for byte as JSONEncoder would (sorted keys,
// slashes unescaped): the lines of real decodes, of made-up reports with every optional
// field, and the numbers and strings they are made of.
import Foundation
import QRBench
import Testing

@testable import QRCore
@testable import QRKit

/// Any JSON value, read back so that JSONEncoder can write it again.
private enum AnyJSON: Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let value = try? c.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? c.decode(Double.self) {
            self = .number(value)
        } else if let value = try? c.decode(String.self) {
            self = .string(value)
        } else if let value = try? c.decode([AnyJSON].self) {
            self = .array(value)
        } else {
            self = .object(try c.decode([String: AnyJSON].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let value): try c.encode(value)
        case .number(let value): try c.encode(value)
        case .string(let value): try c.encode(value)
        case .array(let value): try c.encode(value)
        case .object(let value): try c.encode(value)
        }
    }
}

private func jsonEncoded(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// `line` read and written again by JSONEncoder, hidden controls escaped as DecodeJSON does.
private func rewritten(_ line: String) throws -> String {
    DecodeJSON.escapingHiddenControls(try jsonEncoded(JSONDecoder().decode(AnyJSON.self, from: Data(line.utf8))))
}

/// A name with every kind of character JSON escapes, or leaves raw, or DecodeJSON escapes.
private let awkwardName = "dir/a \"b\" \\c\u{1}\u{8}\t\n\u{c}\r\u{1f}\u{7f}\u{85}\u{2028}\u{202e}é😀.png"

@Suite struct DecodeJSONTests {
    @Test func hiddenControlsAreEscapedAndNothingElse() {
        // Every ASCII character below DEL is left as it is, one at a time and all together.
        let ascii = (0..<0x7F).map { String(Character(Unicode.Scalar(UInt8($0)))) }
        for text in ascii + [ascii.joined()] {
            #expect(DecodeJSON.escapingHiddenControls(text) == text)
        }
        // DEL, the first ASCII byte that is one, and each kind beyond ASCII, beside text
        // beyond ASCII that is none.
        #expect(DecodeJSON.escapingHiddenControls("a\u{7F}b") == "a\\u007fb")
        #expect(DecodeJSON.escapingHiddenControls("é\u{85}😀\u{9F}") == "é\\u0085😀\\u009f")
        #expect(DecodeJSON.escapingHiddenControls("\u{A0}é\u{2028}x\u{202E}") == "\u{A0}é\\u2028x\\u202e")
        #expect(DecodeJSON.escapingHiddenControls("é😀\u{A0}") == "é😀\u{A0}")
        // A line's text is scanned for them only once a string beyond ASCII is in it.
        var json = JSONText()
        json.array(ascii)
        #expect(!json.beyondASCII)
        json.string("\u{7F}")
        #expect(json.beyondASCII)
    }

    @Test(arguments: [StrategyName.race, .all])
    func linesOfRealDecodesAreWhatJSONEncoderWrites(_ name: StrategyName) throws {
        let decoder = QRDecoder(strategy: name.makeStrategy())
        for picture in SampleCorpus.pictures() {
            let report = try decoder.decode(ImageReader().read(contentsOf: SampleCorpus.path(picture)))
            let join = StructuredAppend.join(report.symbols)
            let line = DecodeJSON.line(
                file: .init(text: awkwardName, base64Bytes: "AAE="), report: report,
                sequences: join.sequences.isEmpty ? nil : join.sequences, error: report.stoppedBy.map { "\($0)" })
            #expect(try line == rewritten(line), "\(picture)")
            #expect(line.contains(#""file":"dir/a \"b\" \\c\u0001\b\t\n\f\r\u001f\u007f\u0085\u2028\u202eé😀.png""#))
        }
    }

    @Test func everyOptionalFieldIsWrittenAsJSONEncoderWritesIt() throws {
        let message = "Hello, structured append!"
        let parity = StructuredAppend.parity(of: message.utf8)
        let parts = ["Hello, ", "structured ", "append!"].enumerated().map { index, piece in
            Symbol(
                text: piece, bytes: Array(piece.utf8),
                corners: [Point(x: index * 100, y: -3), Point(x: index * 100 + 50, y: 7)], errorCorrection: .q,
                structuredAppend: StructuredAppendInfo(index: index, count: 3, parity: parity),
                isUnplacedSequencePart: index == 2, hasECI: index == 1, isMicro: index == 0, engine: "test/\(index)")
        }
        let engines = [
            EngineReport(
                name: "zxing", startOffset: .microseconds(3), elapsed: .milliseconds(2.5), cpuTime: .nanoseconds(1),
                outcome: .found(2)),
            EngineReport(name: "zbar", startOffset: .zero, elapsed: nil, cpuTime: nil, outcome: .running),
            EngineReport(
                name: "other", startOffset: .seconds(1), elapsed: .seconds(3), cpuTime: .seconds(2),
                outcome: .error("it \"failed\"\n")),
            EngineReport(name: "last", startOffset: nil, elapsed: nil, cpuTime: nil, outcome: .notStarted),
        ]
        for (symbols, held) in [(parts, Duration?.none), (Array(parts.prefix(2)), .milliseconds(12.000001))] {
            let report = DecodeReport(
                strategy: "race", symbols: symbols, winner: held == nil ? "zxing" : nil, elapsed: .microseconds(1234),
                engines: engines, timedOut: held != nil, heldForCompleteness: held)
            // Joined, incomplete (a part missing: null in `parts`), and a parity mismatch.
            var sequences = StructuredAppend.join(symbols).sequences
            sequences +=
                StructuredAppend.join(
                    symbols.map {
                        var symbol = $0
                        symbol.structuredAppend?.parity ^= 1
                        return symbol
                    }
                ).sequences
            let line = DecodeJSON.line(file: .init(text: awkwardName), report: report, sequences: sequences, error: "x")
            #expect(try line == rewritten(line))
            #expect(line.contains(#""structured_append":{"count":3,"index":0,"parity":"#))
        }
        let unreadable = DecodeJSON.line(file: .init(text: "<body>"), report: nil, error: "no \"picture\"/here")
        #expect(unreadable == #"{"error":"no \"picture\"/here","file":"<body>","report":null,"symbols":[]}"#)
        let join = StructuredAppend.join(parts)
        let sequencesLine = DecodeJSON.sequencesLine(join) { symbol in
            parts.firstIndex(of: symbol).map {
                (DecodeJSON.FileName(text: "f\($0)", base64Bytes: $0 == 1 ? "AA==" : nil), $0)
            }
        }
        #expect(try sequencesLine == rewritten(sequencesLine))
    }

    @Test func numbersAndStringsAreWrittenAsJSONEncoderWritesThem() throws {
        // Numbers of every magnitude, the same at every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var numbers: [Double] = [
            0, -0.0, 1, 2.5, 0.0001, 0.00001, 1e-7, 1e15, 1e16, 0.1 + 0.2, 12.000001, 5e-324, .greatestFiniteMagnitude,
            -3,
        ]
        for exponent in -12...12 {
            numbers += (0..<20).map { _ in next() * pow(10, Double(exponent)) }
        }
        var strings = (0...0x7F).map { String(Character(Unicode.Scalar(UInt8($0)))) }
        strings += ["", "é", "😀", "\u{2028}", "a/b", #"\u0041"#, "\r\n", "\u{0}x"]
        var json = JSONText()
        json.array(numbers)
        #expect(try json.text == jsonEncoded(numbers))
        json = JSONText()
        json.array(strings)
        #expect(try json.text == jsonEncoded(strings))
        json = JSONText()
        json.array([Int.min, -1, 0, 7, Int.max])
        #expect(try json.text == jsonEncoded([Int.min, -1, 0, 7, Int.max]))
        json = JSONText()
        json.array([Double.nan])
        #expect(json.text == nil)
    }
}
