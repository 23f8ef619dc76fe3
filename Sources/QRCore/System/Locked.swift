// QRKit — Locked: a value behind a pthread mutex, the one lock-protected box of the package.
#if canImport(Glibc)
import Glibc
#endif

/// A value shared between threads, reached only under its lock.
///
/// It wraps a `pthread_mutex_t` rather than the Synchronization module's `Mutex`: on
/// Linux that one waits on raw futexes, which ThreadSanitizer cannot see, so every
/// access behind it shows up as a race and real races would hide among them.
///
///     let counter = Locked(0)
///     counter.withLock { $0 += 1 }
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside `withLock`, under `mutex`.
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Makes a box holding `value`.
    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, under the lock, and returns what it returns.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
