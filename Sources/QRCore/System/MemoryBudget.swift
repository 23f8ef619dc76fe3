// QRKit — MemoryBudget: the memory that pictures being read and decoded may hold at once.

/// The memory that pictures may hold at once while they are read and decoded: one budget
/// for the process (``shared``), which every reader uses unless given one of its own.
///
/// A picture's header says what reading and decoding it will hold: the reader's own
/// buffers (an animation's canvases, rows of 16-bit samples, a progressive JPEG's
/// coefficients), the picture, and the engines' copies of it. A reader asks the budget
/// for that much before it allocates any of it:
///
/// - a picture that needs more than the whole budget is refused, with the figure
///   (``ImageError/overMemoryBudget(file:needed:budget:)``);
/// - one that needs more than is free waits until other pictures let theirs go, so that
///   pictures read in parallel (`qr decode --jobs 8`) hold no more than the budget
///   between them, rather than eight times what one may hold.
///
/// A picture holds its share for as long as any copy of its ``GrayImage`` lives. A reader
/// on a ``DecodeExecutor`` worker runs other pictures' queued passes while it waits, so
/// that the pictures holding memory can finish; one that has waited `longestWait`
/// gives up, naming the budget, rather than wait for ever on pictures kept alive
/// elsewhere.
///
///     let reader = ImageReader(memoryBudget: MemoryBudget(bytes: 64 << 20))
public final class MemoryBudget: Sendable {
    /// The budget of every reader given none of its own.
    public static let shared = MemoryBudget(bytes: defaultBytes)

    /// The budget a process has unless told otherwise: 512 MiB, which holds a 48-megapixel
    /// photograph being decoded, or several of a phone's usual size.
    public static let defaultBytes = 512 << 20

    /// What decoding a picture holds, a byte for each of its pixels: the picture and the
    /// engines' copies of it (binarised, inverted, rescaled, sharpened, padded).
    package static let decodeBytesPerPixel = 7

    /// The longest a reader waits for memory held by other pictures.
    package static let longestWait = Duration.seconds(60)

    /// The most bytes pictures may hold at once.
    public let bytes: Int
    private let used = Locked(0)

    /// - Parameter bytes: the most bytes pictures may hold at once; zero or less refuses
    ///   every picture.
    public init(bytes: Int) {
        self.bytes = bytes
    }

    /// The bytes held now.
    public var inUse: Int { used.withLock { $0 } }

    /// Takes `amount` bytes for the picture `file`, waiting while others hold too much.
    ///
    /// - Throws: ``ImageError/overMemoryBudget(file:needed:budget:)`` when `amount` is more
    ///   than the whole budget, and ``ImageError/unreadableFile(file:reason:)`` when the
    ///   memory stayed taken for `longestWait`.
    package func reserve(_ amount: Int, file: String) throws(ImageError) -> MemoryReservation {
        let amount = max(0, amount)
        guard amount <= bytes else { throw .overMemoryBudget(file: file, needed: amount, budget: bytes) }
        let clock = ContinuousClock()
        let deadline = clock.now + Self.longestWait
        while true {
            let taken = used.withLock { used -> Bool in
                guard used + amount <= bytes else { return false }
                used += amount
                return true
            }
            if taken { return MemoryReservation(budget: self, bytes: amount) }
            if clock.now >= deadline {
                throw .unreadableFile(
                    file: file,
                    reason:
                        "its \(Self.megabytes(amount)) MB did not come free within \(Self.longestWait): other pictures held the memory budget of \(Self.megabytes(bytes)) MB"
                )
            }
            // A worker of an executor helps the pictures that hold the memory to finish:
            // were every worker waiting here, none would be left to run their passes.
            if !DecodeExecutor.runQueuedPassOnThisWorker() { FileSystem.pause(microseconds: 2_000) }
        }
    }

    /// Gives back what a ``MemoryReservation`` took; only the reservation calls it, once.
    func release(_ amount: Int) {
        used.withLock { $0 -= amount }
    }

    /// `bytes` in whole megabytes (MiB), rounded up.
    package static func megabytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
}
