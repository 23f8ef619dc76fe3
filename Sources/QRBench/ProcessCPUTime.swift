// QRBench — ProcessCPUTime: the CPU time the whole process has used, every thread.
import QRCorpus
import QRKit

#if canImport(Glibc)
import Glibc
#endif

/// CPU time the whole process has used, user and system, every thread.
func processCPUTime() -> Duration {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.cpuTime
}

extension rusage {
    /// User and system CPU time together.
    package var cpuTime: Duration {
        .seconds(ru_utime.tv_sec + ru_stime.tv_sec) + .microseconds(ru_utime.tv_usec + ru_stime.tv_usec)
    }
}
