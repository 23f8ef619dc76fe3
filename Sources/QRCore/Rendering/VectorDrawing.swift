// QRKit — what the vector and text renderers share: dark modules merged into rectangles,
// decimals without Foundation, and the colour checks of formats with few colours.

/// A rectangle of dark modules, in modules from the top-left corner of the picture
/// (margin included).
struct ModuleRectangle: Sendable, Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}

extension QRMatrix {
    /// The dark modules as few rectangles: runs of dark modules along each row, and
    /// identical runs in consecutive rows merged into one taller rectangle.
    ///
    /// - Parameter margin: Added to every coordinate, so they count from the picture's
    ///   corner.
    /// - Returns: Rectangles that cover every dark module exactly once, top to bottom.
    func darkRectangles(margin: Int) -> [ModuleRectangle] {
        var finished: [ModuleRectangle] = []
        // Rectangles that reach the previous row, keyed by their run (start, width).
        var open: [Int: ModuleRectangle] = [:]
        for y in 0..<size {
            var next: [Int: ModuleRectangle] = [:]
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < size && isDark(x: x, y: y) { x += 1 }
                let key = start * (size + 1) + (x - start)
                if var rectangle = open.removeValue(forKey: key) {
                    rectangle.height += 1
                    next[key] = rectangle
                } else {
                    next[key] = ModuleRectangle(x: start + margin, y: y + margin, width: x - start, height: 1)
                }
            }
            finished.append(contentsOf: open.values)
            open = next
        }
        finished.append(contentsOf: open.values)
        return finished.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }
}

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

/// Decimal text for vector formats, which take numbers as text.
enum Decimal {
    /// `numerator / denominator` rounded to `digits` decimals, trailing zeros dropped:
    /// `text(1, 3)` is `"0.3333"`, `text(72, 72)` is `"1"`.
    static func text(_ numerator: Int, _ denominator: Int, digits: Int = 4) -> String {
        var unit = 1
        for _ in 0..<digits { unit *= 10 }
        let scaled = (numerator * unit * 2 + denominator) / (denominator * 2)
        let whole = scaled / unit
        var fraction = String(scaled % unit)
        guard fraction != "0" else { return String(whole) }
        fraction = String(repeating: "0", count: digits - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }

    /// `value` to four decimals, as ``text(_:_:digits:)``.
    static func text(points value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return value < 0 ? "-1e12" : "1e12" }
        let scaled = Int((abs(value) * 10_000).rounded())
        return (value < 0 && scaled > 0 ? "-" : "") + text(scaled, 10_000)
    }

    /// The three channels of `colour` as `r g b` fractions of 255.
    static func rgb(_ colour: RGBAColor) -> String {
        [colour.red, colour.green, colour.blue].map { text(Int($0), 255, digits: 3) }.joined(separator: " ")
    }
}

extension RenderOptions {
    /// Checks that a format without partial transparency can draw the colours: each is
    /// opaque, or (the background only) fully transparent.
    func requireOpaqueColours(format: String) throws(EncodeError) {
        guard foreground.isOpaque else {
            throw .invalidRenderOption(
                "\(format) cannot draw a translucent foreground (\(foreground)); use an opaque colour")
        }
        guard background.isOpaque || background.alpha == 0 else {
            throw .invalidRenderOption(
                "\(format) has no partial transparency: the background (\(background)) must be opaque or fully transparent (alpha 00)"
            )
        }
    }

    /// For black-and-white formats: whether dark modules are drawn black (true) or
    /// white (false, the colours swapped).
    ///
    /// - Throws: `EncodeError.invalidRenderOption` unless the colours are opaque black
    ///   and white, in either order.
    func blackOnWhite(format: String) throws(EncodeError) -> Bool {
        switch (foreground, background) {
        case (.black, .white): return true
        case (.white, .black): return false
        default:
            throw .invalidRenderOption(
                "\(format) has only black and white: the colours must be 000000 and ffffff (either way round), not \(foreground) on \(background)"
            )
        }
    }
}
