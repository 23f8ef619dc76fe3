// QRKit — FinderCandidate: a place in a picture that looks like the centre of a QR finder pattern.
/// A place in a picture that looks like the centre of a QR finder pattern.
package struct FinderCandidate: Sendable, Equatable {
    /// The centre, in pixel coordinates (pixel (i, j) covers i...i+1 × j...j+1).
    package var centre: SIMD2<Double>
    /// The estimated module size, in pixels.
    package var module: Double
    /// How strongly it was seen: the number of scan lines that found it, or its contrast.
    package var weight: Double

    package init(centre: SIMD2<Double>, module: Double, weight: Double) {
        self.centre = centre
        self.module = module
        self.weight = weight
    }
}
