// QRCorpus — Blot: a stain or glare the generator lays over a picture.
import QRKit

/// An ellipse of damage over a symbol, in module coordinates (without quiet zone).
struct Blot {
    var cx: Double
    var cy: Double
    var rx: Double
    var ry: Double
    var value: Float

    func contains(x: Double, y: Double) -> Bool {
        let dx = (x - cx) / rx
        let dy = (y - cy) / ry
        return dx * dx + dy * dy <= 1
    }
}
