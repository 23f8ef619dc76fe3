// QRKit — GF256: the finite field of QR codes' Reed–Solomon codewords, by tables.

/// Arithmetic in GF(256) of the polynomial 0x11D, by tables of α's powers and logarithms.
package enum GF256 {
    /// αⁱ for i in 0..<510, so that a sum of two logarithms needs no reduction.
    package static let exp: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var x = 1
        for i in 0..<510 {
            table[i] = UInt8(x)
            x <<= 1
            if x & 0x100 != 0 { x ^= 0x11D }
        }
        return table
    }()

    /// The logarithm of each non-zero element (log[0] is unused).
    package static let log: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for i in 0..<255 { table[Int(exp[i])] = i }
        return table
    }()

    package static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        a == 0 || b == 0 ? 0 : exp[log[Int(a)] + log[Int(b)]]
    }

    /// The inverse of a non-zero element.
    package static func inverse(_ a: UInt8) -> UInt8 {
        precondition(a != 0, "zero has no inverse in GF(256)")
        return exp[255 - log[Int(a)]]
    }

    /// The product of two polynomials (both highest power first, or both lowest first).
    static func multiplyPolynomials(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var product = [UInt8](repeating: 0, count: a.count + b.count - 1)
        for (i, x) in a.enumerated() where x != 0 {
            for (j, y) in b.enumerated() { product[i + j] ^= multiply(x, y) }
        }
        return product
    }

    /// A polynomial given highest power first, at `x` (Horner).
    static func evaluate(_ coefficients: [UInt8], at x: UInt8) -> UInt8 {
        coefficients.reduce(0) { multiply($0, x) ^ $1 }
    }

    /// A polynomial given lowest power first, at `x`.
    static func evaluateLowFirst(_ coefficients: [UInt8], at x: UInt8) -> UInt8 {
        coefficients.reversed().reduce(0) { multiply($0, x) ^ $1 }
    }
}
