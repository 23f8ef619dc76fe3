// QRKit — ReedSolomon: QR's Reed–Solomon code over GF(256), corrected with erasures as well as errors.

/// The Reed–Solomon code of QR symbols (ISO/IEC 18004, 7.5.2): GF(256) of the polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (0x11D), generator roots α⁰ … α^(n−1) for `eccCount` = n.
///
/// A block is its data codewords followed by its error correction codewords, the first
/// codeword the coefficient of the highest power. ``correct(_:erasures:reserve:)`` corrects
/// `e` unknown errors and `k` erasures (codewords known to be unreadable, whatever they
/// hold) while 2e + k ≤ n: an erasure costs half an error, which is why a picture that
/// shows where it is damaged is worth telling.
///
/// Neither zbar nor zxing-cpp takes erasures, and no maintained library here does it for
/// Swift without a C module of its own (docs/decoding.md, "Erasures"); the code is small.
package struct ReedSolomon: Sendable {
    /// Error correction codewords a block.
    package let eccCount: Int

    /// What a correction found.
    package struct Correction: Sendable, Equatable {
        /// Positions (in the block) of the codewords that were wrong and not marked.
        package var errors: [Int]
        /// Erasures given.
        package var erasures: Int
    }

    /// A code of `eccCount` (1 to 254) error correction codewords a block.
    package init(eccCount: Int) {
        precondition((1...254).contains(eccCount), "a Reed–Solomon code over GF(256) has 1 to 254 check symbols")
        self.eccCount = eccCount
    }

    /// The error correction codewords of `data`: the remainder of data × x^n divided by
    /// the generator.
    package func encode(_ data: [UInt8]) -> [UInt8] {
        let generator = Self.generator(eccCount)
        var remainder = [UInt8](repeating: 0, count: eccCount)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            guard factor != 0 else { continue }
            for k in 0..<eccCount { remainder[k] ^= GF256.multiply(generator[k + 1], factor) }
        }
        return remainder
    }

    /// Corrects `block` in place, where the codewords at `erasures` (positions in the block)
    /// are unreadable.
    ///
    /// Returns nil, leaving `block` as it was, when the errors and erasures are more than
    /// the code corrects with `reserve` check codewords to spare: 2e + k ≤ n − `reserve`.
    /// Past n a block can decode to another valid block; the spare check codewords make
    /// such a wrong answer unlikely, and a caller that must never give one reserves some.
    /// The work is bounded by the block's length times n.
    package func correct(_ block: inout [UInt8], erasures: [Int], reserve: Int = 0) -> Correction? {
        let n = eccCount
        let length = block.count
        let marked = Array(Set(erasures)).sorted()
        guard length <= 255, length > n, marked.allSatisfy({ (0..<length).contains($0) }), marked.count + reserve <= n
        else { return nil }
        let syndromes = (0..<n).map { GF256.evaluate(block, at: GF256.exp[$0]) }
        if syndromes.allSatisfy({ $0 == 0 }) { return Correction(errors: [], erasures: marked.count) }
        // A position's locator is α^(power of its coefficient).
        func locator(_ position: Int) -> UInt8 { GF256.exp[(length - 1 - position) % 255] }
        // The erasure locator Γ(x) = Π (1 − X x), lowest power first; then Berlekamp–Massey
        // started from it finds the error-and-erasure locator Λ.
        var lambda: [UInt8] = [1]
        for position in marked { lambda = GF256.multiplyPolynomials(lambda, [1, locator(position)]) }
        var previous = lambda
        var degree = marked.count
        for r in marked.count..<n {
            var discrepancy: UInt8 = 0
            for i in 0..<min(lambda.count, r + 1) { discrepancy ^= GF256.multiply(lambda[i], syndromes[r - i]) }
            previous.insert(0, at: 0)  // x × B(x)
            guard discrepancy != 0 else { continue }
            var next = lambda + [UInt8](repeating: 0, count: max(0, previous.count - lambda.count))
            for i in previous.indices { next[i] ^= GF256.multiply(discrepancy, previous[i]) }
            if 2 * degree <= r + marked.count {
                degree = r + 1 + marked.count - degree
                let inverse = GF256.inverse(discrepancy)
                previous = lambda.map { GF256.multiply($0, inverse) }
            }
            lambda = next
        }
        while lambda.count > 1, lambda.last == 0 { lambda.removeLast() }
        let located = lambda.count - 1
        // The roots of Λ, X⁻¹ of each position in error (Chien search over the block).
        var positions: [Int] = []
        for position in 0..<length where GF256.evaluateLowFirst(lambda, at: GF256.inverse(locator(position))) == 0 {
            positions.append(position)
        }
        let errors = positions.filter { !marked.contains($0) }
        guard positions.count == located, located == degree, 2 * errors.count + marked.count + reserve <= n else {
            return nil
        }
        // Forney: Ω = S Λ mod x^n; the value at X is X Ω(X⁻¹) / Λ′(X⁻¹) (first root α⁰).
        let omega = Array(GF256.multiplyPolynomials(syndromes, lambda).prefix(n))
        let derivative = lambda.enumerated().map { i, c in i % 2 == 1 ? c : 0 }.dropFirst()
        var corrected = block
        for position in positions {
            let x = locator(position)
            let xInverse = GF256.inverse(x)
            let denominator = GF256.evaluateLowFirst(Array(derivative), at: xInverse)
            guard denominator != 0 else { return nil }
            let value = GF256.multiply(
                x, GF256.multiply(GF256.evaluateLowFirst(omega, at: xInverse), GF256.inverse(denominator)))
            corrected[position] ^= value
        }
        // A correction that leaves the block invalid was beyond the code: nothing is claimed.
        guard (0..<n).allSatisfy({ GF256.evaluate(corrected, at: GF256.exp[$0]) == 0 }) else { return nil }
        block = corrected
        return Correction(errors: errors, erasures: marked.count)
    }

    /// The generator Π (x − αⁱ) for i < `count`, highest power first.
    static func generator(_ count: Int) -> [UInt8] {
        var g: [UInt8] = [1]
        for i in 0..<count { g = GF256.multiplyPolynomials(g, [1, GF256.exp[i]]) }
        return g
    }
}
