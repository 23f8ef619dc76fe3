// QRKit tests — the look for finder patterns that gates the expensive decode passes.
import Foundation
import QRTestSupport
import Testing
@testable import QRCore
@testable import QRKit

@Suite struct FinderGateTests {
    /// Every shipped picture with a code, the hard photographs among them (blurred, bent,
    /// tight crops, textured modules, the ones only a late pass reads), shows a finder:
    /// the gate must never turn away a picture that holds a code.
    @Test func everySampleWithACodeShowsAFinder() throws {
        let pictures = SampleCorpus.pictures()
        #expect(pictures.count >= 10)
        for picture in pictures {
            let image = try ImageReader().read(contentsOf: SampleCorpus.path(picture))
            #expect(image.hasFinderLikePattern(), "\(picture): no finder found")
        }
    }

    /// Light on dark too: the inverted passes are behind the gate.
    @Test func anInvertedCodeShowsAFinder() throws {
        let image = try PNGReader().read(contentsOf: SampleCorpus.path("photos/qrcode-2-30.png"))
        #expect(image.inverted().hasFinderLikePattern())
    }

    /// A code drawn at one pixel a module still has its finders 7 pixels across; a Micro
    /// QR symbol has only one.
    @Test(arguments: [false, true])
    func aCodeAtOnePixelAModuleShowsAFinder(micro: Bool) throws {
        var options = EncodeOptions()
        options.micro = micro
        let matrix = try QREncoder().encode(text: "12345", options: options)
        var pixels = [UInt8](repeating: 255, count: (matrix.size + 8) * (matrix.size + 8))
        for y in 0..<matrix.size {
            for x in 0..<matrix.size where matrix.isDark(x: x, y: y) {
                pixels[(y + 4) * (matrix.size + 8) + x + 4] = 0
            }
        }
        let image = GrayImage(width: matrix.size + 8, height: matrix.size + 8, pixels: pixels)
        #expect(image.hasFinderLikePattern())
    }

    /// Pictures with nothing like a finder: flat, a smooth ramp, even stripes, and a
    /// photograph with no code. (Fine pixel noise is not among them: runs of every length
    /// occur in it, and the look lets it through, erring towards running the passes.) The engines' passes after the first return nothing on them
    /// without decoding; their first passes still run.
    @Test func picturesWithoutAFinderAreTurnedAway() throws {
        let stripes: [UInt8] = (0..<(300 * 200)).map { (index: Int) -> UInt8 in (index % 300) / 20 % 2 == 0 ? 30 : 220 }
        let ramp: [UInt8] = (0..<(300 * 200)).map { (index: Int) -> UInt8 in UInt8(index % 300 * 255 / 299) }
        let noCode = try PNGReader().read(
            contentsOf: PackagePaths.fixture("no-code.png"))
        let pictures: [(String, GrayImage)] = [
            ("flat", GrayImage(width: 300, height: 200, filledWith: 128)),
            ("ramp", GrayImage(width: 300, height: 200, pixels: ramp)),
            ("stripes", GrayImage(width: 300, height: 200, pixels: stripes)),
            ("no-code.png", noCode),
        ]
        for (name, image) in pictures {
            #expect(!image.hasFinderLikePattern(), "\(name): a finder found")
            let variants = PictureVariants(image)
            #expect(!variants.mayHoldCode, "\(name)")
            for engine in DecodeStrategy.standardEngines {
                for pass in 1..<engine.passNames.count {
                    #expect(try engine.decode(variants, pass: pass).isEmpty, "\(name), \(engine.name)")
                }
            }
        }
    }

    @Test func tinyPicturesHoldNoFinder() {
        #expect(!GrayImage(width: 6, height: 100, filledWith: 0).hasFinderLikePattern())
        #expect(!GrayImage(width: 100, height: 6, filledWith: 0).hasFinderLikePattern())
    }
}
