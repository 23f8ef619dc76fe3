// QRKit — EngineReport: one engine's timings and outcome in a decode.
/// One engine's timing in a decode.
public struct EngineReport: Sendable, Equatable {
    /// The engine's name.
    public var name: String
    /// When the engine started, after the decode started; nil when never started.
    public var startOffset: Duration?
    /// How long it ran; nil while still running or never started.
    public var elapsed: Duration?
    /// CPU time its thread spent; nil while still running or never started.
    public var cpuTime: Duration?
    /// How it ended.
    public var outcome: EngineOutcome
}
