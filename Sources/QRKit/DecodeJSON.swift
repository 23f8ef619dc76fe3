// QRKit — DecodeJSON: a picture's decode as the JSON object `qr decode --json` prints, for every program that answers in it.
import FoundationEssentials

/// The JSON of `qr decode --json`: one object per picture (file, symbols, sequences,
/// report, error), and the line of every message joined across pictures. `qr` and
/// `qr-serve` both answer in it, so that a script reads either the same way.
public enum DecodeJSON {
    /// A picture's name in the JSON: as text, and its exact bytes in base64 when they
    /// are not UTF-8 (`file_bytes`), which `file` cannot hold.
    public struct FileName: Sendable, Hashable {
        public var text: String
        public var base64Bytes: String?

        public init(text: String, base64Bytes: String? = nil) {
            self.text = text
            self.base64Bytes = base64Bytes
        }
    }

    struct Line: JSONWritable {
        var file: String
        /// The exact bytes of a name that is not UTF-8, in base64; absent otherwise.
        var file_bytes: String?
        var symbols: [SymbolJSON]
        /// Present only when the picture holds structured-append parts (and not --join).
        var sequences: [SequenceJSON]?
        var report: ReportJSON?
        var error: String?

        func write(to json: inout JSONText) {
            json.object { o in
                o.field("error", error, orNull: true)  // null when readable
                o.field("file", file)
                o.field("file_bytes", file_bytes)
                o.field("report", report, orNull: true)  // null when unreadable
                o.field("sequences", sequences)
                o.field("symbols", symbols)
            }
        }
    }

    struct SymbolJSON: JSONWritable {
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

        func write(to json: inout JSONText) {
            json.object { o in
                o.field("bytes", bytes)
                o.field("corners", corners)
                o.field("ec_level", ec_level)
                o.field("eci", eci)
                o.field("engine", engine)
                o.field("micro", micro)
                o.field("structured_append", structured_append)
                o.field("structured_append_unplaced", structured_append_unplaced)
                o.field("text", text)
            }
        }
    }

    struct ReportJSON: JSONWritable {
        var strategy: String
        var winner: String?
        var elapsed_ms: Double
        var timed_out: Bool
        /// How long the answer waited for the other engines' codes; absent when it did not.
        var held_ms: Double?
        var engines: [EngineJSON]

        func write(to json: inout JSONText) {
            json.object { o in
                o.field("elapsed_ms", elapsed_ms)
                o.field("engines", engines)
                o.field("held_ms", held_ms)
                o.field("strategy", strategy)
                o.field("timed_out", timed_out)
                o.field("winner", winner, orNull: true)  // null when no engine found a code
            }
        }
    }

    struct EngineJSON: JSONWritable {
        var name: String
        var start_ms: Double?
        var elapsed_ms: Double?
        var cpu_ms: Double?
        var outcome: String
        var error: String?

        func write(to json: inout JSONText) {
            json.object { o in
                o.field("cpu_ms", cpu_ms)
                o.field("elapsed_ms", elapsed_ms)
                o.field("error", error)
                o.field("name", name)
                o.field("outcome", outcome)
                o.field("start_ms", start_ms)
            }
        }
    }

    /// Where a part was read: its input (nil within one picture) and its place in that
    /// input's `symbols`.
    struct PartJSON: JSONWritable {
        var file: String?
        /// The exact bytes of a file name that is not UTF-8, in base64; absent otherwise.
        var file_bytes: String?
        var symbol: Int

        init(file: FileName?, symbol: Int) {
            self.file = file?.text
            file_bytes = file?.base64Bytes
            self.symbol = symbol
        }

        func write(to json: inout JSONText) {
            json.object { o in
                o.field("file", file)
                o.field("file_bytes", file_bytes)
                o.field("symbol", symbol)
            }
        }
    }

    /// One structured-append message.
    struct SequenceJSON: JSONWritable {
        var count: Int
        var parity: Int
        /// `joined`, `incomplete` or `parity-mismatch`.
        var status: String
        /// Indexes (from 0) of the parts not found.
        var missing: [Int]
        /// With `parity-mismatch`: the XOR of the parts' bytes.
        var computed_parity: Int?
        /// By index: where each part was read; null where it is missing.
        var parts: [PartJSON?]
        /// The joined message; absent unless joined.
        var text: String?
        var bytes: String?

        init(_ sequence: StructuredAppendSequence, locate: (Symbol) -> (FileName?, Int)?) {
            count = sequence.count
            parity = Int(sequence.parity)
            missing = sequence.missingIndexes
            switch sequence.status {
            case .joined: status = "joined"
            case .incomplete: status = "incomplete"
            case .parityMismatch(let computed):
                status = "parity-mismatch"
                computed_parity = Int(computed)
            }
            parts = sequence.parts.map { part in
                part.flatMap(locate).map { PartJSON(file: $0.0, symbol: $0.1) }
            }
            text = sequence.payload?.text
            bytes = sequence.payload.map { Data($0.bytes).base64EncodedString() }
        }

        func write(to json: inout JSONText) {
            json.object { o in
                o.field("bytes", bytes)
                o.field("computed_parity", computed_parity)
                o.field("count", count)
                o.field("missing", missing)
                o.field("parity", parity)
                o.field("parts", parts.map { JSONNullable(value: $0) })
                o.field("status", status)
                o.field("text", text)
            }
        }
    }

    /// The last line of `--join --json`.
    struct JoinLine: JSONWritable {
        var sequences: [SequenceJSON]
        /// Parts whose position could not be read; absent when none.
        var unplaced: [PartJSON]?

        func write(to json: inout JSONText) {
            json.object { o in
                o.field("sequences", sequences)
                o.field("unplaced", unplaced)
            }
        }
    }

    /// One picture's object, on one line: its codes and the report, or the error that
    /// stopped it (`report` null), or both when a limit cut the report short.
    ///
    /// - Parameters:
    ///   - file: The picture's name.
    ///   - report: The decode's report; nil when the picture could not be read.
    ///   - sequences: The picture's structured-append messages, when it holds parts.
    ///   - error: Why the picture could not be read, or the limit that cut it short.
    /// - Returns: The JSON object, without a newline.
    public static func line(
        file: FileName, report: DecodeReport?, sequences: [StructuredAppendSequence]? = nil, error: String?
    ) -> String {
        let symbols = report?.symbols ?? []
        let line = Line(
            file: file.text, file_bytes: file.base64Bytes,
            symbols: symbols.map {
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

    /// The line of every message joined across pictures: `locate` says where each part
    /// was read (its picture and its place in that picture's `symbols`).
    public static func sequencesLine(_ join: StructuredAppendJoin, locate: (Symbol) -> (FileName?, Int)?) -> String {
        let unplaced = join.unplaced.compactMap { locate($0).map { PartJSON(file: $0.0, symbol: $0.1) } }
        return encoded(
            JoinLine(
                sequences: join.sequences.map { SequenceJSON($0, locate: locate) },
                unplaced: unplaced.isEmpty ? nil : unplaced))
    }

    private static func encoded(_ value: some JSONWritable) -> String {
        var json = JSONText(capacity: 1024)
        value.write(to: &json)
        guard let text = json.text else { return #"{"error":"could not encode JSON"}"# }
        return json.beyondASCII ? escapingHiddenControls(text) : text
    }

    /// `json` with every hidden control (``isHiddenControl(_:)``: DEL, C1, U+2028, U+2029,
    /// the bidirectional controls) written as `\uXXXX`, which JSON's own escaping leaves
    /// raw: a terminal, an editor or a log showing the line can then not be misled by them,
    /// and the JSON still decodes to the exact text. They can stand only inside strings,
    /// where the escape means the same scalar.
    public static func escapingHiddenControls(_ json: String) -> String {
        // Every hidden control is DEL or beyond ASCII: text of ASCII below DEL holds none,
        // and its bytes are checked far faster than its scalars are decoded.
        guard json.utf8.contains(where: { $0 >= 0x7F }), json.unicodeScalars.contains(where: isHiddenControl) else {
            return json
        }
        var result = ""
        for scalar in json.unicodeScalars {
            guard isHiddenControl(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return result
    }

    /// Whether a scalar is invisible yet changes what a reader sees around it: DEL, a C1
    /// control, a line or paragraph separator, a bidirectional control. JSON's own escapes
    /// leave them as they are (they need none).
    public static func isHiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

extension StructuredAppendInfo: JSONWritable {
    func write(to json: inout JSONText) {
        json.object { o in
            o.field("count", count)
            o.field("index", index)
            o.field("parity", Int(parity))
        }
    }
}
