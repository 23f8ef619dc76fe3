// QRKit — EngineProgress: where an engine is in a decode still running.
/// Where one engine stands when a report is made: what the runners of a decode (one
/// picture's ``PictureDecode``) knows of it.
enum EngineProgress {
    case notStarted
    case running(since: ContinuousClock.Instant)
    /// Done, or stopped: `elapsed` is the time it ran, `cpu` its thread's CPU time.
    case finished(
        since: ContinuousClock.Instant, elapsed: Duration, cpu: Duration, result: Result<[Symbol], DecodeError>)
}
