// QRKit — QREncoder: payload to QRMatrix; the only file that talks to libqrencode.
import CQREncode

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Encodes text or bytes as QR Code or Micro QR symbols, through libqrencode.
///
/// A value type with no state: share one, or make one wherever needed, from any task.
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
    ///   the largest allowed symbol), `.notShiftJIS`, or an option error from
    ///   `EncodeOptions.validate(split:)`.
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
        let prepared = try PreparedPayload(payload, options: options)
        let matrix =
            options.micro ? try encodeMicro(prepared, options: options) : try encodeStandard(prepared, options: options)
        return options.boostLevel ? Self.boosted(matrix, prepared) : matrix
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
        for level in ErrorCorrectionLevel.allCases.reversed() where level > matrix.level {
            guard let available = QRCapacity.dataBits(version: matrix.version, level: level, micro: matrix.isMicro),
                available >= needed
            else { continue }
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
        var lowest = Self.lowestMicroVersion(for: options.level)
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

    /// The smallest Micro QR version with a level: M1 has L only, M2–M3 add M, M4 adds Q.
    static func lowestMicroVersion(for level: ErrorCorrectionLevel) -> Int {
        switch level {
        case .l: 1
        case .m: 2
        case .q, .h: 4
        }
    }

    /// Far past any symbol's capacity (7089 digits); longer payloads are refused before
    /// their size is narrowed to a C `int`.
    private static let maximumPayload = 1 << 16

    // MARK: - libqrencode calls

    /// `errno` from a failed libqrencode call, read at once.
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
        defer { QRcode_free(code) }
        return .success(matrix(from: code.pointee, level: level, micro: micro))
    }

    private static func matrix(from code: QRcode, level: ErrorCorrectionLevel, micro: Bool) -> QRMatrix {
        let size = Int(code.width)
        let modules = UnsafeBufferPointer(start: code.data, count: size * size)
        return QRMatrix(size: size, version: Int(code.version), level: level, isMicro: micro, qrencodeData: modules)
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
                        ? QRcode_encodeStringMQR(chars.baseAddress, Int32(version), qrLevel(level), hint, 1)
                        : QRcode_encodeString(chars.baseAddress, Int32(version), qrLevel(level), hint, 1)
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
                    ? QRcode_encodeDataMQR(Int32(buffer.count), buffer.baseAddress, Int32(version), qrLevel(level))
                    : QRcode_encodeData(Int32(buffer.count), buffer.baseAddress, Int32(version), qrLevel(level))
            }
        }
    }

    /// An ECI designator, then the bytes in one 8-bit segment.
    private static func encodeWithECI(
        _ bytes: [UInt8], designator: Int, version: Int, level: ErrorCorrectionLevel
    ) -> Result<QRMatrix, LibraryFailure> {
        errno = 0
        guard let input = QRinput_new2(Int32(version), qrLevel(level)) else {
            return .failure(LibraryFailure(code: errno))
        }
        defer { QRinput_free(input) }
        if let failure = appendSegment(.eci(designator), to: input) { return .failure(failure) }
        if let failure = appendSegment(.data(QR_MODE_8, bytes), to: input) { return .failure(failure) }
        return run(level: level, micro: false) { QRcode_encodeInput(input) }
    }

    /// The bytes in one segment of `mode`; libqrencode checks that they fit it.
    private static func encodeSegment(
        _ mode: QRencodeMode, _ bytes: [UInt8], version: Int, level: ErrorCorrectionLevel, micro: Bool
    ) -> Result<QRMatrix, LibraryFailure> {
        errno = 0
        let made = micro ? QRinput_newMQR(Int32(version), qrLevel(level)) : QRinput_new2(Int32(version), qrLevel(level))
        guard let input = made else { return .failure(LibraryFailure(code: errno)) }
        defer { QRinput_free(input) }
        if let failure = appendSegment(.data(mode, bytes), to: input) { return .failure(failure) }
        return run(level: level, micro: micro) { QRcode_encodeInput(input) }
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
        guard let inputs = QRinput_Struct_new() else { return .failure(LibraryFailure(code: errno)) }
        defer { QRinput_Struct_free(inputs) }  // frees every QRinput appended to it
        for (chunk, version) in zip(chunks, versions) {
            errno = 0
            guard let input = QRinput_new2(Int32(version), qrLevel(level)) else {
                return .failure(LibraryFailure(code: errno))
            }
            var failure: LibraryFailure?
            if let designator = chunk.eci { failure = appendSegment(.eci(designator), to: input) }
            if failure == nil { failure = appendSegment(.data(chunk.structuredMode, chunk.bytes), to: input) }
            if failure == nil {
                errno = 0
                if QRinput_Struct_appendInput(inputs, input) < 0 { failure = LibraryFailure(code: errno) }
            }
            if let failure {
                QRinput_free(input)  // not owned by the set
                return .failure(failure)
            }
        }
        QRinput_Struct_setParity(inputs, parity)
        errno = 0
        if QRinput_Struct_insertStructuredAppendHeaders(inputs) != 0 {
            return .failure(LibraryFailure(code: errno))
        }
        errno = 0
        guard let list = QRcode_encodeInputStructured(inputs) else {
            return .failure(LibraryFailure(code: errno))
        }
        defer { QRcode_List_free(list) }  // frees the codes too
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
            return QRinput_appendECIheader(input, UInt32(designator)) == 0 ? nil : LibraryFailure(code: errno)
        case .data(let mode, let bytes):
            return bytes.withUnsafeBufferPointer { buffer in
                errno = 0
                return QRinput_append(input, mode, Int32(buffer.count), buffer.baseAddress) == 0
                    ? nil : LibraryFailure(code: errno)
            }
        }
    }
}

/// A payload turned into the bytes that go into the symbol, and how to segment them.
struct PreparedPayload: Sendable {
    enum Segmentation: Sendable, Equatable {
        case automatic
        case eightBit
        case kanji
        /// One segment of this mode (numeric, alphanumeric or Kanji).
        case single(QRDataMode)
    }

    /// UTF-8 (or Shift_JIS in Kanji modes, or another character set, or the raw
    /// bytes), upper-cased when asked.
    var bytes: [UInt8]
    var segmentation: Segmentation
    /// The ECI designator the data starts with (always with one 8-bit segment), or nil.
    var eci: Int?

    init(bytes: [UInt8], segmentation: Segmentation, eci: Int?) {
        self.bytes = bytes
        self.segmentation = segmentation
        self.eci = eci
    }

    init(_ payload: QRPayload, options: EncodeOptions) throws {
        guard !payload.isEmpty else { throw EncodeError.emptyInput }
        let segmentation: Segmentation
        switch options.mode {
        case .automatic: segmentation = .automatic
        case .eightBit: segmentation = .eightBit
        case .kanji: segmentation = .kanji
        case .numeric: segmentation = .single(.numeric)
        case .alphanumeric: segmentation = .single(.alphanumeric)
        case .kanjiOnly: segmentation = .single(.kanji)
        }
        let shiftJIS = options.mode == .kanji || options.mode == .kanjiOnly
        switch payload {
        case .text(let text):
            if shiftJIS {
                self.init(bytes: try ShiftJIS.encode(text), segmentation: segmentation, eci: nil)
            } else if let characterSet = options.characterSet {
                self.init(bytes: try TextEncoding.encode(text, as: characterSet), segmentation: segmentation, eci: nil)
            } else {
                self.init(bytes: Array(text.utf8), segmentation: segmentation, eci: nil)
            }
        case .bytes(let bytes):
            if shiftJIS { throw EncodeError.kanjiNeedsText }
            if options.characterSet != nil {
                throw EncodeError.conflictingOptions(.characterSetWithBytes)
            }
            if options.eci, let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
                throw EncodeError.eciNeedsUTF8(offset: offset)
            }
            self.init(bytes: bytes, segmentation: segmentation, eci: nil)
        }
        if options.eci {
            eci = try TextEncoding.eciDesignator(options.characterSet ?? "UTF-8")
            self.segmentation = .eightBit
        }
        if !options.caseSensitive { upperCaseASCII() }
        if case .single(let mode) = self.segmentation, let offset = firstMisfit(mode) {
            throw misfitError(at: offset, mode: mode, payload: payload)
        }
    }

    /// The offset of the first byte that cannot go into a segment of `mode`, or nil.
    private func firstMisfit(_ mode: QRDataMode) -> Int? {
        switch mode {
        case .numeric: return bytes.firstIndex { !(0x30...0x39).contains($0) }
        case .alphanumeric: return bytes.firstIndex { !Self.isAlphanumeric($0) }
        case .byte: return nil
        case .kanji:
            var index = 0
            while index < bytes.count {
                guard index + 1 < bytes.count, ShiftJIS.isKanjiPair(bytes[index], bytes[index + 1]) else {
                    return index
                }
                index += 2
            }
            return nil
        }
    }

    /// The error for the character at byte `offset` that does not fit `mode`: text is
    /// counted in characters, raw bytes in bytes.
    private func misfitError(at offset: Int, mode: QRDataMode, payload: QRPayload) -> EncodeError {
        switch payload {
        case .text(let text):
            // Every character before a Kanji misfit is a double-byte pair.
            let found = mode == .kanji ? text.character(at: offset / 2) : text.character(atUTF8Offset: offset)
            return .characterNotInMode(character: found.shown, position: found.index + 1, mode: mode)
        case .bytes:
            let byte = bytes[offset]
            let shown =
                (0x21...0x7E).contains(byte)
                ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16)
            return .characterNotInMode(character: shown, position: offset + 1, mode: mode)
        }
    }

    /// Upper-cases a–z as libqrencode does for case-insensitive input, leaving the
    /// second byte of Shift_JIS double-byte characters alone.
    private mutating func upperCaseASCII() {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if segmentation == .kanji || segmentation == .single(.kanji), ShiftJIS.isLeadByte(byte),
                index + 1 < bytes.count
            {
                index += 2
                continue
            }
            if (0x61...0x7A).contains(byte) { bytes[index] = byte - 0x20 }
            index += 1
        }
    }

    /// Byte lengths of the characters, the units the payload may be cut between.
    private var characterLengths: [Int] {
        var lengths: [Int] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var length = 1
            switch segmentation {
            case .kanji, .single(.kanji):
                if ShiftJIS.isLeadByte(byte) { length = 2 }
            case .automatic, .eightBit, .single:
                if byte >= 0xF0 { length = 4 } else if byte >= 0xE0 { length = 3 } else if byte >= 0xC0 { length = 2 }
            }
            length = min(length, bytes.count - index)
            lengths.append(length)
            index += length
        }
        return lengths
    }

    /// Cuts the payload at character boundaries into `parts` non-empty pieces of about
    /// equal byte length.
    func split(into parts: Int) throws -> [PreparedPayload] {
        let lengths = characterLengths
        guard lengths.count >= parts else { throw EncodeError.tooShortToSplit(length: lengths.count, parts: parts) }
        var chunks: [PreparedPayload] = []
        var start = 0
        var unit = 0
        for part in 0..<parts {
            let target = bytes.count * (part + 1) / parts
            var end = start
            var taken = 0
            // Take at least one character, leave one for every later part.
            while unit < lengths.count,
                taken == 0 || (end < target && lengths.count - unit > parts - part - 1)
            {
                end += lengths[unit]
                unit += 1
                taken += 1
            }
            if part == parts - 1 { end = bytes.count }
            chunks.append(PreparedPayload(bytes: Array(bytes[start..<end]), segmentation: segmentation, eci: eci))
            start = end
        }
        return chunks
    }

    /// True in Kanji mode when some character will go into a Kanji segment.
    var containsKanji: Bool {
        guard segmentation == .kanji || segmentation == .single(.kanji) else { return false }
        var index = 0
        while index + 1 < bytes.count {
            if ShiftJIS.isKanjiPair(bytes[index], bytes[index + 1]) { return true }
            index += ShiftJIS.isLeadByte(bytes[index]) ? 2 : 1
        }
        return false
    }

    /// The one mode a structured-append part is written in.
    var structuredMode: QRencodeMode {
        switch measure().mode {
        case .numeric: QR_MODE_NUM
        case .alphanumeric: QR_MODE_AN
        case .kanji: QR_MODE_KANJI
        case .byte: QR_MODE_8
        }
    }

    /// The densest single mode that holds all of the payload, and its length in that
    /// mode's units; used for structured-append parts and capacity messages.
    func measure() -> (mode: QRDataMode, length: Int) {
        switch segmentation {
        case .eightBit:
            return (.byte, bytes.count)
        case .single(let mode):
            return (mode, mode == .kanji ? bytes.count / 2 : bytes.count)
        case .automatic:
            if bytes.allSatisfy({ (0x30...0x39).contains($0) }) { return (.numeric, bytes.count) }
            if bytes.allSatisfy(Self.isAlphanumeric) { return (.alphanumeric, bytes.count) }
            return (.byte, bytes.count)
        case .kanji:
            if bytes.allSatisfy({ (0x30...0x39).contains($0) }) { return (.numeric, bytes.count) }
            if bytes.allSatisfy(Self.isAlphanumeric) { return (.alphanumeric, bytes.count) }
            if bytes.count % 2 == 0,
                stride(from: 0, to: bytes.count, by: 2).allSatisfy({ ShiftJIS.isKanjiPair(bytes[$0], bytes[$0 + 1]) })
            {
                return (.kanji, bytes.count / 2)
            }
            return (.byte, bytes.count)
        }
    }

    /// A lower bound on the data bits this payload takes in `version`: exact for one
    /// segment (8-bit, ECI, a single mode, or a structured-append part, which is one
    /// segment of ``structuredMode`` after its 20-bit header); for automatic and Kanji
    /// segmentation, the best any segmentation can do, which libqrencode's greedy
    /// optimiser (or its all 8-bit fallback) can only match or exceed. `Int.max` when
    /// nothing fits the version.
    func minimumBits(version: Int, micro: Bool, structured: Bool = false) -> Int {
        let modeBits = micro ? version - 1 : 4
        func header(_ mode: QRDataMode) -> Int? {
            QRCapacity.characterCountBits(version: version, mode: mode, micro: micro).map { modeBits + $0 }
        }
        if structured || (segmentation != .automatic && segmentation != .kanji) {
            let (mode, length) = measure()
            guard let header = header(mode) else { return .max }
            return (structured ? 20 : 0) + (eci != nil ? 12 : 0) + header + mode.bits(forLength: length)
        }
        // Cheapest segmentation, in sixths of a bit: a digit costs 10/3 bits, an
        // alphanumeric character 11/2, so the fractions are a lower bound of each run.
        let modes: [QRDataMode] =
            segmentation == .kanji ? [.numeric, .alphanumeric, .byte, .kanji] : [.numeric, .alphanumeric, .byte]
        let headers = modes.map { header($0).map { $0 * 6 } }
        var cost = [Int?](repeating: nil, count: modes.count)  // cheapest, ending in each mode
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let pair = segmentation == .kanji && index + 1 < bytes.count && ShiftJIS.isKanjiPair(byte, bytes[index + 1])
            let before = index == 0 ? 0 : cost.compactMap { $0 }.min()
            guard let before else { return .max }
            var next = [Int?](repeating: nil, count: modes.count)
            for (slot, mode) in modes.enumerated() {
                guard let start = headers[slot] else { continue }
                let unit: Int?
                switch mode {
                case .numeric: unit = !pair && (0x30...0x39).contains(byte) ? 20 : nil
                case .alphanumeric: unit = !pair && Self.isAlphanumeric(byte) ? 33 : nil
                case .byte: unit = pair ? 96 : 48
                case .kanji: unit = pair ? 78 : nil
                }
                guard let unit else { continue }
                next[slot] = min(cost[slot].map { $0 + unit } ?? .max, before + start + unit)
            }
            cost = next
            index += pair ? 2 : 1
        }
        guard let total = cost.compactMap({ $0 }).min() else { return .max }
        return (total + 5) / 6
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x20, 0x24, 0x25, 0x2A, 0x2B, 0x2D, 0x2E, 0x2F, 0x3A: true
        default: false
        }
    }

    /// The error for a structured-append part (this payload) that does not fit in
    /// `version`. With `whole`, this is the whole payload, too large even to cut up: the
    /// error names part 1 at a `parts`-th of its length.
    func splitPartTooLarge(
        part: Int, parts: Int, version: Int, options: EncodeOptions, overheadBits: Int, whole: Bool = false
    ) -> EncodeError {
        var (mode, length) = measure()
        if whole { length = (length + parts - 1) / parts }
        let capacity = QRCapacity.maximumLength(
            version: version, level: options.level, mode: mode, micro: false, overheadBits: overheadBits)
        return .splitPartTooLarge(
            part: part, parts: parts, length: length, mode: mode, capacity: capacity, version: version,
            level: options.level, strict: options.strictVersion)
    }

    /// The error for a payload that does not fit in `version` at the options' level.
    func tooLarge(version: Int, options: EncodeOptions, overheadBits: Int = 0) -> EncodeError {
        let (mode, length) = measure()
        let overhead = overheadBits + (eci != nil && overheadBits == 0 ? 12 : 0)
        let capacity = QRCapacity.maximumLength(
            version: version, level: options.level, mode: mode, micro: options.micro, overheadBits: overhead)
        return .payloadTooLarge(
            length: length, mode: mode, capacity: capacity, version: version, level: options.level,
            micro: options.micro, strict: options.strictVersion)
    }
}
