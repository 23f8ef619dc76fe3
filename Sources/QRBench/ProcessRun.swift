// QRBench — ProcessRun: one whole process a peer ran, and the launcher that runs it.
import FoundationEssentials

/// How one run of a program ended: what it wrote to standard output and the CPU it used.
public struct ProcessRun: Sendable {
    /// Standard output, every byte.
    public var output: [UInt8]
    /// The exit status; nil when a signal ended the process.
    public var exitStatus: Int32?
    /// The process's user and system CPU time, milliseconds.
    public var cpuMilliseconds: Double

    public init(output: [UInt8], exitStatus: Int32?, cpuMilliseconds: Double) {
        self.output = output
        self.exitStatus = exitStatus
        self.cpuMilliseconds = cpuMilliseconds
    }
}

/// Runs `executable` with `arguments` to its end; nil when it could not be started.
///
/// QRBench starts no process itself: the `qr` tool passes one (posix_spawn).
public typealias ProcessLauncher = @Sendable (_ executable: String, _ arguments: [String]) -> ProcessRun?
