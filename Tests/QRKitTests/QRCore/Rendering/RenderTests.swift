// QRKit tests — renderers: pixels, PNG files, SVG paths and terminal text match the matrix.
import Testing

@testable import QRCore
@testable import QRKit

private let encoder = QREncoder()

/// Whether the picture has the matrix's modules at `scale` px inside `margin` modules
/// of light, every pixel checked.
private func pixelsMatch(
    _ image: GrayImage, _ matrix: QRMatrix, scale: Int, margin: Int, dark: UInt8 = 0, light: UInt8 = 255
) -> Bool {
    let side = (matrix.size + 2 * margin) * scale
    guard image.width == side, image.height == side else { return false }
    for y in 0..<side {
        for x in 0..<side {
            let module = matrix.isDark(x: x / scale - margin, y: y / scale - margin)
            if image[x, y] != (module ? dark : light) { return false }
        }
    }
    return true
}

@Suite("Render: gray images and PNG files")
struct RenderPictureTests {
    @Test(arguments: [(1, 0), (1, 4), (3, 4), (4, 1), (7, 10)])
    func grayImageMatchesMatrix(scale: Int, margin: Int) throws {
        let matrix = try encoder.encode(text: "render me")
        let image = try GrayImageRenderer(options: RenderOptions(scale: scale, margin: margin)).render(matrix)
        #expect(pixelsMatch(image, matrix, scale: scale, margin: margin))
    }

    @Test func defaultMarginIsTheQuietZone() throws {
        let standard = try encoder.encode(text: "quiet")
        let image = try GrayImageRenderer(options: RenderOptions(scale: 1)).render(standard)
        #expect(image.width == standard.size + 8)
        let micro = try encoder.encode(text: "1", options: EncodeOptions(level: .l, micro: true))
        let microImage = try GrayImageRenderer(options: RenderOptions(scale: 1)).render(micro)
        #expect(microImage.width == micro.size + 4)
        #expect(pixelsMatch(microImage, micro, scale: 1, margin: 2))
    }

    @Test(arguments: [(1, 4), (2, 0), (5, 4), (8, 2)])
    func palettePNGIsOneBitAndMatches(scale: Int, margin: Int) throws {
        let matrix = try encoder.encode(text: "https://example.org/png", options: EncodeOptions(level: .q))
        let png = try PNGRenderer(options: RenderOptions(scale: scale, margin: margin)).render(matrix)
        let file = try #require(TestDecoding.png(png))
        #expect(file.bitDepth == 1)
        #expect(file.colorType == 3)
        #expect(!file.chunks.contains("pHYs"))
        #expect(pixelsMatch(file.image, matrix, scale: scale, margin: margin))
        #expect(TestDecoding.chunks(png).allSatisfy { $0.crcIsValid })
    }

    @Test func gray8PNG() throws {
        let matrix = try encoder.encode(text: "gray")
        let png = try PNGRenderer(options: RenderOptions(scale: 3), pixelFormat: .gray8).render(matrix)
        let file = try #require(TestDecoding.png(png))
        #expect(file.bitDepth == 8)
        #expect(file.colorType == 0)
        #expect(pixelsMatch(file.image, matrix, scale: 3, margin: 4))
        #expect(throws: EncodeError.self) {
            try PNGRenderer(
                options: RenderOptions(background: RGBAColor(red: 255, green: 255, blue: 255, alpha: 0)),
                pixelFormat: .gray8
            )
            .render(matrix)
        }
    }

    @Test(arguments: [72, 96, 300, 600, 1])
    func dpiWritesOnePHYsBeforeTheData(dpi: Int) throws {
        let matrix = try encoder.encode(text: "dpi")
        let png = try PNGRenderer(options: RenderOptions(scale: 2), dpi: dpi).render(matrix)
        let chunks = TestDecoding.chunks(png)
        let types = chunks.map(\.type)
        #expect(types.first == "IHDR")
        #expect(types.filter { $0 == "pHYs" }.count == 1)
        #expect(types.firstIndex(of: "pHYs")! < types.firstIndex(of: "IDAT")!)
        let phys = try #require(chunks.first { $0.type == "pHYs" })
        #expect(phys.crcIsValid)
        let perMetre = phys.data[0..<4].reduce(0) { $0 << 8 | Int($1) }
        #expect(perMetre == Int((Double(dpi) / 0.0254).rounded()))
        #expect(Array(phys.data[4..<8]) == Array(phys.data[0..<4]))
        #expect(phys.data[8] == 1)
        // libpng still reads it, and the pixels are unchanged.
        let file = try #require(TestDecoding.png(png))
        #expect(pixelsMatch(file.image, matrix, scale: 2, margin: 4))
    }

    @Test func dpiOutOfRange() throws {
        let matrix = try encoder.encode(text: "dpi")
        #expect(throws: EncodeError.resolutionOutOfRange(0)) { try PNGRenderer(dpi: 0).render(matrix) }
        #expect(throws: EncodeError.resolutionOutOfRange(100_001)) { try PNGRenderer(dpi: 100_001).render(matrix) }
        #expect(throws: EncodeError.resolutionOutOfRange(0)) {
            try PNGRenderer(dpi: 0, pixelFormat: .gray8).render(matrix)
        }
        #expect(throws: EncodeError.resolutionOutOfRange(-1)) { try RenderOptions.validate(dpi: -1) }
        #expect(throws: Never.self) { try RenderOptions.validate(dpi: RenderOptions.resolutions.upperBound) }
    }

    @Test func coloursGoIntoThePalette() throws {
        let matrix = try encoder.encode(text: "colour")
        let navy = try RGBAColor(hex: "000080")
        let cream = try RGBAColor(hex: "#FFFDD0")
        let png = try PNGRenderer(options: RenderOptions(scale: 4, foreground: navy, background: cream)).render(matrix)
        let chunks = TestDecoding.chunks(png)
        #expect(png[24] == 1 && png[25] == 3)
        #expect(chunks.first { $0.type == "PLTE" }?.data == [0xFF, 0xFD, 0xD0, 0x00, 0x00, 0x80])
        #expect(!chunks.contains { $0.type == "tRNS" })
        // Dark navy on cream still reads.
        let file = try #require(TestDecoding.png(png))
        #expect(TestDecoding.zbar(file.image) == [Array("colour".utf8)])
    }

    @Test func transparentBackgroundGivesTRNS() throws {
        let matrix = try encoder.encode(text: "alpha")
        let clear = try RGBAColor(hex: "ffffff00")
        let png = try PNGRenderer(options: RenderOptions(scale: 2, background: clear)).render(matrix)
        let chunks = TestDecoding.chunks(png)
        #expect(png[24] == 1 && png[25] == 3)
        #expect(chunks.first { $0.type == "tRNS" }?.data.first == 0x00)
        #expect(chunks.allSatisfy { $0.crcIsValid })
    }

    /// The largest whole scale that fits, the quiet zone taking the rest: half before
    /// the symbol, the other half (one pixel more when odd) after it.
    @Test(arguments: [("hello", 100), ("https://example.org/size", 333), ("1", 29)])
    func targetSizeIsMetExactly(text: String, size: Int) throws {
        let matrix = try encoder.encode(text: text)
        let modules = matrix.size + 8
        let scale = size / modules
        let image = try GrayImageRenderer(options: RenderOptions(targetSize: size)).render(matrix)
        #expect(image.width == size && image.height == size)
        let before = (size - modules * scale) / 2 + 4 * scale
        // The finder pattern's top-left corner sits `before` pixels in, in both directions.
        #expect(image[before, before] == 0 && image[before - 1, before] == 255 && image[before, before - 1] == 255)
        let after = size - before - matrix.size * scale
        #expect(after - before == (size - modules * scale) % 2)
        #expect(image[size - after - 1, before] == 0 && image[size - after, before] == 255)
        let png = try PNGRenderer(options: RenderOptions(targetSize: size)).render(matrix)
        #expect(try #require(TestDecoding.png(png)).image.pixels == image.pixels)
        // One pixel a module is too fine for zbar; the others must read.
        if scale > 1 { #expect(TestDecoding.zbar(image) == [Array(text.utf8)]) }
    }

    @Test func targetSizeTooSmall() throws {
        let matrix = try encoder.encode(text: "hello")
        #expect(throws: EncodeError.targetSizeTooSmall(size: 28, modules: 29, margin: 4)) {
            try PNGRenderer(options: RenderOptions(targetSize: 28)).render(matrix)
        }
    }

    @Test func renderOptionsOutOfRange() throws {
        let matrix = try encoder.encode(text: "limits")
        let refused: [(RenderOptions, EncodeError)] = [
            (RenderOptions(scale: 0), .scaleOutOfRange(0)), (RenderOptions(scale: -2), .scaleOutOfRange(-2)),
            (RenderOptions(scale: 1001), .scaleOutOfRange(1001)), (RenderOptions(margin: -1), .marginOutOfRange(-1)),
            (RenderOptions(margin: 257), .marginOutOfRange(257)),
        ]
        for (options, error) in refused {
            #expect(throws: error) { try options.validate() }
            #expect(throws: error) { try PNGRenderer(options: options).render(matrix) }
            #expect(throws: error) { try SVGRenderer(options: options).render(matrix) }
        }
        // A target size replaces the scale, whatever it is.
        #expect(throws: Never.self) { try RenderOptions(scale: 0, targetSize: 100).validate() }
        #expect(throws: EncodeError.marginOutOfRange(-1)) { try TerminalRenderer(margin: -1).render(matrix) }
        let big = try encoder.encode(text: "big", options: EncodeOptions(version: 40))
        #expect(throws: EncodeError.imageTooLarge(width: 185 * 50, height: 185 * 50, limit: RenderOptions.pixelLimit)) {
            try PNGRenderer(options: RenderOptions(scale: 50)).render(big)
        }
    }

    @Test(arguments: [
        [UInt8]("héllo wörld ✓".utf8),
        [0x00, 0xFF, 0x00, 0x01, 0x80, 0x00],
        [UInt8]("WIFI:S:home;T:WPA;P:secret;;".utf8),
    ])
    func pngReadsBackThroughZbar(bytes: [UInt8]) throws {
        for level in ErrorCorrectionLevel.allCases {
            let matrix = try encoder.encode(bytes: bytes, options: EncodeOptions(level: level, mode: .eightBit))
            let png = try PNGRenderer(options: RenderOptions(scale: 3)).render(matrix)
            let file = try #require(TestDecoding.png(png))
            #expect(TestDecoding.zbar(file.image) == [bytes])
        }
    }

    @Test func version40PNGReadsBack() throws {
        let bytes = (0..<2331).map { UInt8(truncatingIfNeeded: $0 * 131) }
        let matrix = try encoder.encode(bytes: bytes, options: EncodeOptions(level: .m, mode: .eightBit))
        #expect(matrix.version == 40)
        let file = try #require(TestDecoding.png(try PNGRenderer(options: RenderOptions(scale: 3)).render(matrix)))
        #expect(TestDecoding.zbar(file.image) == [bytes])
    }

    @Test func microPNGReadsBackThroughZXing() throws {
        for (version, text) in [(1, "12345"), (2, "AB12"), (3, "micro"), (4, "micro qr, m4")] {
            let matrix = try encoder.encode(
                text: text, options: EncodeOptions(level: .l, version: version, strictVersion: true, micro: true))
            let file = try #require(TestDecoding.png(try PNGRenderer(options: RenderOptions(scale: 4)).render(matrix)))
            #expect(file.image.width == (matrix.size + 4) * 4)
            let read = TestDecoding.zxing(file.image)
            #expect(read.map(\.bytes) == [Array(text.utf8)])
            #expect(read.first?.isMicro == true)
        }
    }

    @Test func pngWriterChecksItsInput() {
        #expect(throws: EncodeError.self) {
            try PNGWriter.encode(indices: [0, 1, 2], width: 2, height: 2, palette: [.white, .black])
        }
        #expect(throws: EncodeError.self) {
            try PNGWriter.encode(indices: [0, 2, 0, 0], width: 2, height: 2, palette: [.white, .black])
        }
        #expect(throws: EncodeError.self) { try PNGWriter.encode(indices: [0], width: 1, height: 1, palette: []) }
        #expect(throws: EncodeError.self) { try PNGWriter.encode(indices: [], width: 0, height: 0, palette: [.white]) }
    }

    @Test func pngWriterGrayRoundTrip() throws {
        let image = GrayImage(width: 3, height: 2, pixels: [0, 17, 255, 128, 64, 200])
        let file = try #require(TestDecoding.png(try PNGWriter.encode(image, dpi: 300)))
        #expect(file.image == image)
        #expect(file.chunks.filter { $0 == "pHYs" }.count == 1)
        #expect(file.chunks.firstIndex(of: "pHYs")! < file.chunks.firstIndex(of: "IDAT")!)
    }

    /// Palettes of 3, 9 and 200 grays: the indices are packed at 2, 4 and 8 bits, rows
    /// of 7 pixels end mid-byte, and every pixel reads back as its entry's gray.
    @Test(arguments: [(3, 2), (9, 4), (200, 8)])
    func pngWriterPacksIndicesToThePaletteDepth(colours: Int, depth: Int) throws {
        let palette = (0..<colours).map { index in
            let level = UInt8(index * 255 / (colours - 1))
            return RGBAColor(red: level, green: level, blue: level)
        }
        let indices = (0..<(7 * 5)).map { UInt8(($0 * 37 + 11) % colours) }
        let png = try PNGWriter.encode(indices: indices, width: 7, height: 5, palette: palette)
        let file = try #require(TestDecoding.png(png))
        #expect(file.bitDepth == depth)
        #expect(file.colorType == 3)
        let expected = indices.map { palette[Int($0)].red }
        let off = zip(file.image.pixels, expected).filter { pair in abs(Int(pair.0) - Int(pair.1)) > 1 }
        #expect(off.isEmpty, "\(off.count) pixels differ by more than one level")
    }
}

@Suite("Render: colours")
struct RenderColourTests {
    @Test func hexForms() throws {
        #expect(try RGBAColor(hex: "000000") == .black)
        #expect(try RGBAColor(hex: "#FFFFFF") == .white)
        #expect(try RGBAColor(hex: "0a0B0c80") == RGBAColor(red: 10, green: 11, blue: 12, alpha: 128))
        #expect(try RGBAColor(hex: "0a0b0c80").description == "#0a0b0c80")
        #expect(RGBAColor.white.description == "#ffffff")
        // CSS's short forms: each digit doubled.
        #expect(try RGBAColor(hex: "#f00") == RGBAColor(red: 255, green: 0, blue: 0))
        #expect(try RGBAColor(hex: "0A38") == RGBAColor(red: 0, green: 170, blue: 51, alpha: 136))
        #expect(try RGBAColor(css: "#fff") == .white)
    }

    @Test(arguments: ["", "#", "ff", "#ffg", "12345", "1234567", "gggggg", "#12345g", "123456789", "ｆｆｆｆｆｆ"])
    func invalidHex(text: String) {
        #expect(throws: EncodeError.invalidColor(text)) { try RGBAColor(hex: text) }
    }

    @Test func grayLevels() {
        #expect(RGBAColor.black.grayLevel == 0)
        #expect(RGBAColor.white.grayLevel == 255)
        #expect(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0).grayLevel == 255)
        #expect(RGBAColor(red: 0, green: 0, blue: 128).grayLevel == 15)
    }
}

@Suite("Render: SVG")
struct RenderSVGTests {
    /// The modules an SVG path paints, on a grid of `side` modules.
    private func paintedModules(_ svg: String, side: Int) throws -> [Bool] {
        var grid = [Bool](repeating: false, count: side * side)
        let start = try #require(svg.firstRange(of: " d=\""))
        let path = svg[start.upperBound...].prefix { $0 != "\"" }
        for command in path.split(separator: "z") {
            // M{x},{y}h{n}v1h-{n}
            let parts = command.dropFirst().split(whereSeparator: { ",hv".contains($0) })
            #expect(parts.count == 5)
            let x = try #require(Int(parts[0]))
            let y = try #require(Int(parts[1]))
            let run = try #require(Int(parts[2]))
            #expect(parts[3] == "1" && parts[4] == "-\(run)")
            for column in x..<(x + run) { grid[y * side + column] = true }
        }
        return grid
    }

    @Test(arguments: [0, 2, 4])
    func pathPaintsExactlyTheDarkModules(margin: Int) throws {
        let matrix = try encoder.encode(text: "svg path test")
        let svg = try SVGRenderer(options: RenderOptions(scale: 5, margin: margin)).render(matrix)
        let side = matrix.size + 2 * margin
        let grid = try paintedModules(svg, side: side)
        for y in 0..<side {
            for x in 0..<side where grid[y * side + x] != matrix.isDark(x: x - margin, y: y - margin) {
                Issue.record("module \(x),\(y) differs")
            }
        }
        #expect(svg.contains("viewBox=\"0 0 \(side) \(side)\""))
        #expect(svg.contains("width=\"\(side * 5)\" height=\"\(side * 5)\""))
        #expect(svg.contains("shape-rendering=\"crispEdges\""))
        #expect(svg.ranges(of: "<path").count == 1)
        #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
    }

    @Test func coloursAndBackground() throws {
        let matrix = try encoder.encode(text: "svg colours")
        let options = RenderOptions(
            foreground: try RGBAColor(hex: "112233"), background: try RGBAColor(hex: "ffeeddcc"))
        let svg = try SVGRenderer(options: options).render(matrix)
        #expect(svg.contains("<rect width=\"29\" height=\"29\" fill=\"#ffeedd\" fill-opacity=\"0.8\"/>"))
        #expect(svg.contains("<path fill=\"#112233\" d=\"M4,4h7v1h-7z"))

        let transparent = try SVGRenderer(options: RenderOptions(background: try RGBAColor(hex: "ffffff00"))).render(
            matrix)
        #expect(!transparent.contains("<rect"))
    }

    @Test func microUsesItsMargin() throws {
        let matrix = try encoder.encode(text: "1", options: EncodeOptions(level: .l, micro: true))
        let svg = try SVGRenderer(options: RenderOptions(scale: 1)).render(matrix)
        #expect(svg.contains("viewBox=\"0 0 15 15\""))
        #expect(try paintedModules(svg, side: 15)[2 * 15 + 2])
    }
}

@Suite("Render: terminal")
struct RenderTerminalTests {
    /// Reads half-block text back into "glyph here" flags, two rows a line.
    private func glyphRows(_ text: String) -> [[Bool]] {
        var rows: [[Bool]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            var upper: [Bool] = []
            var lower: [Bool] = []
            for character in line {
                upper.append(character == "█" || character == "▀")
                lower.append(character == "█" || character == "▄")
            }
            rows += [upper, lower]
        }
        return rows
    }

    /// Reads ANSI text back into dark flags from its colour codes.
    private func ansiRows(_ text: String) -> [[Bool]] {
        var rows: [[Bool]] = []
        for line in text.split(separator: "\n") {
            var upper: [Bool] = []
            var lower: [Bool] = []
            var current = (upper: false, lower: false)
            var rest = Substring(line)
            while let first = rest.first {
                if first == "\u{1B}" {
                    let end = rest.firstIndex(of: "m")!
                    let codes = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(separator: ";")
                    if codes != ["0"] { current = (codes[0] == "30", codes[1] == "40") }
                    rest = rest[rest.index(after: end)...]
                } else {
                    #expect(first == "▀")
                    upper.append(current.upper)
                    lower.append(current.lower)
                    rest = rest.dropFirst()
                }
            }
            rows += [upper, lower]
        }
        return rows
    }

    @Test(arguments: [false, true], [0, 1, 4])
    func halfBlocksMatchTheMatrix(inverted: Bool, margin: Int) throws {
        let matrix = try encoder.encode(text: "terminal")
        let text = try TerminalRenderer(inverted: inverted, margin: margin).render(matrix)
        let side = matrix.size + 2 * margin
        let rows = glyphRows(text)
        #expect(rows.count == (side + 1) / 2 * 2)
        for y in 0..<side {
            #expect(rows[y].count == side)
            for x in 0..<side {
                // Plain: glyphs for light modules; inverted: glyphs for dark ones.
                #expect(rows[y][x] == (matrix.isDark(x: x - margin, y: y - margin) == inverted))
            }
        }
    }

    @Test(arguments: [false, true])
    func ansiPaintsBlackAndWhite(inverted: Bool) throws {
        let matrix = try encoder.encode(text: "ansi", options: EncodeOptions(level: .h))
        let text = try TerminalRenderer(style: .ansi, inverted: inverted).render(matrix)
        let side = matrix.size + 8
        let rows = ansiRows(text)
        for y in 0..<side {
            for x in 0..<side {
                #expect(rows[y][x] == (matrix.isDark(x: x - 4, y: y - 4) != inverted))
            }
        }
        #expect(text.split(separator: "\n").allSatisfy { $0.hasSuffix("\u{1B}[0m") })
    }

    /// Other colours are 24-bit escapes, swapped by `inverted`; plain half blocks, drawn
    /// in the terminal's colours, refuse them rather than drop them.
    @Test func ansiPaintsTheColoursAskedFor() throws {
        let matrix = try encoder.encode(text: "ansi")
        let navy = RGBAColor(red: 0, green: 0, blue: 128)
        let ivory = RGBAColor(red: 255, green: 255, blue: 240)
        let text = try TerminalRenderer(style: .ansi, foreground: navy, background: ivory).render(matrix)
        // The quiet zone's first line: light above and below.
        #expect(text.hasPrefix("\u{1B}[38;2;255;255;240;48;2;255;255;240m▀"))
        #expect(text.contains("38;2;0;0;128") && !text.contains("[30;") && !text.contains(";107m"))
        let inverted = try TerminalRenderer(style: .ansi, inverted: true, foreground: navy, background: ivory)
            .render(matrix)
        #expect(inverted.hasPrefix("\u{1B}[38;2;0;0;128;48;2;0;0;128m▀"))
        #expect(throws: EncodeError.self) {
            try TerminalRenderer(style: .halfBlocks, foreground: navy).render(matrix)
        }
        #expect(throws: EncodeError.self) {
            try TerminalRenderer(style: .ansi, background: RGBAColor(red: 255, green: 255, blue: 255, alpha: 0))
                .checkColours()
        }
        #expect(throws: Never.self) { try TerminalRenderer(style: .halfBlocks, inverted: true).checkColours() }
    }

    @Test func microTerminalUsesItsMargin() throws {
        let matrix = try encoder.encode(text: "12", options: EncodeOptions(level: .l, micro: true))
        let text = try TerminalRenderer().render(matrix)
        let lines = text.split(separator: "\n")
        #expect(lines.count == (matrix.size + 4 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == matrix.size + 4 })
    }
}

@Suite("Render: printed sizes")
struct PrintSizeTests {
    let matrix: QRMatrix

    init() throws { matrix = try encoder.encode(text: "x") }

    /// Version 1 with its quiet zone is 29 modules: the page is the size asked for, or
    /// 29 modules of the size asked for.
    @Test func thePageIsTheSizeAskedFor() throws {
        let pdf = String(decoding: try PDFRenderer(printSize: .picture(points: 100)).render(matrix), as: UTF8.self)
        #expect(pdf.contains("/MediaBox [0 0 100 100]") && pdf.contains("3.4483 0 0 -3.4483 0 100 cm"))
        let eps = try EPSRenderer(printSize: .module(points: 2)).render(matrix)
        #expect(eps.contains("%%BoundingBox: 0 0 58 58\n%%HiResBoundingBox: 0 0 58 58\n"))
        let svg = try SVGRenderer(printSize: .picture(points: PrintSize.points(millimetres: 30))).render(matrix)
        #expect(svg.contains("width=\"30mm\" height=\"30mm\" viewBox=\"0 0 29 29\""))
    }

    @Test(arguments: [
        PrintSize.picture(points: 0), .module(points: -1), .picture(points: 14_401), .module(points: 500),
    ])
    func sizesNoPageHoldsAreRefused(size: PrintSize) {
        #expect(throws: EncodeError.self) { try PDFRenderer(printSize: size).render(matrix) }
        #expect(throws: EncodeError.self) { try SVGRenderer(printSize: size).render(matrix) }
    }
}
