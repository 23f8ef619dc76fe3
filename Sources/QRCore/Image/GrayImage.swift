// QRKit — GrayImage: the picture every engine reads.

/// An 8-bit grayscale picture.
///
/// Memory order is row-major, top-left first: the pixel at column `x`, row `y` is
/// `pixels[y * width + x]`, 0 black and 255 white. There is no padding between rows.
public struct GrayImage: Sendable, Equatable {
    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// Luminance, `width * height` bytes, row-major, top-left first.
    public let pixels: [UInt8]

    /// Makes a picture from luminance bytes.
    ///
    /// - Precondition: `width > 0`, `height > 0` and `pixels.count == width * height`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0, "GrayImage needs a positive size")
        precondition(pixels.count == width * height, "GrayImage pixel count does not match its size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A picture of one flat shade.
    public init(width: Int, height: Int, filledWith value: UInt8) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: value, count: width * height))
    }

    /// Number of pixels.
    public var pixelCount: Int { width * height }

    /// The luminance at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt8 {
        pixels[y * width + x]
    }
}
