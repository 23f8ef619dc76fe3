// QRKit tests — the derived pictures extra decode passes use.
import QRCorpus
import QRTestSupport
import Testing
@testable import QRCore
@testable import QRKit

@Suite(.tags(.sanitized)) struct ImageTransformTests {
    let image = GrayImage(width: 4, height: 2, pixels: [0, 100, 200, 255, 10, 20, 30, 40])

    @Test func invertedSwapsBlackAndWhite() {
        #expect(image.inverted().pixels == [255, 155, 55, 0, 245, 235, 225, 215])
    }

    @Test func paddedAddsABorderOfTheGivenShade() {
        let padded = image.padded(by: 1, value: 9)
        #expect(padded.width == 6 && padded.height == 4)
        #expect(padded.pixels[0..<6] == [9, 9, 9, 9, 9, 9])
        #expect(padded.pixels[6..<12] == [9, 0, 100, 200, 255, 9])
        #expect(padded.pixels[12..<18] == [9, 10, 20, 30, 40, 9])
    }

    @Test func halvingAveragesBoxes() {
        let half = image.resized(width: 2, height: 1)
        // (0+100+10+20)/4 = 32, (200+255+30+40)/4 = 131
        #expect(half.pixels == [32, 131])
    }

    @Test func doublingInterpolatesAndKeepsFlatAreasFlat() {
        let flat = GrayImage(width: 3, height: 3, filledWith: 77).scaled(by: 2)
        #expect(flat.width == 6 && flat.height == 6)
        #expect(flat.pixels.allSatisfy { $0 == 77 })
        let ramp = GrayImage(width: 2, height: 1, pixels: [0, 200]).resized(width: 4, height: 1)
        // Sample centres at -0.25, 0.25, 0.75, 1.25 source pixels, clamped: 0, 50, 150, 200.
        #expect(ramp.pixels == [0, 50, 150, 200])
    }

    @Test func boxBlurAveragesItsWindowAndClampsAtEdges() {
        let row = GrayImage(width: 5, height: 1, pixels: [0, 0, 255, 0, 0])
        // Window of 3: 0, 85, 85, 85, 0 (the vertical pass over one row changes nothing).
        #expect(row.boxBlurred(radius: 1).pixels == [0, 85, 85, 85, 0])
        #expect(image.boxBlurred(radius: 0) == image)
    }

    /// The blur works in place, walking the columns row by row; it must give exactly what
    /// the plain running-sum passes (one picture to the next) give.
    @Test(arguments: [(1, 1), (1, 9), (9, 1), (2, 2), (5, 7), (64, 33), (3, 40)])
    func inPlaceBlurMatchesTheTwoBufferPasses(width: Int, height: Int) {
        var random = SplitMix64(seed: UInt64(width * 1_000 + height))
        let image = GrayImage(width: width, height: height, pixels: random.bytes(width * height))
        for radius in 1...3 {
            #expect(image.boxBlurred(radius: radius) == Self.referenceBlur(image, radius: radius), "radius \(radius)")
        }
        let border = 4
        var expected = image.padded(by: border)
        for _ in 0..<3 { expected = Self.referenceBlur(expected, radius: 1) }
        #expect(image.paddedAndBlurred(by: border, radius: 1, times: 3) == expected)
        #expect(image.paddedAndBlurred(by: 0, radius: 2, times: 1) == Self.referenceBlur(image, radius: 2))
    }

    /// The box blur as first written: a row pass into a new picture, then a column pass
    /// into another.
    static func referenceBlur(_ image: GrayImage, radius: Int) -> GrayImage {
        func pass(_ source: [UInt8], length: Int, lines: Int, step: Int, lineStride: Int) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: source.count)
            let window = 2 * radius + 1
            for line in 0..<lines {
                let base = line * lineStride
                func at(_ i: Int) -> Int { Int(source[base + min(max(i, 0), length - 1) * step]) }
                var sum = 0
                for i in -radius...radius { sum += at(i) }
                for i in 0..<length {
                    out[base + i * step] = UInt8((sum + window / 2) / window)
                    sum += at(i + radius + 1) - at(i - radius)
                }
            }
            return out
        }
        let rows = pass(image.pixels, length: image.width, lines: image.height, step: 1, lineStride: image.width)
        let both = pass(rows, length: image.height, lines: image.width, step: image.width, lineStride: 1)
        return GrayImage(width: image.width, height: image.height, pixels: both)
    }
}

@Suite(.tags(.sanitized)) struct ContrastStretchTests {
    @Test func aNarrowRangeIsStretchedToTheFullRange() throws {
        let ramp = GrayImage(width: 41, height: 1, pixels: (0...40).map { UInt8(100 + $0) })
        let stretched = try #require(ramp.contrastStretched())
        #expect(stretched.pixels.first == 0)
        #expect(stretched.pixels.last == 255)
        // 120 is half-way from 100 to 140.
        #expect(stretched.pixels[20] == 127)
    }

    @Test func aWideRangeIsLeftAlone() {
        let wide = GrayImage(width: 3, height: 1, pixels: [10, 128, 250])
        #expect(wide.contrastStretched() == nil)
        #expect(GrayImage(width: 4, height: 4, filledWith: 90).contrastStretched() == nil)
    }
}

/// The fixed-point resizer against the plain floating-point definition of bilinear
/// interpolation at pixel centres: every pixel within one grey level, at the factors the
/// rescaled passes use and at odd ones.
@Suite(.tags(.sanitized)) struct BilinearAgreementTests {
    /// Bilinear interpolation as written in textbooks, in Double.
    static func reference(_ image: GrayImage, width newWidth: Int, height newHeight: Int) -> [UInt8] {
        let sx = Double(image.width) / Double(newWidth)
        let sy = Double(image.height) / Double(newHeight)
        var out: [UInt8] = []
        for ny in 0..<newHeight {
            let fy = max(0, (Double(ny) + 0.5) * sy - 0.5)
            let y0 = min(Int(fy), image.height - 1)
            let y1 = min(y0 + 1, image.height - 1)
            let wy = fy - Double(y0)
            for nx in 0..<newWidth {
                let fx = max(0, (Double(nx) + 0.5) * sx - 0.5)
                let x0 = min(Int(fx), image.width - 1)
                let x1 = min(x0 + 1, image.width - 1)
                let wx = fx - Double(x0)
                let top = Double(image[x0, y0]) * (1 - wx) + Double(image[x1, y0]) * wx
                let bottom = Double(image[x0, y1]) * (1 - wx) + Double(image[x1, y1]) * wx
                out.append(UInt8((top * (1 - wy) + bottom * wy).rounded()))
            }
        }
        return out
    }

    @Test(arguments: [(7, 5, 2.0), (13, 9, 3.7), (31, 17, 4.0), (40, 40, 18.0), (5, 23, 1.3), (1, 6, 2.5)])
    func agreesWithTheFloatingPointDefinition(width: Int, height: Int, factor: Double) {
        var random = SplitMix64(seed: UInt64(width * 1000 + height))
        let pixels = (0..<width * height).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let image = GrayImage(width: width, height: height, pixels: pixels)
        let newWidth = Int((Double(width) * factor).rounded())
        let newHeight = Int((Double(height) * factor).rounded())
        let fast = image.resized(width: newWidth, height: newHeight)
        let slow = Self.reference(image, width: newWidth, height: newHeight)
        let worst = zip(fast.pixels, slow).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "largest difference \(worst) grey levels")
    }

    /// Shrinking gives each output pixel the truncated mean of its box of the source,
    /// columns `x * width / newWidth` up to the next, rows likewise: halving's boxes of
    /// 2 × 2 and quartering's of 4 × 4 (summed without loops) as any other.
    @Test(arguments: [(16, 12, 0.5), (17, 13, 0.5), (32, 20, 0.25), (43, 61, 0.25), (23, 29, 0.3)])
    func shrinkingGivesEachBoxItsMean(width: Int, height: Int, factor: Double) {
        var random = SplitMix64(seed: UInt64(width * 1000 + height))
        let pixels = (0..<width * height).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let image = GrayImage(width: width, height: height, pixels: pixels)
        let shrunk = image.scaled(by: factor)
        let (newWidth, newHeight) = (shrunk.width, shrunk.height)
        var expected: [UInt8] = []
        for ny in 0..<newHeight {
            let y0 = ny * height / newHeight
            let y1 = max(y0 + 1, (ny + 1) * height / newHeight)
            for nx in 0..<newWidth {
                let x0 = nx * width / newWidth
                let x1 = max(x0 + 1, (nx + 1) * width / newWidth)
                var sum = 0
                for y in y0..<y1 { for x in x0..<x1 { sum += Int(image[x, y]) } }
                expected.append(UInt8(sum / ((y1 - y0) * (x1 - x0))))
            }
        }
        #expect(shrunk.pixels == expected)
    }
}
