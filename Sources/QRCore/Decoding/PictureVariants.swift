// QRKit — PictureVariants: a picture and the copies decode passes derive from it, made once.

/// A picture and the variants that decode passes derive from it, each made once and
/// shared by the passes that ask for it: both engines' inverted passes read the same
/// inverted copy, and a large picture is halved once.
///
/// Variants that every engine may use (inverted, halved, the look for finders) are named
/// here; an engine keeps its own in the memo (``derived(_:_:)``), under a key that says
/// what made them, so that they live in the engine's module.
public final class PictureVariants: Sendable {
    /// The picture as it was read.
    public let original: GrayImage
    /// Raised when the decode this picture belongs to wants no more answers (an engine has
    /// answered, or the caller has stopped it). Passes are the unit of interruption, but a
    /// pass that can run long may look at it as it goes and stop early, throwing
    /// ``DecodeError/cancelled``, rather than hold a worker for an answer nobody will read.
    public let stop: CancellationFlag
    private let memo = Locked<[String: Slot]>([:])
    /// The grids each kind of redrawn read fitted, when it read nothing.
    private let fitted = Locked<[RedrawnFinders: [RedrawnFit]]>([:])

    /// One memo entry, made under its own lock: a pass that asks while another makes it
    /// waits for that value rather than making its own, and other entries are not held up.
    private final class Slot: Sendable {
        /// The value made, boxed: an optional value made nil is a value too.
        let made = Locked<[any Sendable]>([])
    }

    /// - Parameters:
    ///   - original: the picture as it was read.
    ///   - stop: raised when no more answers are wanted (see ``stop``); a new flag by default.
    public init(_ original: GrayImage, stop: CancellationFlag = CancellationFlag()) {
        self.original = original
        self.stop = stop
    }

    /// What `make` derives from the picture, made on the first call for `key` and kept.
    ///
    /// - Parameters:
    ///   - key: names what made the value, such as `zxing.sharpened`; one key, one type.
    ///   - make: derives the value, once.
    public func derived<Value: Sendable>(_ key: String, _ make: () -> Value) -> Value {
        let slot = memo.withLock { slots in
            if let slot = slots[key] { return slot }
            let slot = Slot()
            slots[key] = slot
            return slot
        }
        return slot.made.withLock { made in
            if !made.isEmpty, let value = made[0] as? Value { return value }
            let value = make()
            made = [value]
            return value
        }
    }

    /// The picture with black and white swapped (``GrayImage/inverted()``).
    public var inverted: GrayImage { derived("inverted") { original.inverted() } }

    /// The picture scaled by one half on both axes, by box averaging.
    public var halved: GrayImage { derived("halved") { original.scaled(by: 0.5) } }

    /// The picture scaled by one quarter on both axes, by box averaging.
    public var quartered: GrayImage { derived("quartered") { original.scaled(by: 0.25) } }

    /// Whether the picture shows anything like a QR finder pattern
    /// (`GrayImage.hasFinderLikePattern()`), looked for once: the executor runs an
    /// engine's passes after the first, the expensive ones, only when it does
    /// (``DecodeEngine/passesAfterFirstNeedFinders``). A picture that a first pass reads
    /// never pays for the look.
    public var mayHoldCode: Bool { derived("finder-look") { original.hasFinderLikePattern() } }

    /// How many distinct finder-like patterns the picture shows
    /// (`GrayImage.finderLikePatternCount(upTo:)`), counted once, up to
    /// `finderCountCeiling` + 1: for an engine whose detector's work grows steeply with
    /// that count, to refuse a picture tiled with finders before it is given one.
    package var finderLikePatternCount: Int { finderLikePatternCount(halvings: 0) }

    /// How far `finderLikePatternCount` counts: the highest limit an engine may set.
    package static let finderCountCeiling = 20_000

    /// The picture halved `halvings` times (0, 1 or 2): ``original``, ``halved`` or
    /// ``quartered``.
    package func shrunk(halvings: Int) -> GrayImage {
        switch halvings {
        case 0: original
        case 1: halved
        default: quartered
        }
    }

    /// `finderLikePatternCount` of ``shrunk(halvings:)``, counted once for each.
    package func finderLikePatternCount(halvings: Int) -> Int {
        derived("finder-count-\(halvings)") {
            shrunk(halvings: halvings).finderLikePatternCount(upTo: Self.finderCountCeiling)
        }
    }

    /// Fails as `engine` when the picture (halved `halvings` times: the one it is about to
    /// be given; 0, 1 or 2) shows more than `limit` finder-like patterns: for an engine
    /// whose `library` weighs them in a call that cannot be stopped, with work that grows
    /// steeply with their number.
    package func refuseOverFinderPatterns(
        _ limit: Int, halvings: Int = 0, engine: String, library: String
    ) throws(DecodeError) {
        guard finderLikePatternCount(halvings: halvings) > limit else { return }
        throw .engineFailure(
            engine: engine,
            reason:
                "the picture shows over \(limit) finder-like patterns, more than \(library) can weigh in bounded time")
    }

    /// The symbols that `read` finds in drawings made anew from module grids fitted to
    /// the picture's finder patterns (`GrayImage.readRedrawn(finders:repairing:stop:fits:record:_:)`), corners
    /// in the picture; in a picture over 1600 pixels a side, fitted to the halved picture
    /// (``halved``): a quarter of the pixels to look through for finders.
    /// Stops early, throwing ``DecodeError/cancelled``, once ``stop`` is raised.
    ///
    /// The grids of a read that read nothing are kept, so that a second read of the same
    /// finders (a repairing one) draws them again without fitting them again.
    package func readRedrawn(
        finders: RedrawnFinders = .all, repairing: Bool = false, _ read: (GrayImage) throws -> [Symbol]
    ) throws -> [Symbol] {
        let fitted = self.fitted.withLock { $0[finders] }
        let record: ([RedrawnFit]) -> Void = { fits in self.fitted.withLock { $0[finders] = fits } }
        return try onFittedPicture { picture in
            try picture.readRedrawn(
                finders: finders, repairing: repairing, stop: stop, fits: fitted, record: record,
                candidates: { self.finderCandidates(of: picture) }, read)
        }
    }

    /// The symbol that `read` finds in a drawing made anew from a grid that follows paper
    /// wrapped round a cylinder or folded (`GrayImage.readCurved(stop:fitted:drawn:refined:fits:_:)`),
    /// corners in the picture; in a picture over 1600 pixels a side, fitted to the halved
    /// picture (``halved``), as ``readRedrawn(finders:repairing:_:)`` is.
    /// Stops early, throwing ``DecodeError/cancelled``, once ``stop`` is raised.
    ///
    /// The grids a `redrawn` read by the finders' runs kept (``readRedrawn(finders:repairing:_:)``)
    /// are meshed on from, not fitted again: both read the same picture.
    package func readCurved(_ read: (GrayImage) throws -> [Symbol]) throws -> [Symbol] {
        let fits = fitted.withLock { $0[.byRuns] } ?? []
        return try onFittedPicture { picture in
            try picture.readCurved(stop: stop, fits: fits, candidates: finderCandidates(of: picture), read)
        }
    }

    /// The finder candidates (`GrayImage.finderCandidates()`) of `picture`, the one the
    /// redrawn passes fit to (``onFittedPicture(_:)``), found once for all of them.
    private func finderCandidates(of picture: GrayImage) -> [FinderCandidate] {
        derived(picture.width == original.width ? "finder-candidates" : "finder-candidates-halved") {
            picture.finderCandidates()
        }
    }

    /// Whether a redrawn read by the finders' runs (``readRedrawn(finders:repairing:_:)``)
    /// fitted module grids to finders the picture shows and read none of them: a symbol is
    /// there, and what keeps it unread is its shape or its damage, which the passes that fit
    /// grids are made for. False until such a read has run.
    package var showsUnreadSymbol: Bool {
        fitted.withLock { !($0[.byRuns] ?? []).isEmpty }
    }

    /// What `body` finds in the picture the redrawn passes fit to: the original, or over
    /// 1600 pixels a side the halved picture (``halved``), the corners then taken back to
    /// the original.
    private func onFittedPicture(_ body: (GrayImage) throws -> [Symbol]) rethrows -> [Symbol] {
        guard max(original.width, original.height) > 1600 else { return try body(original) }
        let halved = self.halved
        return try body(halved).map { $0.scaledCorners(by: Double(original.width) / Double(halved.width)) }
    }
}
