// QRKit tests — PDF, EPS, PBM, PAM, XBM, XPM, SVG, ASCII and ANSI256 renderers: each file
// opened by its reference reader (poppler, ghostscript, netpbm, xmllint and librsvg; qrencode
// for ANSI256), the pixels it draws decoded back by zbar.
import Foundation
import QRTestSupport
import Testing

@testable import QRCore
@testable import QRKit

private let encoder = QREncoder()

/// The reference readers, each turning a file into a PNG: nil when the tool is missing.
private enum Reference {
    static let pdftoppm = ProgramRunner.tool("pdftoppm")
    static let pdfinfo = ProgramRunner.tool("pdfinfo")
    static let gs = ProgramRunner.tool("gs")
    static let pnmtopng = ProgramRunner.tool("pnmtopng")
    static let xpmtoppm = ProgramRunner.tool("xpmtoppm")
    static let pamtopnm = ProgramRunner.tool("pamtopnm")
    static let xbmtopbm = ProgramRunner.tool("xbmtopbm")
    static let xmllint = ProgramRunner.tool("xmllint")
    static let rsvgConvert = ProgramRunner.tool("rsvg-convert")

    /// Runs a tool and requires it to succeed without complaint.
    static func run(_ tool: String?, _ arguments: [String], name: String) throws -> [UInt8] {
        let tool = try #require(tool, "\(name) is not installed (make test-deps)")
        let result = try ProgramRunner.run(tool, arguments)
        try #require(result.status == 0, "\(name) failed: \(result.stderr)")
        #expect(!result.stderr.lowercased().contains("error"), "\(name) complained: \(result.stderr)")
        return result.stdout
    }

    static func read(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// The PNG poppler draws of page 1 at 72 dpi.
    static func pdf(_ bytes: [UInt8], in scratch: ScratchDirectory) throws -> [UInt8] {
        let file = try scratch.file("code.pdf", bytes)
        _ = try run(pdftoppm, ["-png", "-r", "72", "-singlefile", file, scratch.path("pdf")], name: "pdftoppm")
        return try read(scratch.path("pdf.png"))
    }

    /// The PNG ghostscript draws at 72 dpi, cropped to the bounding box.
    static func eps(_ text: String, in scratch: ScratchDirectory) throws -> [UInt8] {
        let file = try scratch.file("code.eps", Array(text.utf8))
        _ = try run(
            gs,
            [
                "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pnggray", "-r72", "-dEPSCrop",
                "-sOutputFile=" + scratch.path("eps.png"), file,
            ],
            name: "gs")
        return try read(scratch.path("eps.png"))
    }

    /// netpbm's PNG of a PBM file.
    static func pbm(_ bytes: [UInt8], in scratch: ScratchDirectory) throws -> [UInt8] {
        try run(pnmtopng, [try scratch.file("code.pbm", bytes)], name: "pnmtopng")
    }

    /// netpbm's PNG of an XPM file, through PPM.
    static func xpm(_ text: String, in scratch: ScratchDirectory) throws -> [UInt8] {
        let ppm = try run(xpmtoppm, [try scratch.file("code.xpm", Array(text.utf8))], name: "xpmtoppm")
        return try run(pnmtopng, [try scratch.file("code.ppm", ppm)], name: "pnmtopng")
    }

    /// netpbm's PNG of a PAM file, through PNM (pamtopnm drops an alpha channel).
    static func pam(_ bytes: [UInt8], in scratch: ScratchDirectory) throws -> [UInt8] {
        let pnm = try run(pamtopnm, [try scratch.file("code.pam", bytes)], name: "pamtopnm")
        return try run(pnmtopng, [try scratch.file("code.pnm", pnm)], name: "pnmtopng")
    }

    /// netpbm's PNG of an XBM file, through PBM.
    static func xbm(_ text: String, in scratch: ScratchDirectory) throws -> [UInt8] {
        let pbm = try run(xbmtopbm, [try scratch.file("code.xbm", Array(text.utf8))], name: "xbmtopbm")
        return try run(pnmtopng, [try scratch.file("code.xbm.pbm", pbm)], name: "pnmtopng")
    }

    /// librsvg's PNG of an SVG file, once xmllint has found it well-formed.
    static func svg(_ text: String, in scratch: ScratchDirectory) throws -> [UInt8] {
        let file = try scratch.file("code.svg", Array(text.utf8))
        _ = try run(xmllint, ["--noout", file], name: "xmllint")
        return try run(rsvgConvert, ["--format", "png", file], name: "rsvg-convert")
    }

    /// ANSI256 art as a picture, as a 256-colour terminal shows it: each line a row of
    /// modules, each two spaces a module in the background colour set last (16 black,
    /// 231 white), `scale` pixels a module. Nil when the text holds anything else.
    static func ansi256(_ text: String, scale: Int) -> GrayImage? {
        var rows: [[UInt8]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            var rest = Substring(line)
            var colour: UInt8?
            var row: [UInt8] = []
            while !rest.isEmpty {
                if rest.hasPrefix("\u{1B}[48;5;16m") {
                    colour = 0
                    rest = rest.dropFirst(10)
                } else if rest.hasPrefix("\u{1B}[48;5;231m") {
                    colour = 255
                    rest = rest.dropFirst(11)
                } else if rest == "\u{1B}[0m" {
                    rest = ""
                } else if rest.hasPrefix("  "), let colour {
                    row.append(colour)
                    rest = rest.dropFirst(2)
                } else {
                    return nil
                }
            }
            rows.append(row)
        }
        return TextArt.picture(rows, scale: scale)
    }
}

/// The formats read back through a reference reader.
enum PictureFormat: String, CaseIterable, Sendable {
    case pdf, eps, pbm, pam, xbm, xpm, svg, ansi256

    /// Renders `matrix` with the format table's renderer and has the reference reader draw it.
    func referenceImage(_ matrix: QRMatrix, options: RenderOptions, in scratch: ScratchDirectory) throws -> GrayImage {
        let format = try #require(OutputFormat(name: rawValue), "\(self) is not in the format table")
        let file = try format.render(matrix, options: OutputOptions(picture: options))
        return try referenceImage(ofFile: file, scale: options.scale, in: scratch)
    }

    /// Has the reference reader draw a file of this format (ANSI256 art at `scale` pixels a
    /// module).
    func referenceImage(ofFile file: [UInt8], scale: Int, in scratch: ScratchDirectory) throws -> GrayImage {
        let text = String(decoding: file, as: UTF8.self)
        let png: [UInt8]
        switch self {
        case .pdf: png = try Reference.pdf(file, in: scratch)
        case .eps: png = try Reference.eps(text, in: scratch)
        case .pbm: png = try Reference.pbm(file, in: scratch)
        case .pam: png = try Reference.pam(file, in: scratch)
        case .xbm: png = try Reference.xbm(text, in: scratch)
        case .xpm: png = try Reference.xpm(text, in: scratch)
        case .svg: png = try Reference.svg(text, in: scratch)
        case .ansi256:
            return try #require(Reference.ansi256(text, scale: scale), "not ANSI256 art: \(text.prefix(200))")
        }
        return try #require(TestDecoding.png(png), "\(self) did not become a PNG").image
    }
}

/// Whether the picture has the matrix's modules at `scale` px inside `margin` modules
/// of light, every pixel checked (dark below 128).
private func pixelsMatch(_ image: GrayImage, _ matrix: QRMatrix, scale: Int, margin: Int) -> Bool {
    let side = (matrix.size + 2 * margin) * scale
    guard image.width == side, image.height == side else { return false }
    for y in 0..<side {
        for x in 0..<side where matrix.isDark(x: x / scale - margin, y: y / scale - margin) != (image[x, y] < 128) {
            return false
        }
    }
    return true
}

@Suite("Render: every format read back by its reference reader")
struct FormatRenderReadBackTests {
    /// Levels L and H at versions 1 and 40: each file drawn by its reader, every pixel
    /// where it belongs, and zbar reads the payload back byte for byte.
    @Test(arguments: PictureFormat.allCases, [(ErrorCorrectionLevel.l, 1), (.h, 1), (.l, 40), (.h, 40)])
    func readsBack(format: PictureFormat, symbol: (level: ErrorCorrectionLevel, version: Int)) throws {
        let payload: [UInt8] =
            symbol.version == 1
            ? Array("hé ✓".utf8)
            : (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 131 + 7) }
        let matrix = try encoder.encode(
            bytes: payload,
            options: EncodeOptions(level: symbol.level, version: symbol.version, strictVersion: true, mode: .eightBit))
        #expect(matrix.version == symbol.version)
        let scale = symbol.version == 1 ? 4 : 3
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let image = try format.referenceImage(matrix, options: RenderOptions(scale: scale), in: scratch)
        #expect(pixelsMatch(image, matrix, scale: scale, margin: 4), "\(format): the pixels differ from the matrix")
        #expect(TestDecoding.zbar(image) == [payload])
    }

    /// A target size is met exactly, the quiet zone taking the rest, in every picture
    /// format: 200 px for version 1's 29 modules is 6 px a module, 26 px spare, 13
    /// before and 13 after; 201 px puts the odd pixel after.
    @Test(arguments: [PictureFormat.pdf, .eps, .pbm, .pam, .xbm, .xpm, .svg], [200, 201])
    func targetSizeIsExact(format: PictureFormat, size: Int) throws {
        let payload = Array("exact size".utf8)
        let matrix = try encoder.encode(
            bytes: payload, options: EncodeOptions(level: .m, version: 1, strictVersion: true, mode: .eightBit))
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let image = try format.referenceImage(matrix, options: RenderOptions(targetSize: size), in: scratch)
        #expect(image.width == size && image.height == size, "\(format): \(image.width)×\(image.height)")
        let before = (size - 29 * 6) / 2
        for y in 0..<size {
            for x in 0..<size {
                let dx = x - before - 4 * 6
                let dy = y - before - 4 * 6
                let dark = dx >= 0 && dy >= 0 && matrix.isDark(x: dx / 6, y: dy / 6)
                guard dark == (image[x, y] < 128) else {
                    Issue.record("\(format) at \(size) px: pixel \(x), \(y) is not where the matrix puts it")
                    return
                }
            }
        }
        #expect(TestDecoding.zbar(image) == [payload])
    }

    /// Colours, a narrow margin and a fractional module (PDF, EPS) still read back.
    @Test(arguments: [PictureFormat.pdf, .eps, .xpm, .pam, .svg])
    func coloursReadBack(format: PictureFormat) throws {
        let payload = Array("https://example.org/colours".utf8)
        let matrix = try encoder.encode(bytes: payload, options: EncodeOptions(level: .q, mode: .eightBit))
        let options = RenderOptions(
            scale: 5, margin: 2, foreground: try RGBAColor(hex: "1a2b6c"), background: try RGBAColor(hex: "fff8dc"))
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let image = try format.referenceImage(matrix, options: options, in: scratch)
        #expect(image.width == (matrix.size + 4) * 5)
        #expect(TestDecoding.zbar(image) == [payload])
    }

    @Test func swappedPBMReadsBackInverted() throws {
        let matrix = try encoder.encode(text: "inverted")
        let pbm = try PBMRenderer(options: RenderOptions(scale: 2, foreground: .white, background: .black)).render(
            matrix)
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let file = try #require(TestDecoding.png(try Reference.pbm(pbm, in: scratch)))
        // Light modules are black now: the first pixel (margin) is black.
        #expect(file.image[0, 0] == 0)
        #expect(file.image[4 * 2, 4 * 2] == 255)
    }
}

@Suite("Render: PDF and EPS files")
struct VectorRenderTests {
    @Test func pdfPageSizeFollowsScaleAndDPI() throws {
        let matrix = try encoder.encode(text: "hello", options: EncodeOptions(level: .m))
        #expect(matrix.size == 21)
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        // 29 modules × 2 px at 300 dpi = 58 × 72 / 300 = 13.92 pt; at 72 dpi, 4 pt a module.
        for (scale, dpi, points) in [
            (2, 300, "13.92 x 13.92 pts"), (4, 72, "116 x 116 pts"), (1, 96, "21.75 x 21.75 pts"),
        ] {
            let pdf = try PDFRenderer(options: RenderOptions(scale: scale), dpi: dpi).render(matrix)
            let file = try scratch.file("page.pdf", pdf)
            let info = String(decoding: try Reference.run(Reference.pdfinfo, [file], name: "pdfinfo"), as: UTF8.self)
            #expect(info.contains("Page size:       \(points)"), "\(info)")
            #expect(info.contains("Pages:           1"))
        }
    }

    @Test func pdfIsOnePathOfMergedRectangles() throws {
        let matrix = try encoder.encode(text: "https://example.org", options: EncodeOptions(level: .h))
        let pdf = String(decoding: try PDFRenderer().render(matrix), as: UTF8.self)
        let rectangles = matrix.darkRectangles(margin: 4)
        let darkCount = matrix.modules.filter { $0 }.count
        // Merging keeps the path well under one rectangle per dark module.
        #expect(rectangles.count * 2 < darkCount)
        // One background fill, one fill for all dark modules.
        let lines = pdf.split(separator: "\n")
        #expect(lines.filter { $0 == "f" || $0.hasSuffix(" f") }.count == 2)
        #expect(pdf.components(separatedBy: " re").count == rectangles.count + 2)
    }

    @Test func transparentBackgroundIsNotPainted() throws {
        let matrix = try encoder.encode(text: "clear")
        let options = RenderOptions(background: try RGBAColor(hex: "ffffff00"))
        let pdf = String(decoding: try PDFRenderer(options: options).render(matrix), as: UTF8.self)
        #expect(!pdf.contains("0 0 29 29 re"))
        let eps = try EPSRenderer(options: options).render(matrix)
        #expect(!eps.contains("0 0 29 29 r "))
        #expect(eps.hasPrefix("%!PS-Adobe-3.0 EPSF-3.0\n"))
        #expect(eps.contains("%%BoundingBox: 0 0 232 232\n"))
    }

    @Test func translucentPDFUsesConstantAlpha() throws {
        let matrix = try encoder.encode(text: "alpha")
        let options = RenderOptions(foreground: try RGBAColor(hex: "00000080"))
        let pdf = String(decoding: try PDFRenderer(options: options).render(matrix), as: UTF8.self)
        #expect(pdf.contains("/ExtGState << /A0 << /ca 0.502 >> >>"))
        #expect(pdf.contains("/A0 gs\n"))
    }

    @Test func rectanglesCoverExactlyTheDarkModules() throws {
        for text in ["1", "hello", String(repeating: "QRKit ", count: 100)] {
            let matrix = try encoder.encode(text: text)
            var painted = [Int](repeating: 0, count: matrix.size * matrix.size)
            for r in matrix.darkRectangles(margin: 0) {
                for y in r.y..<(r.y + r.height) {
                    for x in r.x..<(r.x + r.width) { painted[y * matrix.size + x] += 1 }
                }
            }
            #expect(painted == matrix.modules.map { $0 ? 1 : 0 })
        }
    }

    @Test(arguments: [
        (1, 3, "0.3333"), (72, 72, "1"), (58 * 72, 300, "13.92"), (255, 255, "1"), (128, 255, "0.502"), (0, 7, "0"),
        (5, 200000, "0"),
    ])
    func decimals(numerator: Int, denominator: Int, text: String) {
        let digits = denominator == 255 ? 3 : 4
        #expect(Decimal.text(numerator, denominator, digits: digits) == text)
    }

    @Test func outOfRangeResolution() throws {
        let matrix = try encoder.encode(text: "dpi")
        #expect(throws: EncodeError.resolutionOutOfRange(0)) { try PDFRenderer(dpi: 0).render(matrix) }
        #expect(throws: EncodeError.resolutionOutOfRange(100_001)) { try EPSRenderer(dpi: 100_001).render(matrix) }
    }

    @Test func epsAndXPMRefuseTranslucentColours() throws {
        let matrix = try encoder.encode(text: "alpha")
        let options = RenderOptions(background: try RGBAColor(hex: "ffffff80"))
        #expect(throws: EncodeError.self) { try EPSRenderer(options: options).render(matrix) }
        #expect(throws: EncodeError.self) { try XPMRenderer(options: options).render(matrix) }
        #expect(throws: EncodeError.self) { try EPSRenderer(options: options).checkColours() }
    }
}

@Suite("Render: PBM, XPM and ASCII layout")
struct RasterTextRenderTests {
    @Test(arguments: [(1, 4), (2, 0), (3, 1), (5, 2)])
    func pbmBitsMatchTheMatrix(scale: Int, margin: Int) throws {
        let matrix = try encoder.encode(text: "pbm bits")
        let pbm = try PBMRenderer(options: RenderOptions(scale: scale, margin: margin)).render(matrix)
        let side = (matrix.size + 2 * margin) * scale
        let header = Array("P4\n\(side) \(side)\n".utf8)
        #expect(Array(pbm.prefix(header.count)) == header)
        let rowBytes = (side + 7) / 8
        #expect(pbm.count == header.count + rowBytes * side)
        for y in 0..<side {
            for x in 0..<side {
                let bit = pbm[header.count + y * rowBytes + x / 8] >> (7 - x % 8) & 1
                #expect((bit == 1) == matrix.isDark(x: x / scale - margin, y: y / scale - margin))
            }
        }
    }

    @Test func blackAndWhiteFormatsRefuseColours() throws {
        let matrix = try encoder.encode(text: "colour")
        let navy = RenderOptions(foreground: try RGBAColor(hex: "000080"))
        let message =
            "PBM has only black and white: the colours must be 000000 and ffffff (either way round), not #000080 on #ffffff"
        #expect(throws: EncodeError.invalidRenderOption(message)) { try PBMRenderer(options: navy).render(matrix) }
        #expect(throws: EncodeError.self) { try ASCIIRenderer(options: navy).render(matrix) }
        #expect(throws: EncodeError.self) {
            try PBMRenderer(options: RenderOptions(background: try RGBAColor(hex: "ffffff00"))).checkColours()
        }
        try PBMRenderer(options: RenderOptions(foreground: .white, background: .black)).checkColours()
    }

    @Test func xpmHeaderAndRows() throws {
        let matrix = try encoder.encode(text: "xpm")
        let xpm = try XPMRenderer(
            options: RenderOptions(scale: 2, margin: 1, background: try RGBAColor(hex: "ffffff00"))
        ).render(matrix)
        let side = (matrix.size + 2) * 2
        let lines = xpm.split(separator: "\n")
        #expect(
            lines.prefix(5) == [
                "/* XPM */", "static char *qrcode[] = {", "\"\(side) \(side) 2 1\",", "\". c None\",",
                "\"# c #000000\",",
            ])
        #expect(lines.count == 5 + side + 1)
        #expect(lines.last == "};")
        #expect(lines[5] == "\"" + String(repeating: ".", count: side) + "\",")
    }

    @Test(arguments: [nil, 0, 2])
    func asciiLayout(margin: Int?) throws {
        let matrix = try encoder.encode(text: "ascii art")
        let text = try ASCIIRenderer(options: RenderOptions(scale: 7, margin: margin)).render(matrix)
        let quiet = margin ?? 4
        let side = matrix.size + 2 * quiet
        #expect(text.utf8.allSatisfy { $0 == 0x23 || $0 == 0x20 || $0 == 0x0A })
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(text.hasSuffix("\n"))
        #expect(lines.count == side)
        for (y, line) in lines.enumerated() {
            let cells = Array(line.utf8)
            try #require(cells.count == 2 * side)
            for x in 0..<side {
                #expect(cells[2 * x] == cells[2 * x + 1])
                #expect((cells[2 * x] == 0x23) == matrix.isDark(x: x - quiet, y: y - quiet))
            }
        }
    }

    @Test func asciiSwappedColoursDrawTheLightModules() throws {
        let matrix = try encoder.encode(text: "ascii")
        let plain = try ASCIIRenderer().render(matrix)
        let swapped = try ASCIIRenderer(options: RenderOptions(foreground: .white, background: .black)).render(matrix)
        #expect(Array(swapped.utf8) == plain.utf8.map { $0 == 0x23 ? 0x20 : $0 == 0x20 ? 0x23 : $0 })
    }
}

@Suite("Render: PAM, XBM, ANSI256 and SVG details")
struct NewFormatDetailTests {
    @Test func pamHeaderAndPixels() throws {
        let matrix = try encoder.encode(text: "pam")
        let navy = RenderOptions(
            scale: 2, margin: 1, foreground: try RGBAColor(css: "navy"), background: try RGBAColor(css: "ivory"))
        let pam = try PAMRenderer(options: navy).render(matrix)
        let side = (matrix.size + 2) * 2
        let header = Array("P7\nWIDTH \(side)\nHEIGHT \(side)\nDEPTH 3\nMAXVAL 255\nTUPLTYPE RGB\nENDHDR\n".utf8)
        #expect(Array(pam.prefix(header.count)) == header)
        #expect(pam.count == header.count + side * side * 3)
        let firstModule = header.count + (2 * side + 2) * 3  // pixel (2, 2): the finder's corner
        #expect(Array(pam[firstModule..<(firstModule + 3)]) == [0, 0, 0x80])
        #expect(Array(pam[header.count..<(header.count + 3)]) == [0xFF, 0xFF, 0xF0])
        let clear = try PAMRenderer(options: RenderOptions(scale: 1, background: try RGBAColor(css: "transparent")))
            .render(matrix)
        #expect(String(decoding: clear.prefix(80), as: UTF8.self).contains("DEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\n"))
    }

    @Test func xbmBitsMatchTheMatrix() throws {
        let matrix = try encoder.encode(text: "xbm bits")
        let text = try XBMRenderer(options: RenderOptions(scale: 1, margin: 3)).render(matrix)
        let side = matrix.size + 6
        let lines = text.split(separator: "\n")
        #expect(
            lines.prefix(3) == [
                "#define qrcode_width \(side)", "#define qrcode_height \(side)",
                "static unsigned char qrcode_bits[] = {",
            ])
        #expect(text.hasSuffix(" };\n"))
        let bytes = text.split(whereSeparator: { " ,\n{};".contains($0) }).filter { $0.hasPrefix("0x") }.compactMap {
            UInt8($0.dropFirst(2), radix: 16)
        }
        let rowBytes = (side + 7) / 8
        try #require(bytes.count == rowBytes * side)
        for y in 0..<side {
            for x in 0..<side {
                let set = bytes[y * rowBytes + x / 8] >> (x % 8) & 1 == 1
                #expect(set == matrix.isDark(x: x - 3, y: y - 3))
            }
        }
        #expect(throws: EncodeError.self) {
            try XBMRenderer(options: RenderOptions(foreground: try RGBAColor(css: "red"))).checkColours()
        }
    }

    /// Byte for byte what `qrencode -t ANSI256` prints (where qrencode is installed: a
    /// bench tool), for several margins.
    @Test(
        .enabled(if: ProgramRunner.tool("qrencode") != nil),
        arguments: [("hello", 4), ("https://example.org/ansi256", 2), ("12345", 0)])
    func ansi256MatchesQrencode(text: String, margin: Int) throws {
        let qrencode = try #require(ProgramRunner.tool("qrencode"))
        let theirs = try ProgramRunner.run(qrencode, ["-t", "ANSI256", "-l", "M", "-m", "\(margin)", text])
        let matrix = try encoder.encode(text: text, options: EncodeOptions(level: .m))
        let ours = try ANSI256Renderer(options: RenderOptions(margin: margin)).render(matrix)
        #expect(Array(ours.utf8) == theirs.stdout)
    }

    @Test func ansi256SwappedColoursReadBack() throws {
        let matrix = try encoder.encode(text: "inverted ansi")
        let text = try ANSI256Renderer(options: RenderOptions(foreground: .white, background: .black)).render(matrix)
        #expect(text.hasPrefix("\u{1B}[48;5;16m  "))
        let image = try #require(Reference.ansi256(text, scale: 3))
        #expect(image[0, 0] == 0)
        #expect(TestDecoding.zbar(image.inverted()) == [Array("inverted ansi".utf8)])
    }

    @Test func svgTitleAndDescriptionAreEscapedAndLabelTheImage() throws {
        let matrix = try encoder.encode(text: "svg")
        let svg = try SVGRenderer(title: "Tom & \"Jerry\" <3", description: "it's a link").render(matrix)
        #expect(
            svg.contains(
                " role=\"img\" aria-labelledby=\"qr-title qr-desc\">\n<title id=\"qr-title\">Tom &amp; &quot;Jerry&quot; &lt;3</title>\n<desc id=\"qr-desc\">it&apos;s a link</desc>\n"
            ))
        let titleOnly = try SVGRenderer(title: "only").render(matrix)
        #expect(titleOnly.contains("aria-labelledby=\"qr-title\">") && !titleOnly.contains("<desc"))
        #expect(!(try SVGRenderer().render(matrix)).contains("role="))
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        _ = try Reference.run(
            Reference.xmllint, ["--noout", try scratch.file("t.svg", Array(svg.utf8))], name: "xmllint")
        #expect(throws: EncodeError.invalidRenderOption("the title holds U+0007 (character 2), which XML cannot carry"))
        {
            try SVGRenderer(title: "a\u{7}").render(matrix)
        }
    }
}
