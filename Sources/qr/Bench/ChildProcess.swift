// qr — ChildProcess: runs a program and collects its standard output (posix_spawn, a pipe,
// wait4), for `qr bench`'s cold calls in fresh processes and its peers (`--peers`).
//
// Foundation's `Process` would do, but `qr` leaves Foundation out of its start-up (see
// QRKit's FileSystem.swift); this is the part of `Process` the bench needs.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import QRBench
import QRCorpus
import QRKit

enum ChildProcess {
    /// Runs `executable` with `arguments` and returns what it wrote to standard output.
    ///
    /// - Returns: the bytes written, or nil when the program could not be started or did
    ///   not exit with status 0.
    static func output(of executable: String, _ arguments: [String]) -> [UInt8]? {
        guard let run = run(executable, arguments), run.exitStatus == 0 else { return nil }
        return run.output
    }

    /// Runs `executable` with `arguments` to its end: its standard output, its exit
    /// status, and the CPU time it used (user and system, from `wait4`).
    ///
    /// As Foundation's `Process` runs a child with only its standard output piped: argv[0]
    /// is `executable`, the environment is this process's, standard input and standard
    /// error are /dev/null, and the child leads a process group of its own (a Ctrl-C at
    /// the terminal reaches `qr`, not the child).
    ///
    /// - Returns: nil when the program could not be started.
    static func run(_ executable: String, _ arguments: [String]) -> ProcessRun? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }
        // Only the child's 0, 1 and 2 (made by dup2, which clears the flag) survive its exec.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        guard null >= 0 else {
            close(writeEnd)
            return nil
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, null, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, null, STDERR_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Process group 0: a new group, led by the child.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        // The child holds its own copies now; the pipe ends at EOF when it exits.
        close(writeEnd)
        close(null)
        guard spawned == 0 else { return nil }

        let output = (try? FileSystem.read(descriptor: readEnd, name: executable)) ?? []
        var status: Int32 = 0
        var usage = rusage()
        var waited: pid_t
        repeat {
            waited = wait4(pid, &status, 0, &usage)
        } while waited == -1 && errno == EINTR
        guard waited == pid else { return nil }
        // Exited when no signal is in the low 7 bits; the status is the next 8 bits.
        return ProcessRun(
            output: output, exitStatus: status & 0x7F == 0 ? (status >> 8) & 0xFF : nil,
            cpuMilliseconds: usage.cpuTime.milliseconds)
    }

    /// The path of `program` in a folder of PATH where it is an executable file; nil when
    /// there is none.
    static func find(onPath program: String) -> String? {
        guard let path = getenv("PATH") else { return nil }
        for folder in String(cString: path).split(separator: ":", omittingEmptySubsequences: false) {
            // An empty entry means the current folder, as for the shell.
            let candidate = FileSystem.join(folder.isEmpty ? "." : String(folder), program)
            var info = stat()
            if access(candidate, X_OK) == 0, stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                return candidate
            }
        }
        return nil
    }
}
