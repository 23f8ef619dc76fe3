// QRKit test support — ResourceUsage: resident memory of this process and of a child.
import CQRTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

public enum ResourceUsage {
    /// A field of `/proc/<pid>/status` in kilobytes, such as `VmRSS` (resident now) or
    /// `VmHWM` (the peak since the process started or since ``resetPeak()``).
    public static func status(_ field: String, of process: String = "self") -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let words = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" })
            return words.first.flatMap { Int($0) }
        }
        return nil
    }

    /// Resident memory now, in kilobytes.
    public static var residentKilobytes: Int { status("VmRSS") ?? 0 }

    /// Bytes the C allocator has handed out and not had back, over every arena (glibc's
    /// `mallinfo2`): what leaks would grow, whatever the arenas keep in reserve.
    public static var heapInUseKilobytes: Int { Int(cqrtestsupport_heap_in_use()) / 1_024 }

    /// Gives the allocator's free memory back to the system (`malloc_trim`), so that
    /// ``residentKilobytes`` shows memory in use rather than memory kept in reserve.
    public static func trim() { cqrtestsupport_trim() }

    /// Peak resident memory, in kilobytes.
    public static var peakKilobytes: Int { status("VmHWM") ?? 0 }

    /// Resets this process's peak (`VmHWM`) to its resident memory now (Linux 4.0 and
    /// later), so the next peak measures only what follows. False when not supported.
    @discardableResult
    public static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }
}

/// One run of a program started with `posix_spawn`, whose own peak resident memory is
/// watched while it runs.
///
/// The peak is sampled from the child's `/proc/<pid>/status` (`VmHWM`, a high-water mark,
/// so a late sample still holds an earlier peak) every few milliseconds. `wait4`'s
/// `ru_maxrss` cannot serve: Linux folds the parent's own peak into the child's at exec,
/// so every child of a big test process looks big.
public struct MeasuredRun: Sendable {
    public var status: Int32
    public var stdout: [UInt8]
    public var stderr: String
    /// The child's peak resident memory, in kilobytes, as last sampled before it exited.
    public var peakKilobytes: Int
    /// Wall-clock time the child took.
    public var elapsed: Duration

    public var text: String { String(decoding: stdout, as: UTF8.self) }

    /// Runs `executable` with `arguments`, output to files in `scratch`.
    public static func run(_ executable: String, _ arguments: [String], scratch: ScratchDirectory) throws -> MeasuredRun
    {
        let outPath = scratch.path("measured-\(UUID().uuidString).out")
        let errPath = scratch.path("measured-\(UUID().uuidString).err")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw CocoaError(
                .executableLoad, userInfo: [NSLocalizedDescriptionKey: "posix_spawn \(executable): \(spawned)"])
        }
        var status: Int32 = 0
        var peak = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { break }
            if let sample = ResourceUsage.status("VmHWM", of: String(pid)) { peak = max(peak, sample) }
            usleep(2_000)
        }
        let elapsed = clock.now - start
        // WIFEXITED / WEXITSTATUS, and 128 + signal for a child killed by a signal.
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let out = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
        let err = (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data()
        return MeasuredRun(
            status: code, stdout: Array(out), stderr: String(decoding: err, as: UTF8.self),
            peakKilobytes: peak, elapsed: elapsed)
    }
}
