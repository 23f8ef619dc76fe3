// QRKit test support — ResourceUsage: resident memory of this process and of a child.
import Foundation

#if canImport(Glibc)
import Glibc
#endif

public enum ResourceUsage {
    /// A field of /proc/self/status in kilobytes, such as `VmRSS` (resident now) or
    /// `VmHWM` (the peak).
    public static func status(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.dropFirst(field.count + 1).split(separator: " ").first ?? "")
        }
        return nil
    }

    /// Resident memory now, in kilobytes.
    public static var residentKilobytes: Int { status("VmRSS") ?? 0 }
}

/// One run of a program started with `posix_spawn` and reaped with `wait4`, so its own
/// peak resident memory is known (not that of every child the test process ever had).
public struct MeasuredRun: Sendable {
    public var status: Int32
    public var stdout: [UInt8]
    public var stderr: String
    /// The child's peak resident memory, in kilobytes.
    public var peakKilobytes: Int
    /// Wall-clock time the child took.
    public var elapsed: Duration

    public var text: String { String(decoding: stdout, as: UTF8.self) }

    /// Runs `executable` with `arguments`, output to files in `scratch`.
    public static func run(_ executable: String, _ arguments: [String], scratch: ScratchDirectory) throws -> MeasuredRun {
        let outPath = scratch.path("measured-\(UUID().uuidString).out")
        let errPath = scratch.path("measured-\(UUID().uuidString).err")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "posix_spawn \(executable): \(spawned)"])
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = clock.now - start
        // WIFEXITED / WEXITSTATUS, and 128 + signal for a child killed by a signal.
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let out = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
        let err = (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data()
        return MeasuredRun(
            status: code, stdout: Array(out), stderr: String(decoding: err, as: UTF8.self),
            peakKilobytes: Int(usage.ru_maxrss), elapsed: elapsed)
    }
}
