// QRBench — PeerTool: other QR readers (ZXingReader, zbarimg, `qr decode` itself) timed as
// whole processes over the same pictures as the strategies, and what their output says.
import FoundationEssentials

/// A QR reader outside the strategies, run as one whole process per picture
/// (`ZXingReader … FILE`), so that a report can set the tools a user knows beside QRKit.
///
/// One process per picture, not one for the whole folder: zbarimg's `--raw` output does
/// not say which file a text came from, every picture gets a time of its own (p50, p90
/// and p99, as the strategies have), and it is what a user waits for who runs the tool on
/// a photo. The times therefore include start-up and reading the file, which the
/// strategies' in-process times do not; `qrDecode` is the like-for-like row.
///
///     let peer = PeerTool.zxingReader(at: "/usr/bin/ZXingReader")
///     peer.symbols(in: run.output, known: [Array("hello".utf8)])
public struct PeerTool: Sendable {
    /// How the program writes what it read.
    public enum OutputFormat: String, Sendable {
        /// ZXingReader's default blocks (`Text: "…"`, `Bytes: 68 65 …`, one block a symbol).
        case zxingReader
        /// zbarimg's `--raw`: each symbol's text, then a newline.
        case zbarRaw
        /// `qr decode --json`: one JSON object, its `symbols` with `text` and base64 `bytes`.
        case qrJSON
    }

    /// The row's name in reports: `ZXingReader`, `zbarimg`, `qr decode`.
    public var name: String
    /// The program's path.
    public var executable: String
    /// The arguments before the picture's path, which always comes last.
    public var arguments: [String]
    public var format: OutputFormat

    public init(name: String, executable: String, arguments: [String], format: OutputFormat) {
        self.name = name
        self.executable = executable
        self.arguments = arguments
        self.format = format
    }

    /// The command line, as a report shows it: `ZXingReader -format QRCode,MicroQRCode FILE`.
    public var command: String {
        let program = executable.split(separator: "/").last.map(String.init) ?? executable
        return ([program] + arguments + ["FILE"]).joined(separator: " ")
    }

    /// zxing-cpp's command-line reader (Debian's zxing-cpp-tools), QR and Micro QR only.
    public static func zxingReader(at path: String) -> PeerTool {
        PeerTool(
            name: "ZXingReader", executable: path, arguments: ["-format", "QRCode,MicroQRCode"], format: .zxingReader)
    }

    /// zbar's command-line reader (Debian's zbar-tools), QR only, texts alone.
    public static func zbarimg(at path: String) -> PeerTool {
        PeerTool(
            name: "zbarimg", executable: path, arguments: ["-q", "--raw", "-Sdisable", "-Sqrcode.enable"],
            format: .zbarRaw)
    }

    /// `qr decode` as a user runs it (the default strategy), for comparing whole processes
    /// like for like.
    public static func qrDecode(at path: String) -> PeerTool {
        PeerTool(name: "qr decode", executable: path, arguments: ["decode", "--json"], format: .qrJSON)
    }

    /// The programs `--peers` looks for on PATH, and the Debian package of each.
    public static let programs: [(program: String, package: String, make: @Sendable (String) -> PeerTool)] = [
        ("ZXingReader", "zxing-cpp-tools", zxingReader(at:)),
        ("zbarimg", "zbar-tools", zbarimg(at:)),
    ]

    /// The symbols the program reported in `output`.
    ///
    /// - Parameter known: texts the picture may hold (its expected payloads, or what the
    ///   strategies read). zbarimg ends each text with a newline, so a text with a newline
    ///   inside cannot be told from two; a known text found whole is taken whole.
    public func symbols(in output: [UInt8], known: [[UInt8]] = []) -> [PeerSymbol] {
        switch format {
        case .zxingReader: return Self.zxingSymbols(output)
        case .zbarRaw: return Self.lines(output, known: known).map { PeerSymbol(bytes: $0) }
        case .qrJSON: return Self.qrSymbols(output)
        }
    }

    /// Text and bytes of each `Text:` … `Bytes:` block. The text is printed between
    /// quotes and may run over several lines; the bytes are hex on one line.
    static func zxingSymbols(_ output: [UInt8]) -> [PeerSymbol] {
        var symbols: [PeerSymbol] = []
        var text: [[UInt8]]? = nil
        for line in output.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init) {
            if line.starts(with: Array("Text:".utf8)) {
                text = [Array(line.dropFirst(5).drop { $0 == 0x20 })]
            } else if line.starts(with: Array("Bytes:".utf8)), let lines = text {
                var joined = Array(lines.joined(separator: [0x0A]))
                if joined.first == 0x22, joined.last == 0x22, joined.count >= 2 {
                    joined = Array(joined.dropFirst().dropLast())
                }
                let hex = String(decoding: line.dropFirst(6), as: UTF8.self).split(separator: " ")
                let bytes = hex.compactMap { UInt8($0, radix: 16) }
                symbols.append(PeerSymbol(text: String(decoding: joined, as: UTF8.self), bytes: bytes))
                text = nil
            } else if text != nil {
                text!.append(line)
            }
        }
        return symbols
    }

    /// Newline-ended texts; where a `known` text followed by a newline starts, it is taken
    /// whole (the longest that fits).
    static func lines(_ output: [UInt8], known: [[UInt8]]) -> [[UInt8]] {
        let candidates = Set(known.filter { !$0.isEmpty }).sorted { $0.count > $1.count }
        var texts: [[UInt8]] = []
        var index = 0
        while index < output.count {
            let rest = output[index...]
            if let whole = candidates.first(where: { rest.starts(with: $0 + [0x0A]) }) {
                texts.append(whole)
                index += whole.count + 1
            } else {
                let end = rest.firstIndex(of: 0x0A) ?? output.count
                texts.append(Array(output[index..<end]))
                index = end + 1
            }
        }
        return texts
    }

    private struct QRDecodeLine: Decodable {
        struct Read: Decodable {
            var text: String
            var bytes: String
        }
        var symbols: [Read]
    }

    /// The symbols of `qr decode --json`'s one line; none when it is not that.
    static func qrSymbols(_ output: [UInt8]) -> [PeerSymbol] {
        guard let line = try? JSONDecoder().decode(QRDecodeLine.self, from: Data(output)) else { return [] }
        return line.symbols.map { read in
            PeerSymbol(
                text: read.text, bytes: Data(base64Encoded: read.bytes).map { Array($0) } ?? Array(read.text.utf8))
        }
    }
}
