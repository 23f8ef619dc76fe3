// qr encode — LengthArgument: `--size` and `--module`, a length with its unit.
import ArgumentParser

/// `--size` and `--module`: a length with its unit (mm, cm, in, pt), in points.
struct LengthArgument: ExpressibleByArgument, Equatable {
    var points: Double

    init?(argument: String) {
        let text = argument.lowercased()
        let units: [(String, Double)] = [("mm", 72 / 25.4), ("cm", 720 / 25.4), ("in", 72), ("pt", 1)]
        guard let (unit, factor) = units.first(where: { text.hasSuffix($0.0) }) else { return nil }
        let number = text.dropLast(unit.count)
        // Digits and at most one point: no sign, exponent, inf or nan.
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            number.filter({ $0 == "." }).count <= 1, let value = Double(number), value > 0
        else { return nil }
        points = value * factor
    }
}
