// QRKit tests — the format table (OutputFormat): every format found by name and file name,
// rendered in one call, its file begun as the format requires, and read back by zbar (the
// formats with a reference reader in FormatRenderTests, through this table).
import Testing

@testable import QRKit

private let payload = Array("table ✓ 42".utf8)

private func symbol() throws -> QRMatrix {
    try QREncoder().encode(bytes: payload, options: EncodeOptions(level: .m, version: 2, mode: .eightBit))
}

/// How each format's file begins. A format added to the table without a line here fails
/// ``OutputFormatTests/beginsAsTheFormatRequires(format:)``.
private let signatures: [String: [UInt8]] = [
    "png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
    "svg": Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ".utf8),
    "pdf": Array("%PDF-1.4\n".utf8),
    "eps": Array("%!PS-Adobe-3.0 EPSF-3.0\n".utf8),
    "pbm": Array("P4\n".utf8),
    "pam": Array("P7\nWIDTH ".utf8),
    "xbm": Array("#define qrcode_width ".utf8),
    "xpm": Array("/* XPM */\n".utf8),
    // The quiet zone: light modules, which plain half blocks draw as full blocks.
    "utf8": Array("███".utf8),
    "ansi": Array("\u{1B}[".utf8),
    "ascii": Array("        ".utf8),
    "ansi256": Array("\u{1B}[48;5;231m  ".utf8),
]

/// Text art read back into a picture, `scale` pixels a module: ASCII's `##` dark; plain
/// half blocks' glyph halves light (the default drawing, for a dark terminal).
enum TextArt {
    static func ascii(_ text: String, scale: Int) -> GrayImage? {
        let rows = text.split(separator: "\n").map { line -> [UInt8]? in
            let characters = Array(line.utf8)
            guard characters.count % 2 == 0 else { return nil }
            return stride(from: 0, to: characters.count, by: 2).map { characters[$0] == UInt8(ascii: "#") ? 0 : 255 }
        }
        let whole = rows.compactMap { $0 }
        return whole.count == rows.count ? picture(whole, scale: scale) : nil
    }

    static func halfBlocks(_ text: String, scale: Int) -> GrayImage? {
        var rows: [[UInt8]] = []
        for line in text.split(separator: "\n") {
            var upper: [UInt8] = []
            var lower: [UInt8] = []
            for character in line {
                let halves: (Bool, Bool)
                switch character {
                case "█": halves = (true, true)
                case "▀": halves = (true, false)
                case "▄": halves = (false, true)
                case " ": halves = (false, false)
                default: return nil
                }
                upper.append(halves.0 ? 255 : 0)
                lower.append(halves.1 ? 255 : 0)
            }
            rows += [upper, lower]
        }
        // An odd number of module rows leaves the last line's lower half empty.
        if let width = rows.first?.count, rows.count == width + 1 { rows.removeLast() }
        return picture(rows, scale: scale)
    }

    /// Square rows of modules (0 dark, 255 light) as a picture; nil unless square.
    static func picture(_ rows: [[UInt8]], scale: Int) -> GrayImage? {
        guard let side = rows.first?.count, side > 0, rows.count == side, rows.allSatisfy({ $0.count == side }) else {
            return nil
        }
        var pixels: [UInt8] = []
        for row in rows {
            let wide = row.flatMap { [UInt8](repeating: $0, count: scale) }
            for _ in 0..<scale { pixels += wide }
        }
        return GrayImage(width: side * scale, height: side * scale, pixels: pixels)
    }
}

@Suite("The format table: name, extension, one-call rendering, read back")
struct OutputFormatTests {
    @Test func namesAndExtensionsAreUnique() {
        let names = OutputFormat.all.map(\.name)
        #expect(Set(names).count == names.count)
        let extensions = OutputFormat.all.flatMap(\.fileExtensions)
        #expect(Set(extensions).count == extensions.count)
        #expect(names.allSatisfy { $0 == $0.lowercased() } && extensions.allSatisfy { $0 == $0.lowercased() })
    }

    @Test(arguments: OutputFormat.all)
    func foundByNameAndByEveryExtension(format: OutputFormat) {
        #expect(OutputFormat(name: format.name) == format)
        #expect(OutputFormat(name: format.name.uppercased()) == format)
        for suffix in format.fileExtensions {
            #expect(OutputFormat(fileName: "code.\(suffix)") == format)
            #expect(OutputFormat(fileName: "some.dir/Code.\(suffix.uppercased())") == format)
        }
    }

    @Test(arguments: ["code", "code.foo", ".png", "dir.png/code", "code.png.", ""])
    func fileNamesOfNoFormat(name: String) {
        #expect(OutputFormat(fileName: name) == nil)
        #expect(OutputFormat(name: name) == nil)
    }

    @Test func whatEachFormatIs() {
        #expect(OutputFormat.all.filter(\.isBinary) == [.png, .pdf, .pbm, .pam])
        #expect(OutputFormat.all.filter { $0.drawing == .text } == [.utf8, .ansi, .ascii, .ansi256])
        #expect(OutputFormat.all.filter { $0.drawing == .vector } == [.svg, .pdf, .eps])
        #expect(OutputFormat.all.filter { $0.accepts(.dpi) } == [.png, .pdf, .eps])
        #expect(OutputFormat.all.filter { $0.accepts(.printSize) } == [.svg, .pdf, .eps])
        #expect(OutputFormat.all.filter { $0.accepts(.titleAndDescription) } == [.svg])
        #expect(OutputFormat.all.filter { $0.accepts(.targetSize) } == OutputFormat.all.filter { $0.drawing != .text })
        #expect(OutputFormat.all.filter { $0.colourSupport == .blackAndWhite } == [.pbm, .xbm, .ascii, .ansi256])
        #expect(OutputFormat.png.mimeType == "image/png" && OutputFormat.svg.mimeType == "image/svg+xml")
        for format in OutputFormat.all {
            #expect(format.mimeType.hasPrefix("text/") == (format.drawing == .text), "\(format): \(format.mimeType)")
        }
    }

    /// Rendered through the table, each file begins as its format requires; a text file is
    /// UTF-8 (ASCII where its media type says so), a binary one is not sent as text.
    @Test(arguments: OutputFormat.all)
    func beginsAsTheFormatRequires(format: OutputFormat) throws {
        let file = try QRKit.render(try symbol(), as: format, options: OutputOptions(picture: RenderOptions(scale: 2)))
        let signature = try #require(signatures[format.name], "no signature for \(format)")
        #expect(file.starts(with: signature), "\(format): \(file.prefix(24))")
        if !format.isBinary {
            #expect(String(validating: file, as: UTF8.self) != nil)
            if format.mimeType.hasSuffix("us-ascii") { #expect(file.allSatisfy { $0 < 0x80 }) }
        }
    }

    /// Every format is read back somewhere: the formats with a reference reader by
    /// `FormatRenderReadBackTests`, which draws them through this table; ANSI colour
    /// module by module in `RenderTerminalTests`; the rest here.
    @Test func everyFormatIsReadBack() {
        let elsewhere = Set(PictureFormat.allCases.map(\.rawValue) + [OutputFormat.ansi.name])
        let here = Set(Self.readHere.map(\.name))
        #expect(elsewhere.isDisjoint(with: here))
        #expect(Set(OutputFormat.all.map(\.name)) == elsewhere.union(here))
    }

    static let readHere: [OutputFormat] = [.png, .ascii, .utf8]

    /// PNG through libpng, ASCII art and plain half blocks through their characters:
    /// zbar reads the payload.
    @Test(arguments: readHere)
    func readsBack(format: OutputFormat) throws {
        let file = try format.render(try symbol(), options: OutputOptions(picture: RenderOptions(scale: 3)))
        let text = String(decoding: file, as: UTF8.self)
        let image: GrayImage?
        switch format {
        case .png: image = TestDecoding.png(file)?.image
        case .ascii: image = TextArt.ascii(text, scale: 3)
        default: image = TextArt.halfBlocks(text, scale: 3)
        }
        let picture = try #require(image, "\(format) did not read back as a picture")
        #expect(TestDecoding.zbar(picture) == [payload], "\(format)")
    }

    /// `inverted` swaps the colours of a picture, and plain half blocks then draw the dark
    /// modules: both still read back, now light on dark.
    @Test func invertedReadsBack() throws {
        let matrix = try symbol()
        let options = OutputOptions(picture: RenderOptions(scale: 3), inverted: true)
        let png = try #require(TestDecoding.png(try QRKit.render(matrix, as: .png, options: options))).image
        #expect(png[0, 0] < 128, "the quiet zone is dark")
        let text = String(decoding: try QRKit.render(matrix, as: .utf8, options: options), as: UTF8.self)
        let halfBlocks = try #require(TextArt.halfBlocks(text, scale: 3))
        #expect(halfBlocks[0, 0] < 128, "the quiet zone has no glyph")
        for image in [png, halfBlocks] {
            let light = GrayImage(width: image.width, height: image.height, pixels: image.pixels.map { 255 - $0 })
            #expect(TestDecoding.zbar(light) == [payload])
        }
    }

    /// The table's renderer refuses what the format cannot draw before any symbol is
    /// made, with the renderer's own message.
    @Test func coloursAreCheckedAsEachFormatCan() throws {
        let navy = OutputOptions(picture: RenderOptions(foreground: try RGBAColor(css: "navy")))
        let translucent = OutputOptions(picture: RenderOptions(foreground: try RGBAColor(hex: "00008080")))
        for format in OutputFormat.all {
            let refusesNavy = [ColourSupport.blackAndWhite, .terminalDefault].contains(format.colourSupport)
            let refusesTranslucent = format.colourSupport != .any
            for (options, refused) in [(navy, refusesNavy), (translucent, refusesTranslucent)] {
                var thrown: EncodeError?
                do { try format.renderer(options: options).checkColours() } catch { thrown = error }
                #expect((thrown != nil) == refused, "\(format): \(thrown.map { "\($0)" } ?? "accepted")")
                if let thrown, case .invalidRenderOption = thrown {
                } else if refused {
                    Issue.record("\(format): \(String(describing: thrown)) is not invalidRenderOption")
                }
            }
        }
        #expect(throws: EncodeError.self) { try QRKit.render(try symbol(), as: .pbm, options: navy) }
    }

    /// The options a format takes reach its renderer: the PNG's pHYs, the PDF's page,
    /// the SVG's title.
    @Test func optionsReachTheRenderer() throws {
        let matrix = try symbol()
        let png = try QRKit.render(matrix, as: .png, options: OutputOptions(dpi: 300))
        let pHYs = try #require(TestDecoding.chunks(png).first { $0.type == "pHYs" })
        #expect(Array(pHYs.data.prefix(4)) == [0, 0, 0x2E, 0x23])  // 300 dpi is 11811 per metre
        let pdf = String(decoding: try QRKit.render(matrix, as: .pdf, options: OutputOptions(dpi: 144)), as: UTF8.self)
        let side = (matrix.size + 8) * 8 / 2
        #expect(pdf.contains("/MediaBox [0 0 \(side) \(side)]"))
        let svg = String(
            decoding: try QRKit.render(matrix, as: .svg, options: OutputOptions(title: "a <code>")), as: UTF8.self)
        #expect(svg.contains("<title id=\"qr-title\">a &lt;code&gt;</title>"))
    }
}
