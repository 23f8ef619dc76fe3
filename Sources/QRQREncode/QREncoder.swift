// QRKit — QREncoder: payload to QRMatrix; the only file that talks to libqrencode.
import QRCore
import CQREncode

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Encodes text or bytes as QR Code or Micro QR symbols, through libqrencode.
///
/// A value type with no state: share one, or make one wherever needed, from any task.
/// libqrencode is opened when the process first encodes, so a program that only decodes
/// never loads it.
///
/// ```swift
/// let encoder = QREncoder()
/// let matrix = try encoder.encode(text: "hello", options: EncodeOptions(level: .m))
/// let parts = try encoder.encodeSplit(text: longText, into: 3)
/// ```
public struct QREncoder: Sendable {
    /// Makes an encoder.
    public init() {}

    /// Encodes text as one symbol.
    ///
    /// Text is written as UTF-8, with libqrencode choosing numeric, alphanumeric and 8-bit
    /// segments for the smallest symbol (`.automatic`), as one 8-bit segment
    /// (`.eightBit`), or as Shift_JIS with Kanji segments (`.kanji`). Text holding U+0000
    /// is written in 8-bit mode, so the NUL survives.
    ///
    /// - Parameters:
    ///   - text: The text; must not be empty.
    ///   - options: Level, version, modes; see `EncodeOptions`.
    /// - Returns: The symbol's modules.
    /// - Throws: `EncodeError`: `.emptyInput`, `.payloadTooLarge` (with the capacity of
    ///   the largest allowed symbol), `.notShiftJIS`, an option error from
    ///   `EncodeOptions.validate(split:)`, or `.libraryUnavailable` when libqrencode, which
    ///   is opened with the first code made, cannot be.
    ///
    /// ```swift
    /// let matrix = try QREncoder().encode(text: "héllo wörld", options: EncodeOptions(level: .q))
    /// ```
    public func encode(text: String, options: EncodeOptions = EncodeOptions()) throws -> QRMatrix {
        try encode(.text(text), options: options)
    }

    /// Encodes bytes as one symbol, NULs included.
    ///
    /// With `.automatic` mode, runs of digits or upper-case letters may still use the
    /// denser numeric and alphanumeric segments; `.eightBit` writes every byte in 8-bit
    /// mode. Either way a reader gets the same bytes back.
    ///
    /// - Parameters:
    ///   - bytes: The payload; must not be empty.
    ///   - options: Level, version, modes; `.kanji` is refused for bytes.
    /// - Returns: The symbol's modules.
    /// - Throws: `EncodeError`, as for `encode(text:options:)`, plus `.eciNeedsUTF8` when
    ///   `options.eci` is set and the bytes are not UTF-8.
    ///
    /// ```swift
    /// let matrix = try QREncoder().encode(bytes: [0x00, 0xFF, 0x41], options: EncodeOptions(mode: .eightBit))
    /// ```
    public func encode(bytes: [UInt8], options: EncodeOptions = EncodeOptions()) throws -> QRMatrix {
        try encode(.bytes(bytes), options: options)
    }

    /// Encodes a payload as one symbol.
    ///
    /// - Parameters:
    ///   - payload: Text or bytes.
    ///   - options: Level, version, modes.
    /// - Returns: The symbol's modules.
    /// - Throws: `EncodeError`; see `encode(text:options:)` and `encode(bytes:options:)`.
    ///
    /// ```swift
    /// let matrix = try QREncoder().encode(.text("12345"), options: EncodeOptions(micro: true))
    /// ```
    public func encode(_ payload: QRPayload, options: EncodeOptions = EncodeOptions()) throws -> QRMatrix {
        try options.validate()
        try Self.openLibrary()
        let prepared = try PreparedPayload(payload, options: options)
        if options.boostLevel, !options.micro, let boosted = Self.boostedAtOnce(prepared, options: options) {
            return boosted
        }
        let matrix =
            options.micro ? try encodeMicro(prepared, options: options) : try encodeStandard(prepared, options: options)
        return options.boostLevel ? Self.boosted(matrix, prepared) : matrix
    }

    /// The symbol ``boosted(_:_:)`` would give, in one encoding instead of two, when the
    /// capacity tables name its version before anything is encoded; nil when they cannot.
    ///
    /// The version the requested level needs is at least the smallest whose capacity at
    /// that level holds the payload's fewest possible bits. Encoded in that version at the
    /// highest level whose capacity could hold them too, the payload either fits, and then
    /// at the lower requested level it fitted there as well: that is its version, and this
    /// the level `boosted` tries first, so the same symbol. Or libqrencode grows the
    /// version, and the symbol is found the long way. Versions 1 to 9 only: there the
    /// character counts are as long as when libqrencode picks the version itself, so it
    /// splits the payload into the same segments either way.
    private static func boostedAtOnce(_ prepared: PreparedPayload, options: EncodeOptions) -> QRMatrix? {
        let first = max(options.version ?? 1, 1)
        guard !options.strictVersion, first <= 9, prepared.bytes.count <= maximumPayload else { return nil }
        // The same for every version from 1 to 9, whose character counts are alike.
        let needed = prepared.minimumBits(version: first, micro: false)
        guard
            let version = (first...9).first(where: {
                (QRCapacity.dataBits(version: $0, level: options.level, micro: false) ?? 0) >= needed
            }),
            let level = levels(above: options.level, holding: needed, version: version, micro: false).first,
            case .success(let matrix) = encodeOnce(prepared, version: version, level: level, micro: false),
            matrix.version == version
        else { return nil }
        return matrix
    }

    /// The levels above `level`, highest first, whose capacity in `version` holds `bits`:
    /// the only ones at which a payload of at least `bits` can keep that version.
    private static func levels(above level: ErrorCorrectionLevel, holding bits: Int, version: Int, micro: Bool)
        -> [ErrorCorrectionLevel]
    {
        ErrorCorrectionLevel.allCases.reversed().filter {
            $0 > level && (QRCapacity.dataBits(version: version, level: $0, micro: micro) ?? 0) >= bits
        }
    }

    /// Structured-append symbols re-encoded at the highest level at which every part
    /// keeps its version, or `matrices`. A part is one segment, so its bits are known
    /// exactly: one encoding more when a higher level fits, none otherwise.
    private static func boostedSplit(_ matrices: [QRMatrix], _ chunks: [PreparedPayload], parity: UInt8) -> [QRMatrix] {
        guard let current = matrices.first?.level else { return matrices }
        let versions = matrices.map(\.version)
        let needed = zip(chunks, versions).map { chunk, version in
            chunk.minimumBits(version: version, micro: false, structured: true)
        }
        for level in ErrorCorrectionLevel.allCases.reversed() where level > current {
            let fits = zip(needed, versions).allSatisfy { bits, version in
                (QRCapacity.dataBits(version: version, level: level, micro: false) ?? 0) >= bits
            }
            guard fits else { continue }
            if case .success(let boosted) = encodeStructured(chunks, parity: parity, versions: versions, level: level),
                boosted.map(\.version) == versions
            {
                return boosted
            }
        }
        return matrices
    }

    /// `matrix` re-encoded at the highest level that fits its version, or `matrix`.
    ///
    /// The capacity tables rule out the levels that cannot hold the payload's fewest
    /// possible bits; only a level they allow is encoded, and kept when libqrencode
    /// did not have to grow the version for it. Mostly one more encoding, none when no
    /// higher level can fit.
    private static func boosted(_ matrix: QRMatrix, _ prepared: PreparedPayload) -> QRMatrix {
        let needed = prepared.minimumBits(version: matrix.version, micro: matrix.isMicro)
        for level in levels(above: matrix.level, holding: needed, version: matrix.version, micro: matrix.isMicro) {
            if case .success(let candidate) = encodeOnce(
                prepared, version: matrix.version, level: level, micro: matrix.isMicro),
                candidate.version == matrix.version
            {
                return candidate
            }
        }
        return matrix
    }

    /// Encodes text over several symbols joined by structured append.
    ///
    /// See `encodeSplit(_:into:options:)`.
    ///
    /// ```swift
    /// let symbols = try QREncoder().encodeSplit(text: longText, into: 4)
    /// ```
    public func encodeSplit(text: String, into parts: Int, options: EncodeOptions = EncodeOptions()) throws
        -> [QRMatrix]
    {
        try encodeSplit(.text(text), into: parts, options: options)
    }

    /// Encodes a payload over `parts` symbols joined by structured append.
    ///
    /// The payload is cut at character boundaries into parts of about equal size; each
    /// symbol carries its index, the count and the parity of the whole payload, so a
    /// reader can put them back together. Each part uses one segment mode: numeric or
    /// alphanumeric when all of it qualifies, Kanji in Kanji mode when all of it is
    /// double-byte, 8-bit otherwise. With `options.eci`, every part starts with the
    /// UTF-8 ECI header. One part gives a plain symbol, with no structured append.
    ///
    /// - Parameters:
    ///   - payload: Text or bytes.
    ///   - parts: The number of symbols, 1–16.
    ///   - options: Level, version, modes; Micro QR has no structured append.
    /// - Returns: The symbols, in order.
    /// - Throws: `EncodeError.invalidSplitCount`, `.tooShortToSplit`, `.payloadTooLarge`
    ///   (for the largest part), or any error of `encode(_:options:)`.
    ///
    /// ```swift
    /// let symbols = try QREncoder().encodeSplit(.bytes(firmware), into: 16, options: EncodeOptions(level: .l))
    /// ```
    public func encodeSplit(_ payload: QRPayload, into parts: Int, options: EncodeOptions = EncodeOptions()) throws
        -> [QRMatrix]
    {
        try options.validate(split: parts)
        if parts == 1 { return [try encode(payload, options: options)] }
        try Self.openLibrary()
        let prepared = try PreparedPayload(payload, options: options)
        let largestVersion = options.strictVersion ? options.version ?? 40 : 40
        let overhead = 20 + (prepared.eci != nil ? 12 : 0)
        // Each part is refused past maximumPayload before its size is narrowed to a C int;
        // the whole may be up to `parts` times that (16 × 7089 digits fit).
        guard prepared.bytes.count <= Self.maximumPayload * parts else {
            throw prepared.splitPartTooLarge(
                part: 1, parts: parts, version: largestVersion, options: options, overheadBits: overhead, whole: true)
        }
        let chunks = try prepared.split(into: parts)
        let parity = prepared.bytes.reduce(UInt8(0), ^)
        let version = options.version ?? 0

        let versions = [Int](repeating: version, count: chunks.count)
        let outcome = Self.encodeStructured(chunks, parity: parity, versions: versions, level: options.level)
        switch outcome {
        case .success(let matrices):
            if options.strictVersion, let version = options.version,
                let index = matrices.firstIndex(where: { $0.version != version })
            {
                throw chunks[index].splitPartTooLarge(
                    part: index + 1, parts: parts, version: version, options: options, overheadBits: overhead)
            }
            return options.boostLevel ? Self.boostedSplit(matrices, chunks, parity: parity) : matrices
        case .failure(let failure):
            if failure.code == ERANGE {
                let lengths = chunks.map { $0.measure().length }
                let largest = lengths.indices.max { lengths[$0] < lengths[$1] } ?? 0
                throw chunks[largest].splitPartTooLarge(
                    part: largest + 1, parts: parts, version: largestVersion, options: options, overheadBits: overhead)
            }
            throw failure.encodeError
        }
    }

    // MARK: - Standard and Micro QR

    private func encodeStandard(_ prepared: PreparedPayload, options: EncodeOptions) throws -> QRMatrix {
        guard prepared.bytes.count <= Self.maximumPayload else {
            throw prepared.tooLarge(version: options.strictVersion ? options.version ?? 40 : 40, options: options)
        }
        switch Self.encodeOnce(prepared, version: options.version ?? 0, level: options.level, micro: false) {
        case .success(let matrix):
            if options.strictVersion, let version = options.version, matrix.version != version {
                throw prepared.tooLarge(version: version, options: options)
            }
            return matrix
        case .failure(let failure):
            if failure.code == ERANGE { throw prepared.tooLarge(version: 40, options: options) }
            throw failure.encodeError
        }
    }

    /// Micro QR: libqrencode wants an explicit version, so try each from the smallest
    /// allowed (and able to hold the level) until one fits.
    private func encodeMicro(_ prepared: PreparedPayload, options: EncodeOptions) throws -> QRMatrix {
        guard prepared.bytes.count <= Self.maximumPayload else {
            throw prepared.tooLarge(version: options.strictVersion ? options.version ?? 4 : 4, options: options)
        }
        var lowest = options.level.lowestMicroVersion
        // libqrencode 4.1.1 puts Kanji segments in M2, which has numeric and
        // alphanumeric modes only (readers reject it); Kanji needs M3 or larger.
        if prepared.containsKanji { lowest = max(lowest, 3) }
        if options.strictVersion, let version = options.version, version < lowest {
            throw prepared.tooLarge(version: version, options: options)
        }
        let first = max(options.version ?? lowest, lowest)
        let last = options.strictVersion ? first : 4
        if first <= last {
            for version in first...last {
                switch Self.encodeOnce(prepared, version: version, level: options.level, micro: true) {
                case .success(let matrix):
                    // libqrencode grows by itself; held to one version, that is a miss.
                    if options.strictVersion, matrix.version != version { continue }
                    return matrix
                case .failure(let failure):
                    guard failure.code == ERANGE || failure.code == EINVAL else { throw failure.encodeError }
                }
            }
        }
        throw prepared.tooLarge(version: last, options: options)
    }

    /// Far past any symbol's capacity (7089 digits); longer payloads are refused before
    /// their size is narrowed to a C `int`.
    private static let maximumPayload = 1 << 16

    // MARK: - libqrencode calls

    /// `errno` from a failed libqrencode call, read at once.
    /// Opens libqrencode, which the process loads only when it first encodes.
    ///
    /// - Throws: ``/QRCore/EncodeError/libraryUnavailable(reason:)`` when it cannot be opened.
    private static func openLibrary() throws(EncodeError) {
        if let reason = cqrencode_open() { throw .libraryUnavailable(reason: String(cString: reason)) }
    }

    struct LibraryFailure: Error {
        let code: Int32

        var encodeError: EncodeError {
            switch code {
            case EINVAL: .invalidInput
            case ENOMEM: .outOfMemory
            default: .libraryFailure(errno: code)
            }
        }
    }

    private static func qrLevel(_ level: ErrorCorrectionLevel) -> QRecLevel {
        switch level {
        case .l: QR_ECLEVEL_L
        case .m: QR_ECLEVEL_M
        case .q: QR_ECLEVEL_Q
        case .h: QR_ECLEVEL_H
        }
    }

    /// Runs one libqrencode call that returns a `QRcode`, copies it into a `QRMatrix`
    /// and frees it; on NULL, reports `errno` as it was right after the call.
    private static func run(
        level: ErrorCorrectionLevel, micro: Bool, _ call: () -> UnsafeMutablePointer<QRcode>?
    ) -> Result<QRMatrix, LibraryFailure> {
        errno = 0
        guard let code = call() else { return .failure(LibraryFailure(code: errno)) }
        defer { cqrencode_QRcode_free(code) }
        return .success(matrix(from: code.pointee, level: level, micro: micro))
    }

    private static func matrix(from code: QRcode, level: ErrorCorrectionLevel, micro: Bool) -> QRMatrix {
        let size = Int(code.width)
        // Bit 0 of each of libqrencode's bytes means dark.
        let modules = UnsafeBufferPointer(start: code.data, count: size * size).map { $0 & 1 == 1 }
        return QRMatrix(size: size, version: Int(code.version), level: level, isMicro: micro, encoded: modules)
    }

    /// One attempt at one version (0: the smallest that fits).
    private static func encodeOnce(
        _ prepared: PreparedPayload, version: Int, level: ErrorCorrectionLevel, micro: Bool
    ) -> Result<QRMatrix, LibraryFailure> {
        if let designator = prepared.eci {
            return encodeWithECI(prepared.bytes, designator: designator, version: version, level: level)
        }
        let hint: QRencodeMode
        switch prepared.segmentation {
        case .eightBit:
            return encodeData(prepared.bytes, version: version, level: level, micro: micro)
        case .single(let mode):
            return encodeSegment(qrMode(mode), prepared.bytes, version: version, level: level, micro: micro)
        case .automatic: hint = QR_MODE_8
        case .kanji: hint = QR_MODE_KANJI
        }
        // libqrencode's optimiser reads a C string: NUL-safe text goes in 8-bit mode.
        if prepared.bytes.contains(0) {
            return encodeData(prepared.bytes, version: version, level: level, micro: micro)
        }
        var cString = prepared.bytes
        cString.append(0)
        let optimised = cString.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                run(level: level, micro: micro) {
                    micro
                        ? cqrencode_QRcode_encodeStringMQR(chars.baseAddress, Int32(version), qrLevel(level), hint, 1)
                        : cqrencode_QRcode_encodeString(chars.baseAddress, Int32(version), qrLevel(level), hint, 1)
                }
            }
        }
        // The optimiser is greedy; all-8-bit can be a few bits shorter at the edge.
        if case .failure(let failure) = optimised, failure.code == ERANGE {
            let plain = encodeData(prepared.bytes, version: version, level: level, micro: micro)
            if case .success = plain { return plain }
        }
        return optimised
    }

    private static func encodeData(
        _ bytes: [UInt8], version: Int, level: ErrorCorrectionLevel, micro: Bool
    ) -> Result<QRMatrix, LibraryFailure> {
        bytes.withUnsafeBufferPointer { buffer in
            run(level: level, micro: micro) {
                micro
                    ? cqrencode_QRcode_encodeDataMQR(
                        Int32(buffer.count), buffer.baseAddress, Int32(version), qrLevel(level))
                    : cqrencode_QRcode_encodeData(
                        Int32(buffer.count), buffer.baseAddress, Int32(version), qrLevel(level))
            }
        }
    }

    /// An ECI designator, then the bytes in one 8-bit segment.
    private static func encodeWithECI(
        _ bytes: [UInt8], designator: Int, version: Int, level: ErrorCorrectionLevel
    ) -> Result<QRMatrix, LibraryFailure> {
        errno = 0
        guard let input = cqrencode_QRinput_new2(Int32(version), qrLevel(level)) else {
            return .failure(LibraryFailure(code: errno))
        }
        defer { cqrencode_QRinput_free(input) }
        if let failure = appendSegment(.eci(designator), to: input) { return .failure(failure) }
        if let failure = appendSegment(.data(QR_MODE_8, bytes), to: input) { return .failure(failure) }
        return run(level: level, micro: false) { cqrencode_QRcode_encodeInput(input) }
    }

    /// The bytes in one segment of `mode`; libqrencode checks that they fit it.
    private static func encodeSegment(
        _ mode: QRencodeMode, _ bytes: [UInt8], version: Int, level: ErrorCorrectionLevel, micro: Bool
    ) -> Result<QRMatrix, LibraryFailure> {
        errno = 0
        let made =
            micro
            ? cqrencode_QRinput_newMQR(Int32(version), qrLevel(level))
            : cqrencode_QRinput_new2(Int32(version), qrLevel(level))
        guard let input = made else { return .failure(LibraryFailure(code: errno)) }
        defer { cqrencode_QRinput_free(input) }
        if let failure = appendSegment(.data(mode, bytes), to: input) { return .failure(failure) }
        return run(level: level, micro: micro) { cqrencode_QRcode_encodeInput(input) }
    }

    private static func qrMode(_ mode: QRDataMode) -> QRencodeMode {
        switch mode {
        case .numeric: QR_MODE_NUM
        case .alphanumeric: QR_MODE_AN
        case .kanji: QR_MODE_KANJI
        case .byte: QR_MODE_8
        }
    }

    /// Structured append: one `QRinput` per chunk, each from its own smallest version
    /// (0: the smallest that fits), headers and parity by libqrencode.
    private static func encodeStructured(
        _ chunks: [PreparedPayload], parity: UInt8, versions: [Int], level: ErrorCorrectionLevel
    ) -> Result<[QRMatrix], LibraryFailure> {
        errno = 0
        guard let inputs = cqrencode_QRinput_Struct_new() else { return .failure(LibraryFailure(code: errno)) }
        defer { cqrencode_QRinput_Struct_free(inputs) }  // frees every QRinput appended to it
        for (chunk, version) in zip(chunks, versions) {
            errno = 0
            guard let input = cqrencode_QRinput_new2(Int32(version), qrLevel(level)) else {
                return .failure(LibraryFailure(code: errno))
            }
            var failure: LibraryFailure?
            if let designator = chunk.eci { failure = appendSegment(.eci(designator), to: input) }
            if failure == nil { failure = appendSegment(.data(qrMode(chunk.measure().mode), chunk.bytes), to: input) }
            if failure == nil {
                errno = 0
                if cqrencode_QRinput_Struct_appendInput(inputs, input) < 0 { failure = LibraryFailure(code: errno) }
            }
            if let failure {
                cqrencode_QRinput_free(input)  // not owned by the set
                return .failure(failure)
            }
        }
        cqrencode_QRinput_Struct_setParity(inputs, parity)
        errno = 0
        if cqrencode_QRinput_Struct_insertStructuredAppendHeaders(inputs) != 0 {
            return .failure(LibraryFailure(code: errno))
        }
        errno = 0
        guard let list = cqrencode_QRcode_encodeInputStructured(inputs) else {
            return .failure(LibraryFailure(code: errno))
        }
        defer { cqrencode_QRcode_List_free(list) }  // frees the codes too
        var matrices: [QRMatrix] = []
        var node: UnsafeMutablePointer<QRcode_List>? = list
        while let current = node {
            if let code = current.pointee.code {
                matrices.append(matrix(from: code.pointee, level: level, micro: false))
            }
            node = current.pointee.next
        }
        return .success(matrices)
    }

    private enum Segment {
        case eci(Int)
        case data(QRencodeMode, [UInt8])
    }

    /// Appends one segment; returns the failure, with `errno` read at once, if any.
    private static func appendSegment(_ segment: Segment, to input: OpaquePointer) -> LibraryFailure? {
        switch segment {
        case .eci(let designator):
            errno = 0
            return cqrencode_QRinput_appendECIheader(input, UInt32(designator)) == 0 ? nil : LibraryFailure(code: errno)
        case .data(let mode, let bytes):
            return bytes.withUnsafeBufferPointer { buffer in
                errno = 0
                return cqrencode_QRinput_append(input, mode, Int32(buffer.count), buffer.baseAddress) == 0
                    ? nil : LibraryFailure(code: errno)
            }
        }
    }
}
