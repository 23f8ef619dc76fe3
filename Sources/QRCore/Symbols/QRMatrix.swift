// QRKit — QRMatrix: the modules of one encoded symbol, ready for any renderer.

/// The dark and light modules of one QR or Micro QR symbol, without quiet zone.
///
/// Row-major, top-left first: module (`x`, `y`) is column `x`, row `y`, both
/// `0..<size`.
///
/// ```swift
/// let matrix = try QREncoder().encode(text: "hello", options: EncodeOptions(level: .m))
/// matrix.size                // 21 (version 1)
/// matrix.isDark(x: 0, y: 0)  // true: the top-left finder pattern
/// ```
public struct QRMatrix: Sendable, Equatable {
    /// Modules per side: 17 + 4 × version, or 9 + 2 × version for Micro QR.
    public let size: Int
    /// The symbol version: 1–40, or 1–4 for Micro QR (M1–M4).
    public let version: Int
    /// The error-correction level the symbol was made with.
    public let level: ErrorCorrectionLevel
    /// True for Micro QR.
    public let isMicro: Bool
    /// `size * size` flags, row-major, true for dark.
    public let modules: [Bool]

    /// Makes a matrix from module flags.
    ///
    /// - Parameters:
    ///   - size: Modules per side, at least 1.
    ///   - version: The symbol version.
    ///   - level: The error-correction level.
    ///   - isMicro: True for Micro QR.
    ///   - modules: `size * size` flags, row-major, true for dark.
    /// - Returns: `nil` when `size` is not 1–1024 or `modules` does not hold
    ///   `size * size` flags.
    public init?(size: Int, version: Int, level: ErrorCorrectionLevel, isMicro: Bool, modules: [Bool]) {
        guard size > 0, size <= 1024, modules.count == size * size else { return nil }
        self.size = size
        self.version = version
        self.level = level
        self.isMicro = isMicro
        self.modules = modules
    }

    /// Makes a matrix from an encoder's `size * size` module flags, which it vouches for.
    package init(size: Int, version: Int, level: ErrorCorrectionLevel, isMicro: Bool, encoded modules: [Bool]) {
        self.size = size
        self.version = version
        self.level = level
        self.isMicro = isMicro
        self.modules = modules
    }

    /// Whether module (`x`, `y`) is dark.
    ///
    /// Positions outside the symbol are light, which is what the quiet zone is, so
    /// renderers can ask about the margin too.
    ///
    /// - Returns: True for a dark module inside the symbol; false otherwise.
    public func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }

    /// The quiet zone the standard asks for: 4 modules, 2 for Micro QR.
    public var standardMargin: Int { isMicro ? 2 : 4 }
}

extension QRMatrix: CustomStringConvertible {
    /// `QR version 3-M, 29×29` or `Micro QR M2-L, 13×13`.
    public var description: String {
        isMicro
            ? "Micro QR M\(version)-\(level.rawValue), \(size)×\(size)"
            : "QR version \(version)-\(level.rawValue), \(size)×\(size)"
    }
}
