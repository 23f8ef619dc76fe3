// QRKit — HalvedFastReadTests: zxing-cpp's fast pass reads a large picture halved (a very large
// one quartered, then halved), and what halving loses is left to the passes after it.
import QRKit
import Testing

@Suite struct HalvedFastReadTests {
    static let text = "https://example.org/halved"

    /// A `width` × `height` picture, white, with the code of `text` drawn at `scale` pixels
    /// a module, its top-left pixel at (`x`, `y`).
    static func picture(width: Int, height: Int, scale: Int, x: Int, y: Int) throws -> GrayImage {
        let matrix = try QREncoder().encode(text: text, options: EncodeOptions())
        let code = try GrayImageRenderer(options: RenderOptions(scale: scale)).render(matrix)
        var pixels = [UInt8](repeating: 255, count: width * height)
        for row in 0..<code.height {
            for column in 0..<code.width {
                pixels[(y + row) * width + x + column] = code[column, row]
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// Read halved, the code's corners are still given in the picture as it was read.
    @Test func aLargePictureIsReadHalvedWithCornersInThePicture() throws {
        let image = try Self.picture(width: 2400, height: 1800, scale: 8, x: 801, y: 601)
        let variants = PictureVariants(image)
        let read = try ZXingEngine(passes: [.fast]).decode(variants, pass: 0)
        let symbol = try #require(read.first)
        #expect(symbol.text == Self.text)
        // The symbol (25 modules a side) starts 4 modules (the quiet zone) in from where it
        // was drawn.
        let xs = symbol.corners.map(\.x)
        let ys = symbol.corners.map(\.y)
        #expect(abs(xs.min()! - 833) <= 4 && abs(ys.min()! - 633) <= 4, "\(symbol.corners)")
        #expect(abs(xs.max()! - (833 + 200)) <= 4 && abs(ys.max()! - (633 + 200)) <= 4, "\(symbol.corners)")
    }

    /// A code of two pixels a module, drawn at odd offsets so that halving blends its
    /// modules: in a picture of 1600 pixels a side the fast pass reads it at full size; in
    /// a larger one it reads the halved picture and misses, and the try-harder pass after
    /// it, which reads the picture at full size, reads it.
    @Test func aCodeTooFineForHalvingIsLeftToTheNextPass() throws {
        let engine = ZXingEngine(passes: [.fast, .harder])
        let small = try Self.picture(width: 1600, height: 1200, scale: 2, x: 301, y: 201)
        #expect(try engine.decode(PictureVariants(small), pass: 0).map(\.text) == [Self.text])
        let large = try Self.picture(width: 1700, height: 1200, scale: 2, x: 301, y: 201)
        let variants = PictureVariants(large)
        #expect(try engine.decode(variants, pass: 0).isEmpty)
        #expect(try engine.decode(variants, pass: 1).map(\.text) == [Self.text])
    }

    /// Over 3200 pixels a side the picture is read quartered, the corners still given in
    /// the picture as it was read.
    @Test func aVeryLargePictureIsReadQuarteredWithCornersInThePicture() throws {
        let image = try Self.picture(width: 3400, height: 2400, scale: 16, x: 1601, y: 1201)
        let variants = PictureVariants(image)
        let symbol = try #require(try ZXingEngine(passes: [.fast]).decode(variants, pass: 0).first)
        #expect(symbol.text == Self.text)
        // At a quarter a module is 4 pixels: the corners are within two of them.
        let xs = symbol.corners.map(\.x)
        let ys = symbol.corners.map(\.y)
        #expect(abs(xs.min()! - 1665) <= 8 && abs(ys.min()! - 1265) <= 8, "\(symbol.corners)")
        #expect(abs(xs.max()! - (1665 + 400)) <= 8 && abs(ys.max()! - (1265 + 400)) <= 8, "\(symbol.corners)")
    }

    /// A code too fine to read at a quarter (5 pixels a module, drawn at odd offsets: the
    /// quartered picture alone reads nothing) is read by the same fast pass at half size.
    @Test func aCodeTooFineForAQuarterIsReadHalved() throws {
        let image = try Self.picture(width: 3400, height: 2400, scale: 5, x: 1601, y: 1201)
        let variants = PictureVariants(image)
        let fast = ZXingEngine(passes: [.fast])
        #expect(try fast.decode(PictureVariants(variants.quartered), pass: 0).isEmpty)
        #expect(try fast.decode(variants, pass: 0).map(\.text) == [Self.text])
    }
}
