// QRFuzzTargets — libFuzzer targets for QRKit: reading each picture format (PNG, JPEG,
// WebP, TIFF, GIF, BMP, netpbm) and decoding what it gives, and text decoding.
//
// One executable serves every target; the first argument names it:
//
//     swift build -c release --sanitize=fuzzer --sanitize=address --scratch-path .build-fuzz --product qr-fuzz
//     .build-fuzz/release/qr-fuzz png CORPUS_DIR SEED_DIR -max_total_time=60
//     .build-fuzz/release/qr-fuzz jpeg CORPUS_DIR SEED_DIR -max_total_time=60
//     .build-fuzz/release/qr-fuzz text CORPUS_DIR -runs=100000
//
// Built with --sanitize=fuzzer, libFuzzer's own `main` runs: it calls
// `LLVMFuzzerInitialize`, where the target's name is taken out of the arguments before
// libFuzzer reads its flags, then `LLVMFuzzerTestOneInput` for every input. Built any
// other way, the weak `main` of QRFuzz (main.c) runs `qrfuzz_run`, which looks up
// `LLVMFuzzerRunDriver` at run time (present when libFuzzer is linked without its main)
// and otherwise says how to build the fuzzer and exits 2.
import Dispatch
import QRKit

#if canImport(Glibc)
import Glibc
#endif

/// A fuzz target: called once per input, returns 0 (other values are reserved).
typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// The C argument vector libFuzzer reads and edits.
typealias ArgumentVector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

/// `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t))`
typealias RunDriver =
    @convention(c) (
        UnsafeMutablePointer<Int32>, UnsafeMutablePointer<ArgumentVector?>, FuzzTarget
    ) -> Int32

enum FuzzTargets {
    static let all: [String: FuzzTarget] = [
        "png": png, "jpeg": jpeg, "webp": webp, "tiff": tiff, "gif": gif, "bmp": bmp, "netpbm": netpbm,
        "text": text,
    ]

    /// The pixel limit of every picture target: small pictures keep each run fast; the
    /// limit itself is tested elsewhere.
    static let pixelLimit = 2_000_000

    /// The target argv[1] named; set once by `LLVMFuzzerInitialize`.
    static let selected = Locked<FuzzTarget?>(nil)

    /// PNG bytes → PNGReader → the race of zbar and zxing-cpp → the structured-append
    /// join of what it found.
    ///
    /// Every chunk's CRC is made right first: nearly every mutation would otherwise stop
    /// at a CRC mismatch, and libpng would never see a damaged header, palette or
    /// transparency chunk. (CRC errors themselves are tested in PNGReaderTests.)
    static let png: FuzzTarget = { data, size in
        readAndDecode(withChunkCRCsFixed(bytes(data, size)), with: PNGReader(pixelLimit: pixelLimit))
    }

    // The other formats are read only: their readers are what is new, and a mutated
    // photo nearly always still reads, so racing the engines on each (as the png target
    // does, and which sees the same GrayImage pictures) would cut the runs twentyfold.

    /// JPEG bytes → JPEGReader (EXIF orientation, then libjpeg-turbo).
    static let jpeg: FuzzTarget = { readOnly($0, $1, with: JPEGReader(pixelLimit: pixelLimit)) }

    /// WebP bytes → WebPReader (still or animated).
    static let webp: FuzzTarget = { readOnly($0, $1, with: WebPReader(pixelLimit: pixelLimit)) }

    /// TIFF bytes → TIFFReader (libtiff, every codec it was built with).
    static let tiff: FuzzTarget = { readOnly($0, $1, with: TIFFReader(pixelLimit: pixelLimit)) }

    /// GIF bytes → GIFReader (first frame).
    static let gif: FuzzTarget = { readOnly($0, $1, with: GIFReader(pixelLimit: pixelLimit)) }

    /// BMP bytes → BMPReader (palettes, run lengths, bit fields).
    static let bmp: FuzzTarget = { readOnly($0, $1, with: BMPReader(pixelLimit: pixelLimit)) }

    /// netpbm bytes → NetpbmReader (PBM, PGM, PPM, PAM; raw and plain).
    static let netpbm: FuzzTarget = { readOnly($0, $1, with: NetpbmReader(pixelLimit: pixelLimit)) }

    /// The target of a format that is read only: one input read by `reader`.
    static func readOnly(_ data: UnsafePointer<UInt8>?, _ size: Int, with reader: some ImageFileReader) -> Int32 {
        read(bytes(data, size), with: reader)
        return 0
    }

    /// `file` read by `reader`, when it is a picture. A picture must come out within the
    /// limit its reader promised.
    @discardableResult
    static func read(_ file: [UInt8], with reader: some ImageFileReader) -> GrayImage? {
        guard let image = try? reader.read(data: file, name: "fuzz") else { return nil }
        if image.pixelCount > reader.pixelLimit {
            fatalError("a \(image.width) × \(image.height) picture came through a limit of \(reader.pixelLimit)")
        }
        return image
    }

    /// Reads `file` with `reader` and, when it is a picture, races zbar and zxing-cpp on
    /// it and joins the structured-append parts found, waiting until every engine has
    /// stopped so that one input's work never overlaps the next.
    static func readAndDecode(_ file: [UInt8], with reader: some ImageFileReader) -> Int32 {
        guard let image = read(file, with: reader) else { return 0 }
        let settled = DispatchSemaphore(value: 0)
        QRDecoder(strategy: .standardRace).start(
            image, onAnswer: { _ = StructuredAppend.join($0.symbols) }, onSettled: { _ in settled.signal() })
        settled.wait()
        return 0
    }

    /// Raw payload bytes → SymbolText, as the engines use it for symbols that name no
    /// character set. Checks what must hold whatever the bytes: valid UTF-8 comes back
    /// byte for byte, and only no bytes give no text.
    static let text: FuzzTarget = { data, size in
        let input = bytes(data, size)
        let plain = SymbolText.decode(input)
        if String(validating: input, as: UTF8.self) != nil, Array(plain.utf8) != input {
            fatalError("valid UTF-8 did not come back byte for byte: \(input)")
        }
        if plain.isEmpty != input.isEmpty {
            fatalError("\(input.count) bytes gave \(plain.unicodeScalars.count) characters")
        }
        return 0
    }

    /// `file` with the CRC-32 of each chunk (after the 8-byte signature) recomputed, as
    /// far as the chunk lengths hold together.
    static func withChunkCRCsFixed(_ file: [UInt8]) -> [UInt8] {
        var out = file
        var offset = 8
        while offset + 12 <= out.count {
            let length = out[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 8 + length
            guard end + 4 <= out.count else { break }
            let crc = ~out[(offset + 4)..<end].reduce(~UInt32(0)) { c, byte in
                crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8)
            }
            for i in 0..<4 { out[end + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
            offset = end + 4
        }
        return out
    }

    static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    /// The bytes of one input.
    static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    static let usage = "usage: qr-fuzz png|jpeg|webp|tiff|gif|text [libFuzzer flags and corpus folders]"

    static func fail(_ message: String) -> Never {
        try? FileSystem.write(Array("qr-fuzz: \(message)\n".utf8), descriptor: 2, name: "standard error")
        exit(2)
    }
}

/// libFuzzer's hook before it parses its flags: takes the target's name out of argv.
@_cdecl("LLVMFuzzerInitialize")
func fuzzerInitialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<ArgumentVector>) -> Int32 {
    let count = Int(argc.pointee)
    let arguments = argv.pointee
    guard count >= 2, let name = arguments[1].map({ String(cString: $0) }), let target = FuzzTargets.all[name] else {
        FuzzTargets.fail(FuzzTargets.usage)
    }
    FuzzTargets.selected.withLock { $0 = target }
    // Shift the rest left over argv[1], the terminating null included.
    for index in 1..<count { arguments[index] = arguments[index + 1] }
    argc.pointee -= 1
    return 0
}

/// libFuzzer's per-input entry point: the selected target.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let target = FuzzTargets.selected.withLock({ $0 }) else { FuzzTargets.fail(FuzzTargets.usage) }
    return target(data, size)
}

/// The entry point when libFuzzer's own main is not linked in (see QRFuzz's main.c).
@_cdecl("qrfuzz_run")
func fuzzMain(_ argc: Int32, _ argv: ArgumentVector) -> Int32 {
    let arguments = (0..<Int(argc)).map { argv[$0].map { String(cString: $0) } ?? "" }
    guard arguments.count >= 2, let target = FuzzTargets.all[arguments[1]] else { FuzzTargets.fail(FuzzTargets.usage) }
    // RTLD_DEFAULT is the null handle: search the executable and everything it loaded.
    guard let symbol = dlsym(nil, "LLVMFuzzerRunDriver") else {
        FuzzTargets.fail("libFuzzer is not linked in; build with --sanitize=fuzzer (make fuzz)")
    }
    let runDriver = unsafeBitCast(symbol, to: RunDriver.self)
    // libFuzzer sees the program name and the arguments after the target's name.
    var cArguments = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) } + [nil]
    var count = Int32(cArguments.count - 1)
    return cArguments.withUnsafeMutableBufferPointer { buffer in
        var vector: ArgumentVector? = buffer.baseAddress
        return runDriver(&count, &vector, target)
    }
}
