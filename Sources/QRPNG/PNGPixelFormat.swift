// QRKit — PNGPixelFormat: the pixel layout of rendered PNG files.
import QRCore

/// The pixel layout of rendered PNG files.
public enum PNGPixelFormat: String, Sendable, CaseIterable {
    /// A two-colour palette at 1 bit per pixel: the smallest file, any colours, and
    /// transparency through tRNS when a colour has alpha.
    case palette
    /// 8-bit grayscale; colours become their gray levels. No transparency.
    case gray8
}
