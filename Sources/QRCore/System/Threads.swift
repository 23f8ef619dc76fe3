// QRKit — Threads: starting threads, their CPU time, identity and priority, and the cores online.
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The CPU time the calling thread has used (CLOCK_THREAD_CPUTIME_ID): what an engine's
/// pass cost, whatever else the machine was doing.
package func threadCPUTime() -> Duration {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
}

/// Starts a detached thread named `name` (as `top -H` and `/proc` show it) that runs
/// `body`, or runs `body` on a Dispatch queue labelled `name` when no thread can be made.
/// Unnamed, a thread would carry its creator's name, so the decode workers would look
/// like the Swift concurrency pool's threads that happened to start them.
package func startThread(named name: String, _ body: @escaping @Sendable () -> Void) {
    final class Start {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let start = Unmanaged.passRetained(
        Start {
            nameThisThread(name)
            body()
        })
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    let status = pthread_create(
        &thread, &attributes,
        { raw in
            Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, start.toOpaque())
    if status != 0 {
        start.release()
        DispatchQueue(label: name).async(execute: body)
    }
}

/// Names the calling thread: the kernel keeps the first 15 bytes. Through
/// `/proc/thread-self/comm`, since glibc's `pthread_setname_np` is not visible to Swift
/// here; where that file cannot be written the thread keeps its name.
private func nameThisThread(_ name: String) {
    let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard file >= 0 else { return }
    defer { close(file) }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
}

/// The calling thread's identity (`pthread_self`), to look it up among threads of one's own.
package func currentThreadID() -> UInt {
    UInt(bitPattern: Int(bitPattern: UInt(pthread_self())))
}

/// Lowers the calling thread's priority to nice `value` (Linux keeps a nice value per
/// thread), so that it gives way to the threads at the process's own when they share a core.
package func lowerThreadPriority(to value: Int32) {
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, value)
}

/// The cores online (`sysconf`), at least one: the size of the shared decode executor.
package func onlineCoreCount() -> Int {
    max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}
