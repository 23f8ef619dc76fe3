// QRKit — CorePlacement: which core a thread runs on, and giving way on it.
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Which core a thread runs on, and giving way on it: for a race's backup engine, which
/// must not hold the caller's core while the caller runs the first engine (`QRDecoder`).
///
/// `sched_getcpu` is glibc's, but its Swift module leaves it out (it is declared only
/// under `_GNU_SOURCE`), so it is looked up once among the process's symbols. Where it is
/// missing, a thread does not know its core and never gives way.
package enum CorePlacement {
    private typealias GetCPU = @convention(c) () -> Int32

    private static let getCPU: GetCPU? = {
        guard let symbols = dlopen(nil, RTLD_LAZY), let address = dlsym(symbols, "sched_getcpu") else { return nil }
        return unsafeBitCast(address, to: GetCPU.self)
    }()

    /// The core the calling thread runs on now, or nil where that cannot be told.
    package static func current() -> Int32? {
        guard let core = getCPU?(), core >= 0 else { return nil }
        return core
    }

    /// Gives the calling thread's turn on `core` to the threads waiting for it, when the
    /// thread runs there (`sched_yield`): the kernel lets a new thread take the core it
    /// was made on from the thread that made it, and this hands it back.
    package static func yield(on core: Int32) {
        if current() == core { sched_yield() }
    }
}
