// QRKit tests — GrayImage as a view: crops share storage, every transform and both
// engines read a view as they read the same pixels copied.
import QRCorpus
import Testing
@testable import QRCore
@testable import QRKit

@Suite struct GrayImageViewTests {
    /// A 7 × 5 picture whose every pixel differs: 10 * y + x.
    let whole = GrayImage(width: 7, height: 5, pixels: (0..<5).flatMap { y in (0..<7).map { UInt8(10 * $0 + y) } })

    /// The rectangle's pixels copied out by hand, row by row.
    func copied(_ image: GrayImage, x: Int, y: Int, width: Int, height: Int) -> GrayImage {
        GrayImage(
            width: width, height: height,
            pixels: (y..<y + height).flatMap { row in (x..<x + width).map { image[$0, row] } })
    }

    @Test func aCropIsAViewOfTheSameStorage() {
        let crop = whole.cropped(x: 2, y: 1, width: 3, height: 2)
        #expect(crop.width == 3 && crop.height == 2)
        #expect(crop.stride == 7 && crop.offset == 9)
        #expect(!crop.isContiguous)
        #expect(crop.storage == whole.storage)
        #expect(crop.pixels == [21, 31, 41, 22, 32, 42])
        #expect(crop[0, 0] == 21 && crop[2, 1] == 42)
        #expect(crop == copied(whole, x: 2, y: 1, width: 3, height: 2))
        #expect(crop.pixels.count == crop.pixelCount)
    }

    @Test func aCropOfACropIsAViewOfTheFirstStorage() {
        let inner = whole.cropped(x: 1, y: 1, width: 5, height: 3).cropped(x: 1, y: 1, width: 2, height: 2)
        #expect(inner.stride == 7)
        #expect(inner.pixels == [22, 32, 23, 33])
    }

    @Test func theWholePictureCroppedIsContiguousAndEqual() {
        let all = whole.cropped(x: 0, y: 0, width: 7, height: 5)
        #expect(all.isContiguous)
        #expect(all == whole)
        #expect(whole.cropped(x: 0, y: 0, width: 7, height: 4) != whole)
    }

    @Test func everyTransformGivesAViewWhatItGivesTheSamePixelsCopied() {
        let view = whole.cropped(x: 1, y: 1, width: 5, height: 3)
        let copy = copied(whole, x: 1, y: 1, width: 5, height: 3)
        #expect(view.inverted() == copy.inverted())
        #expect(view.padded(by: 2, value: 9) == copy.padded(by: 2, value: 9))
        #expect(view.paddedAndBlurred(by: 1, radius: 1, times: 2) == copy.paddedAndBlurred(by: 1, radius: 1, times: 2))
        #expect(view.scaled(by: 3) == copy.scaled(by: 3))
        #expect(view.resized(width: 2, height: 2) == copy.resized(width: 2, height: 2))
        #expect(view.boxBlurred(radius: 1) == copy.boxBlurred(radius: 1))
        #expect(view.contrastStretched(minimumGain: 1) == copy.contrastStretched(minimumGain: 1))
        for orientation in ImageOrientation.allCases {
            #expect(view.oriented(from: orientation) == copy.oriented(from: orientation))
        }
    }

    /// A sample photo set inside a wider picture of noise, then cropped back out: each
    /// pass of both engines reads the view as it reads the photo (the same symbols, at the
    /// same corners), so a view's rows are found by its stride, not by its width (read by
    /// width, the rows would run into the noise).
    @Test(arguments: ["zxing", "zbar"])
    func everyPassOfBothEnginesReadsAViewAsItsCopy(engine name: String) throws {
        let photo = try ImageReader().read(contentsOf: SampleCorpus.path("photos/qrcode-2-30.png"))
        let expected = try SampleCorpus.expected(for: "photos/qrcode-2-30.png")
        var random = SplitMix64(seed: 30)
        let (left, top) = (53, 17)
        let wideWidth = photo.width + 2 * left + 9
        var wide = (0..<wideWidth * (photo.height + 2 * top)).map { _ in UInt8.random(in: 0...255, using: &random) }
        for y in 0..<photo.height {
            for x in 0..<photo.width { wide[(y + top) * wideWidth + x + left] = photo[x, y] }
        }
        let canvas = GrayImage(width: wideWidth, height: photo.height + 2 * top, pixels: wide)
        let view = canvas.cropped(x: left, y: top, width: photo.width, height: photo.height)
        #expect(view == photo)

        let engine = try #require(EngineRegistry.standard.entries.first { $0.name == name }).make()
        var readBy = 0
        for pass in engine.passNames.indices {
            let fromView = try engine.decode(PictureVariants(view), pass: pass)
            let fromCopy = try engine.decode(PictureVariants(photo), pass: pass)
            #expect(fromView.map(\.bytes) == fromCopy.map(\.bytes), "pass \(engine.passNames[pass])")
            #expect(fromView.map(\.corners) == fromCopy.map(\.corners), "pass \(engine.passNames[pass])")
            if fromView.map(\.bytes) == expected { readBy += 1 }
        }
        // The first pass reads this photo, so the comparison is of a real read.
        #expect(try engine.decode(PictureVariants(view), pass: 0).map(\.bytes) == expected)
        #expect(readBy > 0)
    }
}
