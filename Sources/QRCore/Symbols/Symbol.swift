// QRKit — Symbol: one code read from a picture.

/// One code read from a picture.
///
/// `bytes` are the payload exactly as stored in the symbol; `text` is those bytes in the
/// character set the symbol names (ECI, Kanji mode) when its engine reports one, else
/// decoded by ``SymbolText`` (UTF-8, Shift_JIS or ISO-8859-1), the same way whichever
/// engine read it.
public struct Symbol: Sendable, Hashable {
    /// The payload as text.
    public var text: String
    /// The payload bytes, exactly as encoded.
    public var bytes: [UInt8]
    /// Corners in picture pixels: top-left, top-right, bottom-right, bottom-left of the
    /// symbol as printed (not as seen: a code upside down still lists its own top-left first).
    public var corners: [Point]
    /// The error-correction level, when the engine reports it.
    public var errorCorrection: ErrorCorrectionLevel?
    /// Structured-append position, when the symbol is part of a sequence and the engine
    /// read its header.
    public var structuredAppend: StructuredAppendInfo?
    /// True when the engine knows this symbol is one part of a structured-append sequence
    /// but could not read its header (``structuredAppend`` is then nil): zbar joins the
    /// sequences it sees whole and keeps the headers to itself. The strategies take such
    /// an answer as provisional and let the other engines place the part (see ``QRDecoder``).
    public var isUnplacedSequencePart: Bool
    /// True when the symbol declared its character set with an ECI designator.
    public var hasECI: Bool
    /// True for a Micro QR symbol.
    public var isMicro: Bool
    /// Name of the engine that read it.
    public var engine: String

    public init(
        text: String, bytes: [UInt8], corners: [Point], errorCorrection: ErrorCorrectionLevel? = nil,
        structuredAppend: StructuredAppendInfo? = nil, isUnplacedSequencePart: Bool = false, hasECI: Bool = false,
        isMicro: Bool = false, engine: String
    ) {
        self.text = text
        self.bytes = bytes
        self.corners = corners
        self.errorCorrection = errorCorrection
        self.structuredAppend = structuredAppend
        self.isUnplacedSequencePart = isUnplacedSequencePart
        self.hasECI = hasECI
        self.isMicro = isMicro
        self.engine = engine
    }

    /// True when the symbol is one part of a structured-append sequence, placed or not.
    public var isSequencePart: Bool { structuredAppend != nil || isUnplacedSequencePart }

    /// The axis-aligned box around the corners: (minX, minY, maxX, maxY).
    var boundingBox: (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        guard let first = corners.first else { return nil }
        var box = (minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        for p in corners.dropFirst() {
            box.minX = min(box.minX, p.x)
            box.minY = min(box.minY, p.y)
            box.maxX = max(box.maxX, p.x)
            box.maxY = max(box.maxY, p.y)
        }
        return box
    }

    /// The mean of the corners; nil when there are none.
    var middle: (x: Double, y: Double)? {
        guard !corners.isEmpty else { return nil }
        let count = Double(corners.count)
        return (
            Double(corners.reduce(0) { $0 + $1.x }) / count, Double(corners.reduce(0) { $0 + $1.y }) / count
        )
    }

    /// Whether `point` lies inside the polygon of the corners, whichever way round they go
    /// (a mirrored code lists them the other way): a count of the edges a ray from it crosses.
    func encloses(_ point: (x: Double, y: Double)) -> Bool {
        var inside = false
        for (index, a) in corners.enumerated() {
            let b = corners[(index + 1) % corners.count]
            let (ax, ay, bx, by) = (Double(a.x), Double(a.y), Double(b.x), Double(b.y))
            if (ay > point.y) != (by > point.y), point.x < ax + (point.y - ay) * (bx - ax) / (by - ay) {
                inside.toggle()
            }
        }
        return inside
    }

    /// True when both symbols hold the same bytes at overlapping places: one code read twice.
    public func isSameCode(as other: Symbol) -> Bool {
        guard bytes == other.bytes else { return false }
        guard let a = boundingBox, let b = other.boundingBox else { return true }
        return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }
}

extension Array where Element == Symbol {
    /// True when an engine's answer holds a part it could not place: the strategies take
    /// it as provisional and go on as after a miss (see ``QRDecoder``).
    var isProvisionalAnswer: Bool { contains(where: \.isUnplacedSequencePart) }

    /// The symbols a strategy answers with, from the engines' answers (`found`, one list
    /// each): the winner's, with the parts of provisional answers that it did not read;
    /// with no winner (or for `all`), every answer merged. Micro QR reads inside a QR
    /// symbol read are left out (``removingMicroReadsInsideQR()``).
    static func answer(winner: [Symbol]?, found: [[Symbol]]) -> [Symbol] {
        guard let winner else { return found.flatMap { $0 }.removingDuplicateReads().removingMicroReadsInsideQR() }
        let provisional = found.filter(\.isProvisionalAnswer).flatMap { $0 }
        let answer = provisional.isEmpty ? winner : (winner + provisional).removingDuplicateReads()
        return answer.removingMicroReadsInsideQR()
    }

    /// The symbols without the Micro QR reads whose middle lies inside a QR symbol read
    /// with them. A QR code's finder and the modules beside it can pass for a Micro QR
    /// symbol (zxing-cpp 1.4 reads such a one, empty, where the QR code's own read came
    /// from another pass), while a real Micro QR symbol never lies inside another code:
    /// its quiet zone keeps them apart. The QR read, with three finders and a longer
    /// format check, is the one kept.
    package func removingMicroReadsInsideQR() -> [Symbol] {
        let codes = filter { !$0.isMicro && $0.corners.count >= 3 }
        guard !codes.isEmpty, contains(where: \.isMicro) else { return self }
        return filter { symbol in
            guard symbol.isMicro, let middle = symbol.middle else { return true }
            return !codes.contains { $0.encloses(middle) }
        }
    }

    /// The symbols with repeated reads of one code removed, first read kept, order kept;
    /// but a read that places a structured-append part replaces an earlier read of the same
    /// code that could not (zbar's), so that merging engines' answers keeps the position.
    public func removingDuplicateReads() -> [Symbol] {
        var kept: [Symbol] = []
        for symbol in self {
            if let index = kept.firstIndex(where: { $0.isSameCode(as: symbol) }) {
                if kept[index].isUnplacedSequencePart && symbol.structuredAppend != nil { kept[index] = symbol }
            } else {
                kept.append(symbol)
            }
        }
        return kept
    }
}

/// Corners mapped back from a picture an engine changed before reading it.
extension Symbol {
    /// The symbol with its corners moved by `delta` on both axes (undoing a padding).
    package func offsetCorners(by delta: Int) -> Symbol {
        var copy = self
        copy.corners = corners.map { Point(x: $0.x + delta, y: $0.y + delta) }
        return copy
    }

    /// The symbol with its corners mapped back from a picture scaled by `1 / factor`.
    package func scaledCorners(by factor: Double) -> Symbol {
        var copy = self
        copy.corners = corners.map {
            Point(x: Int((Double($0.x) * factor).rounded()), y: Int((Double($0.y) * factor).rounded()))
        }
        return copy
    }
}
