// QRKit tests — PDF, EPS, PBM, XPM and ASCII renderers: each file opened by its reference
// reader (poppler, ghostscript, netpbm), the pixels it draws decoded back by zbar.
import Foundation
import QRTestSupport
import Testing

@testable import QRKit

private let encoder = QREncoder()

/// The reference readers, each turning a file into a PNG: nil when the tool is missing.
private enum Reference {
    static let pdftoppm = ProgramRunner.tool("pdftoppm")
    static let pdfinfo = ProgramRunner.tool("pdfinfo")
    static let gs = ProgramRunner.tool("gs")
    static let pnmtopng = ProgramRunner.tool("pnmtopng")
    static let xpmtoppm = ProgramRunner.tool("xpmtoppm")

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
            gs, ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pnggray", "-r72", "-dEPSCrop", "-sOutputFile=" + scratch.path("eps.png"), file],
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
}

/// The formats read back through a reference reader.
enum PictureFormat: String, CaseIterable, Sendable {
    case pdf, eps, pbm, xpm

    /// Renders `matrix` and has the reference reader draw it as PNG.
    func referencePNG(_ matrix: QRMatrix, options: RenderOptions, in scratch: ScratchDirectory) throws -> [UInt8] {
        switch self {
        case .pdf: try Reference.pdf(try PDFRenderer(options: options).render(matrix), in: scratch)
        case .eps: try Reference.eps(try EPSRenderer(options: options).render(matrix), in: scratch)
        case .pbm: try Reference.pbm(try PBMRenderer(options: options).render(matrix), in: scratch)
        case .xpm: try Reference.xpm(try XPMRenderer(options: options).render(matrix), in: scratch)
        }
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

@Suite("Render: PDF, EPS, PBM and XPM read back by their reference readers")
struct FormatRenderReadBackTests {
    /// Levels L and H at versions 1 and 40: each file drawn by its reader, every pixel
    /// where it belongs, and zbar reads the payload back byte for byte.
    @Test(arguments: PictureFormat.allCases, [(ErrorCorrectionLevel.l, 1), (.h, 1), (.l, 40), (.h, 40)])
    func readsBack(format: PictureFormat, symbol: (level: ErrorCorrectionLevel, version: Int)) throws {
        let payload: [UInt8] = symbol.version == 1
            ? Array("hé ✓".utf8)
            : (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 131 + 7) }
        let matrix = try encoder.encode(
            bytes: payload, options: EncodeOptions(level: symbol.level, version: symbol.version, strictVersion: true, mode: .eightBit))
        #expect(matrix.version == symbol.version)
        let scale = symbol.version == 1 ? 4 : 3
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let png = try format.referencePNG(matrix, options: RenderOptions(scale: scale), in: scratch)
        let file = try #require(TestDecoding.png(png), "\(format) did not become a PNG")
        #expect(pixelsMatch(file.image, matrix, scale: scale, margin: 4), "\(format): the pixels differ from the matrix")
        #expect(TestDecoding.zbar(file.image) == [payload])
    }

    /// Colours, a narrow margin and a fractional module (PDF, EPS) still read back.
    @Test(arguments: [PictureFormat.pdf, .eps, .xpm])
    func coloursReadBack(format: PictureFormat) throws {
        let payload = Array("https://example.org/colours".utf8)
        let matrix = try encoder.encode(bytes: payload, options: EncodeOptions(level: .q, mode: .eightBit))
        let options = RenderOptions(scale: 5, margin: 2, foreground: try RGBAColor(hex: "1a2b6c"), background: try RGBAColor(hex: "fff8dc"))
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let file = try #require(TestDecoding.png(try format.referencePNG(matrix, options: options, in: scratch)))
        #expect(file.image.width == (matrix.size + 4) * 5)
        #expect(TestDecoding.zbar(file.image) == [payload])
    }

    @Test func swappedPBMReadsBackInverted() throws {
        let matrix = try encoder.encode(text: "inverted")
        let pbm = try PBMRenderer(options: RenderOptions(scale: 2, foreground: .white, background: .black)).render(matrix)
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
        for (scale, dpi, points) in [(2, 300, "13.92 x 13.92 pts"), (4, 72, "116 x 116 pts"), (1, 96, "21.75 x 21.75 pts")] {
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

    @Test(arguments: [(1, 3, "0.3333"), (72, 72, "1"), (58 * 72, 300, "13.92"), (255, 255, "1"), (128, 255, "0.502"), (0, 7, "0"), (5, 200000, "0")])
    func decimals(numerator: Int, denominator: Int, text: String) {
        let digits = denominator == 255 ? 3 : 4
        #expect(Decimal.text(numerator, denominator, digits: digits) == text)
    }

    @Test func outOfRangeResolution() throws {
        let matrix = try encoder.encode(text: "dpi")
        #expect(throws: EncodeError.invalidRenderOption("resolution 0 dpi is out of range: use 1 to 100000")) {
            try PDFRenderer(dpi: 0).render(matrix)
        }
        #expect(throws: EncodeError.self) { try EPSRenderer(dpi: 100_001).render(matrix) }
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
        let message = "PBM has only black and white: the colours must be 000000 and ffffff (either way round), not #000080 on #ffffff"
        #expect(throws: EncodeError.invalidRenderOption(message)) { try PBMRenderer(options: navy).render(matrix) }
        #expect(throws: EncodeError.self) { try ASCIIRenderer(options: navy).render(matrix) }
        #expect(throws: EncodeError.self) { try PBMRenderer(options: RenderOptions(background: try RGBAColor(hex: "ffffff00"))).checkColours() }
        try PBMRenderer(options: RenderOptions(foreground: .white, background: .black)).checkColours()
    }

    @Test func xpmHeaderAndRows() throws {
        let matrix = try encoder.encode(text: "xpm")
        let xpm = try XPMRenderer(options: RenderOptions(scale: 2, margin: 1, background: try RGBAColor(hex: "ffffff00"))).render(matrix)
        let side = (matrix.size + 2) * 2
        let lines = xpm.split(separator: "\n")
        #expect(lines.prefix(5) == ["/* XPM */", "static char *qrcode[] = {", "\"\(side) \(side) 2 1\",", "\". c None\",", "\"# c #000000\","])
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
