// QRBench — MarkerShape: the shape of a strategy's marks in the bench chart.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The shape of a strategy's marks, so that marks differ in more than colour.
enum MarkerShape: CaseIterable {
    case circle, square, diamond, triangleUp, triangleDown, cross, star

    /// The peers' shapes (drawn hollow).
    static let peerShapes: [MarkerShape] = [.square, .triangleUp, .circle, .diamond]

    /// The outline around (`x`, `y`) for a mark about 2 × `size` across.
    func points(x: Double, y: Double, size r: Double) -> [(Double, Double)] {
        func polygon(_ corners: Int, radius: Double, turn: Double) -> [(Double, Double)] {
            (0..<corners).map { k in
                let angle = turn + 2 * Double.pi * Double(k) / Double(corners)
                return (x + radius * cos(angle), y + radius * sin(angle))
            }
        }
        switch self {
        case .circle: return []
        case .square: return polygon(4, radius: r * 1.2, turn: Double.pi / 4)
        case .diamond: return polygon(4, radius: r * 1.3, turn: -Double.pi / 2)
        case .triangleUp: return polygon(3, radius: r * 1.35, turn: -Double.pi / 2)
        case .triangleDown: return polygon(3, radius: r * 1.35, turn: Double.pi / 2)
        case .cross:
            let a = r * 1.2
            let b = r * 0.4
            return [
                (-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b), (b, a), (-b, a), (-b, b), (-a, b), (-a, -b),
                (-b, -b),
            ]
            .map { (x + $0.0, y + $0.1) }
        case .star:
            return (0..<10).map { k in
                let radius = k % 2 == 0 ? r * 1.4 : r * 0.6
                let angle = -Double.pi / 2 + Double.pi * Double(k) / 5
                return (x + radius * cos(angle), y + radius * sin(angle))
            }
        }
    }
}
