// QRCorpus — SplitMix64: the seeded random numbers behind the corpus generator, the bench's
// shuffles and the tests' generated inputs. `package` access: not part of any product's API.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A small, fast, seeded pseudo-random generator (Steele, Lea and Flood's SplitMix64).
///
/// Every value it gives comes from its own integer arithmetic, never from the standard
/// library's sampling algorithms (which may change between releases), so a seed gives
/// the same numbers on every toolchain: a corpus generated with `--seed 7` is the same
/// corpus tomorrow. (``gaussian()`` uses the C library's `log` and `cos`.)
///
///     var random = SplitMix64(seed: 7)
///     let side = random.int(in: 100...400)
///     let angle = random.double(in: 0..<360)
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// - Parameter seed: any value; equal seeds give equal sequences.
    package init(seed: UInt64) {
        state = seed
    }

    /// A generator for item `index` of a run seeded with `seed`: items can be made in any
    /// order, or in parallel, and still come out the same.
    package init(seed: UInt64, stream index: UInt64) {
        var mixer = SplitMix64(seed: seed ^ 0x5851_F42D_4C95_7F2D)
        let base = mixer.next()
        state = Self.mix(base &+ index &* 0x9E37_79B9_7F4A_7C15)
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in 0..<1, from the top 53 bits.
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform double in `range`.
    package mutating func double(in range: Range<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// A uniform double in `range`.
    package mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// A uniform integer in `range` (multiply-shift; the bias is below 2^-32 for any
    /// range this package uses).
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        let high = next().multipliedFullWidth(by: span).high
        return range.lowerBound + Int(high)
    }

    /// A uniform integer in `range`.
    package mutating func int(in range: Range<Int>) -> Int {
        precondition(!range.isEmpty, "int(in:) needs a non-empty range")
        return int(in: range.lowerBound...(range.upperBound - 1))
    }

    /// True with probability `probability`.
    package mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// A normally distributed value (Box–Muller), mean 0, standard deviation 1.
    package mutating func gaussian() -> Double {
        let u1 = max(unit(), 0x1.0p-53)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// One element of `items`, uniformly.
    package mutating func pick<C: Collection>(_ items: C) -> C.Element where C.Index == Int {
        items[items.startIndex + int(in: 0..<items.count)]
    }

    /// `count` bytes, one from each of the next `count` values.
    package mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }

    /// `items` in a random order (Fisher–Yates).
    package mutating func shuffled<T>(_ items: [T]) -> [T] {
        var result = items
        if result.count < 2 { return result }
        for i in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(i, int(in: 0...i))
        }
        return result
    }
}
