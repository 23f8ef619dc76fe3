// QRKit — the standard engines: zxing-cpp and zbar, the registry of them, and the decoder
// that races them by default.

extension EngineRegistry {
    /// zxing-cpp (usually faster) first, then zbar: what `qr` and the bench use.
    public static let standard = EngineRegistry([
        Entry(name: "zxing") { ZXingEngine() },
        Entry(name: "zbar") { ZBarEngine() },
    ])
}

extension DecodeStrategy {
    /// The standard engines: ``QRCore/EngineRegistry/standard``'s, zxing-cpp (usually faster)
    /// first, then zbar.
    public static var standardEngines: [any DecodeEngine] { EngineRegistry.standard.engines() }

    /// The race of the standard engines: the default of `qr decode`.
    public static var standardRace: DecodeStrategy { .race(standardEngines) }
}

extension QRDecoder {
    /// A decoder that races the standard engines, zxing-cpp and zbar.
    ///
    /// - Parameters:
    ///   - timeout: the longest a decode may take; nil for no limit.
    ///   - history: recent timings to learn from; a new, empty one by default.
    ///   - executor: the pool to run every decode's passes on; the process's shared one by
    ///     default.
    public init(
        timeout: Duration? = nil, history: LatencyHistory = LatencyHistory(), executor: DecodeExecutor = .shared
    ) {
        self.init(strategy: .standardRace, timeout: timeout, history: history, executor: executor)
    }
}
