// QRKit — MemoryReservation: memory a picture holds, given back to its budget when it goes.

/// Memory taken from a ``MemoryBudget``, given back when the last reference to it goes:
/// a picture holds one for as long as any copy of it lives.
public final class MemoryReservation: Sendable {
    private let budget: MemoryBudget
    /// The bytes taken.
    public let bytes: Int

    /// Only `MemoryBudget.reserve(_:file:)` makes one, once it has taken `bytes`.
    init(budget: MemoryBudget, bytes: Int) {
        self.budget = budget
        self.bytes = bytes
    }

    deinit { budget.release(bytes) }
}
