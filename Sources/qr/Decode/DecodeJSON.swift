// qr decode — DecodeJSON: one JSON object per input, as --json prints them.
import ArgumentParser
import FoundationEssentials
import QRKit

/// The `--json` line for one picture.
enum DecodeJSON {
    struct Line: Encodable {
        var file: String
        /// The exact bytes of a name that is not UTF-8, in base64; absent otherwise.
        var file_bytes: String?
        var symbols: [SymbolJSON]
        /// Present only when the picture holds structured-append parts (and not --join).
        var sequences: [SequenceJSON]?
        var report: ReportJSON?
        var error: String?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(file, forKey: .file)
            try c.encodeIfPresent(file_bytes, forKey: .file_bytes)
            try c.encode(symbols, forKey: .symbols)
            try c.encodeIfPresent(sequences, forKey: .sequences)
            try c.encode(report, forKey: .report)  // null when unreadable
            try c.encode(error, forKey: .error)  // null when readable
        }
        enum CodingKeys: String, CodingKey { case file, file_bytes, symbols, sequences, report, error }
    }

    struct SymbolJSON: Encodable {
        var text: String
        var bytes: String
        var corners: [[Int]]
        var engine: String
        var ec_level: String?
        var micro: Bool
        var eci: Bool
        var structured_append: StructuredAppendInfo?
        /// True for a part whose position its engine could not read; absent otherwise.
        var structured_append_unplaced: Bool?
    }

    struct ReportJSON: Encodable {
        var strategy: String
        var winner: String?
        var elapsed_ms: Double
        var timed_out: Bool
        /// How long the answer waited for the other engines' codes; absent when it did not.
        var held_ms: Double?
        var engines: [EngineJSON]

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(strategy, forKey: .strategy)
            try c.encode(winner, forKey: .winner)  // null when no engine found a code
            try c.encode(elapsed_ms, forKey: .elapsed_ms)
            try c.encode(timed_out, forKey: .timed_out)
            try c.encodeIfPresent(held_ms, forKey: .held_ms)
            try c.encode(engines, forKey: .engines)
        }
        enum CodingKeys: String, CodingKey { case strategy, winner, elapsed_ms, timed_out, held_ms, engines }
    }

    struct EngineJSON: Encodable {
        var name: String
        var start_ms: Double?
        var elapsed_ms: Double?
        var cpu_ms: Double?
        var outcome: String
        var error: String?
    }

    static func line(
        file: PathName, report: DecodeReport?, sequences: [StructuredAppendSequence]? = nil, error: String?
    ) -> String {
        let symbols = report?.symbols ?? []
        let line = Line(
            file: file.readable, file_bytes: file.jsonBytes,
            symbols: (report?.symbols ?? []).map {
                SymbolJSON(
                    text: $0.text, bytes: Data($0.bytes).base64EncodedString(),
                    corners: $0.corners.map { [$0.x, $0.y] }, engine: $0.engine,
                    ec_level: $0.errorCorrection?.rawValue, micro: $0.isMicro, eci: $0.hasECI,
                    structured_append: $0.structuredAppend,
                    structured_append_unplaced: $0.isUnplacedSequencePart ? true : nil)
            },
            sequences: sequences.map { list in
                list.map { SequenceJSON($0, locate: { part in symbols.firstIndex(of: part).map { (nil, $0) } }) }
            },
            report: report.map { r in
                ReportJSON(
                    strategy: r.strategy, winner: r.winner, elapsed_ms: r.elapsed.milliseconds,
                    timed_out: r.timedOut, held_ms: r.heldForCompleteness?.milliseconds,
                    engines: r.engines.map { e in
                        var reason: String?
                        if case .error(let why) = e.outcome { reason = why }
                        return EngineJSON(
                            name: e.name, start_ms: e.startOffset?.milliseconds,
                            elapsed_ms: e.elapsed?.milliseconds, cpu_ms: e.cpuTime?.milliseconds,
                            outcome: e.outcome.label, error: reason)
                    })
            },
            error: error)
        return encoded(line)
    }

    /// The last line of `--join --json`: every message of every input.
    static func sequencesLine(_ join: StructuredAppendJoin, origins: [Symbol: SequencePart]) -> String {
        let locate = { (symbol: Symbol) -> (PathName?, Int)? in
            origins[symbol].map { ($0.file, $0.position) }
        }
        let unplaced = join.unplaced.compactMap { locate($0).map { PartJSON(file: $0.0, symbol: $0.1) } }
        return encoded(
            JoinLine(
                sequences: join.sequences.map { SequenceJSON($0, locate: locate) },
                unplaced: unplaced.isEmpty ? nil : unplaced))
    }

    private static func encoded(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return #"{"error":"could not encode JSON"}"# }
        return escapingHiddenControls(String(decoding: data, as: UTF8.self))
    }

    /// `json` with every hidden control (``TerminalText/isHiddenControl(_:)``: DEL, C1,
    /// U+2028, U+2029, the bidirectional controls) written as `\uXXXX`, which JSON's own
    /// escaping leaves raw: a terminal, an editor or a log showing the line can then not be
    /// misled by them, and the JSON still decodes to the exact text. They can stand only
    /// inside strings, where the escape means the same scalar.
    static func escapingHiddenControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: TerminalText.isHiddenControl) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            guard TerminalText.isHiddenControl(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return result
    }
}
