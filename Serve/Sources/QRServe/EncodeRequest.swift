// qr-serve — EncodeRequest: /encode's parameters, as `qr encode` names them, turned into the library's options.
import QRKit

/// What /encode was asked for: the payload, the library's ``EncodeOptions`` and the picture.
/// Parameters are named as `qr encode`'s long options (`level`, `size-px`, `foreground`,
/// ...), with its defaults; every value is checked by the library, as `qr encode` checks it.
struct EncodeRequest: Sendable {
    var payload: QRPayload
    var options: EncodeOptions
    var format: OutputFormat
    var picture: OutputOptions

    /// The parameters /encode knows, for the refusal of any other.
    static let names: Set<String> = [
        "text", "format", "level", "version", "strict-version", "micro", "8bit", "kanji", "mode", "encoding",
        "boost", "case-insensitive", "eci", "scale", "size-px", "margin", "foreground", "background", "force", "dpi",
        "invert", "title", "desc",
    ]

    /// The most payload bytes accepted: more than the largest symbol holds (2953 bytes).
    static let textLimit = 4096

    /// Reads and checks `parameters` (a query's or a JSON body's, as text).
    ///
    /// - Throws: ``BadRequest`` naming the parameter and what to change.
    init(_ parameters: [String: String]) throws(BadRequest) {
        if let unknown = parameters.keys.sorted().first(where: { !Self.names.contains($0) }) {
            throw BadRequest(
                "unknown parameter '\(unknown)'; /encode takes \(Self.names.sorted().joined(separator: ", "))")
        }
        let reader = ParameterReader(parameters)
        guard let text = parameters["text"], !text.isEmpty else {
            throw BadRequest("nothing to encode: give the text as 'text'")
        }
        if text.utf8.count > Self.textLimit {
            throw BadRequest("'text' is longer than \(Self.textLimit) bytes, more than a QR code holds (2953 bytes)")
        }
        let formatName = parameters["format"]?.lowercased() ?? "png"
        guard let format = EncodeFormats.named(formatName) else {
            throw BadRequest(
                "unknown format '\(formatName)'; use \(EncodeFormats.served.map(\.name).joined(separator: ", "))")
        }
        self.format = format

        let levelName = parameters["level"]?.uppercased() ?? "M"
        guard let level = ErrorCorrectionLevel(rawValue: levelName) else {
            throw BadRequest("unknown level '\(levelName)'; use L, M, Q or H")
        }
        let eightBit = try reader.flag("8bit")
        let kanji = try reader.flag("kanji")
        let mode = try Self.mode(parameters["mode"], eightBit: eightBit, kanji: kanji)
        options = EncodeOptions(
            level: level, version: try reader.integer("version"), strictVersion: try reader.flag("strict-version"),
            micro: try reader.flag("micro"), mode: mode, caseSensitive: !(try reader.flag("case-insensitive")),
            eci: try reader.flag("eci"), characterSet: parameters["encoding"],
            boostLevel: try reader.flag("boost", default: true))
        // Bytes as they are unless a character set is to be written, as in `qr encode`.
        payload = mode == .eightBit && options.characterSet == nil ? .bytes(Array(text.utf8)) : .text(text)

        var render = RenderOptions(targetSize: try reader.integer("size-px"), margin: try reader.integer("margin"))
        if let scale = try reader.integer("scale") {
            if render.targetSize != nil { throw BadRequest("give 'scale' or 'size-px', not both") }
            render.scale = scale
        }
        if let size = render.targetSize, size < 1 { throw BadRequest("'size-px' must be at least 1") }
        let dpi = try reader.integer("dpi")
        do {
            try options.validate()
            try render.validate()
            if let dpi { try RenderOptions.validate(dpi: dpi) }
            if let foreground = parameters["foreground"] { render.foreground = try RGBAColor(css: foreground) }
            if let background = parameters["background"] { render.background = try RGBAColor(css: background) }
        } catch {
            throw BadRequest("\(error)")
        }
        picture = OutputOptions(
            picture: render, inverted: try reader.flag("invert"), dpi: dpi, title: parameters["title"],
            description: parameters["desc"])
        if dpi != nil && !format.accepts(.dpi) {
            throw BadRequest("'dpi' applies to \(EncodeFormats.names(taking: .dpi)) only")
        }
        if (picture.title != nil || picture.description != nil) && !format.accepts(.titleAndDescription) {
            throw BadRequest("'title' and 'desc' apply to \(EncodeFormats.names(taking: .titleAndDescription)) only")
        }
        do {
            let renderer = format.renderer(options: picture)
            try renderer.checkColours()
            try renderer.checkSettings()
            if !(try reader.flag("force")) { try render.checkContrast() }
        } catch {
            throw BadRequest("\(error)")
        }
    }

    /// `mode`, `8bit` and `kanji` as `qr encode` takes them: one segment of a mode, or
    /// automatic modes with the text as bytes or Shift_JIS.
    private static func mode(_ name: String?, eightBit: Bool, kanji: Bool) throws(BadRequest) -> EncodeMode {
        if eightBit && kanji { throw BadRequest("'8bit' and 'kanji' exclude each other: pick one") }
        guard let name else { return kanji ? .kanji : eightBit ? .eightBit : .automatic }
        if eightBit || kanji { throw BadRequest("'mode' and '\(eightBit ? "8bit" : "kanji")' exclude each other") }
        switch name.lowercased() {
        case "numeric": return .numeric
        case "alnum": return .alphanumeric
        case "byte": return .eightBit
        case "kanji": return .kanjiOnly
        default: throw BadRequest("unknown mode '\(name)'; use numeric, alnum, byte or kanji")
        }
    }

    /// The symbol and its picture.
    func render() throws -> [UInt8] {
        let matrix = try QREncoder().encode(payload, options: options)
        return try format.render(matrix, options: picture)
    }
}
