// QRKit tests — the derived pictures extra decode passes use.
import Testing
@testable import QRKit

@Suite struct ImageTransformTests {
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
}
