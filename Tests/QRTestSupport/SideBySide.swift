// QRKit test support — SideBySide: several pictures made into one, for codes read together.
import QRKit

extension GrayImage {
    /// Pictures placed side by side on white, 16 pixels apart, in the order given: one
    /// picture holding every part of a structured-append sequence, say.
    public static func sideBySide(_ images: [GrayImage]) -> GrayImage {
        let gap = 16
        let width = images.reduce(gap) { $0 + $1.width + gap }
        let height = (images.map(\.height).max() ?? 1) + 2 * gap
        var pixels = [UInt8](repeating: 255, count: width * height)
        var left = gap
        for image in images {
            for y in 0..<image.height {
                let row = (gap + y) * width + left
                pixels.replaceSubrange(
                    row..<row + image.width, with: image.pixels[y * image.width..<(y + 1) * image.width])
            }
            left += image.width + gap
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}
