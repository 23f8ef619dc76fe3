// QRKit — PrintSize: a printed size for the vector formats (SVG, PDF, EPS), in points (1/72 inch): used

/// A printed size for the vector formats (SVG, PDF, EPS), in points (1/72 inch): used
/// instead of the scale, resolution and target size, as print asks for lengths.
///
/// ```swift
/// let pdf = try PDFRenderer(printSize: .picture(points: PrintSize.points(millimetres: 30))).render(matrix)
/// ```
public enum PrintSize: Sendable, Equatable {
    /// The whole picture, quiet zone included, this many points a side.
    case picture(points: Double)
    /// Each module this many points a side.
    case module(points: Double)

    /// The widest page accepted, in points: 200 inches, the largest page PDF allows.
    public static let maximumPoints = 14_400.0

    /// Points in `millimetres`.
    public static func points(millimetres: Double) -> Double { millimetres * 72 / 25.4 }

    /// Points per module of a picture `modules` wide (margin included).
    ///
    /// - Throws: `EncodeError.invalidRenderOption` unless the picture is more than 0
    ///   and at most ``maximumPoints`` wide.
    func modulePoints(modules: Int) throws(EncodeError) -> Double {
        let module: Double
        switch self {
        case .picture(let points): module = points / Double(modules)
        case .module(let points): module = points
        }
        let page = module * Double(modules)
        guard page.isFinite, page > 0, page <= Self.maximumPoints + 0.00005 else {
            throw .invalidRenderOption(
                "a printed picture must be more than 0 and at most \(Int(Self.maximumPoints)) points (200 inches) wide, not \(Decimal.text(points: page)) points (\(modules) modules)"
            )
        }
        return module
    }
}
