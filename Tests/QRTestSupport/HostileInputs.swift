// QRKit test support — HostileInputs: the files people feed a QR tool by accident or on
// purpose, each with what reading it must say. Library and command-line tests share them.
import CQRTestSupport
import Foundation
import QRCorpus
import QRKit

#if canImport(Glibc)
import Glibc
#endif

/// An input that cannot be read, how to make it, and the error it must give.
public struct HostileInput: Sendable, CustomStringConvertible {
    /// How the input is made on disk.
    public enum Kind: Sendable {
        /// A regular file holding these bytes.
        case bytes([UInt8])
        /// A path that does not exist (a file deleted between listing and decoding).
        case missing
        /// A FIFO that nobody writes to.
        case fifo
        /// An existing path outside the scratch folder, such as `/proc/self/mem`.
        case system(String)
    }

    public let name: String
    /// The file's name in the scratch folder (its extension is what a user would see).
    public let fileName: String
    public let kind: Kind
    /// The error reading it must throw, given the path it was read from.
    public let error: @Sendable (String) -> ImageError

    public var description: String { name }

    /// Makes the input in `scratch` and returns its path.
    public func make(in scratch: ScratchDirectory) throws -> String {
        switch kind {
        case .bytes(let bytes):
            return try scratch.file(fileName, bytes)
        case .missing:
            return scratch.path(fileName)
        case .fifo:
            let path = scratch.path(fileName)
            guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            return path
        case .system(let path):
            return path
        }
    }
}

/// A picture that reads but holds no code: decoding gives nothing, without crashing.
public struct CodelessPicture: Sendable, CustomStringConvertible {
    public let name: String
    public let width: Int
    public let height: Int
    public let bytes: [UInt8]
    public var description: String { name }
}

public enum HostileInputs {
    /// A real photograph's PNG (561 bytes), to cut and damage.
    public static let photo: [UInt8] = Array(
        FileManager.default.contents(atPath: PackagePaths.sample("photos/qrcode-2-30.png")) ?? Data())

    /// Where `photo` is cut, losing image data: inside the signature, at and inside IHDR,
    /// inside IDAT's header, data and CRC. (Its IDAT is bytes 33..<549, IEND 549..<561.)
    public static var cuts: [Int] {
        let iend = photo.count - 12
        return [1, 7, 8, 12, 20, 33, 37, 41, 60, 100, photo.count / 2, iend - 20, iend - 4, iend - 1]
    }

    /// Where `photo` is cut inside its IEND chunk: every byte of the image is there, so it
    /// reads (libpng does not insist on IEND, nor do browsers).
    public static var cutsInIEND: [Int] {
        let iend = photo.count - 12
        return [iend, iend + 7, photo.count - 1]
    }

    /// Every input that cannot be read, each with its own reason: those of any format,
    /// then the bad PNGs, then the bad files of each other format (``formats``).
    public static let unreadable: [HostileInput] = general + png + formats

    /// Inputs that are no picture at all, or no file.
    public static let general: [HostileInput] = {
        var random = SplitMix64(seed: 0x5EED)
        let heif = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + random.bytes(2_000)
        return [
            HostileInput(name: "empty file", fileName: "empty.png", kind: .bytes([])) {
                .unsupportedFormat(file: $0, format: .empty)
            },
            HostileInput(name: "random bytes", fileName: "random.png", kind: .bytes(random.bytes(4_096))) {
                .unsupportedFormat(file: $0, format: .unknown)
            },
            HostileInput(name: "a HEIF photo named .jpg", fileName: "IMG_0001.jpg", kind: .bytes(heif)) {
                .unsupportedFormat(file: $0, format: .heif)
            },
            HostileInput(name: "a PDF named .png", fileName: "scan.png", kind: .bytes(Array("%PDF-1.7\n".utf8))) {
                .unsupportedFormat(file: $0, format: .pdf)
            },
            HostileInput(name: "a file deleted before decoding", fileName: "deleted.png", kind: .missing) {
                .unreadableFile(file: $0, reason: "No such file or directory")
            },
            HostileInput(name: "a FIFO nobody writes to", fileName: "fifo.png", kind: .fifo) {
                .unreadableFile(file: $0, reason: "a named pipe (FIFO) that nothing was written to within 2.0 seconds")
            },
            // Opens, then fails to read (nothing is mapped at offset 0): unreadable even for root.
            HostileInput(name: "a file that fails to read", fileName: "", kind: .system("/proc/self/mem")) {
                .unreadableFile(file: $0, reason: "Input/output error")
            },
            // An endless stream: read no further than its first bytes.
            HostileInput(name: "/dev/zero", fileName: "", kind: .system("/dev/zero")) {
                .unsupportedFormat(file: $0, format: .unknown)
            },
        ]
    }()

    /// Bad PNGs: cut short, damaged, declaring a huge picture, a bomb.
    public static let png: [HostileInput] = {
        var badCRC = photo
        badCRC[29] ^= 0x01  // IHDR's CRC
        var badIHDR = photo
        badIHDR[24] = 3  // bit depth 3
        // The IHDR's CRC made right again, so the field itself is what is wrong.
        let crc = PNGBytes.crc32(Array(badIHDR[12..<29]))
        badIHDR.replaceSubrange(29..<33, with: PNGBytes.bigEndian(crc))

        var inputs: [HostileInput] = [
            HostileInput(name: "bad CRC", fileName: "bad-crc.png", kind: .bytes(badCRC)) {
                .checksumError(file: $0)
            },
            HostileInput(name: "bad IHDR (bit depth 3)", fileName: "bad-ihdr.png", kind: .bytes(badIHDR)) {
                .corrupt(file: $0, format: .png, reason: "Invalid IHDR data")
            },
            HostileInput(
                name: "header claiming 100000 × 100000", fileName: "huge-header.png",
                kind: .bytes(PNGBytes.header(width: 100_000, height: 100_000))
            ) {
                .tooLarge(file: $0, width: 100_000, height: 100_000, limit: PNGReader.defaultPixelLimit)
            },
            HostileInput(
                name: "20000 × 20000 black in a small file", fileName: "bomb.png",
                kind: .bytes(PNGBytes.flat(width: 20_000, height: 20_000))
            ) {
                .tooLarge(file: $0, width: 20_000, height: 20_000, limit: PNGReader.defaultPixelLimit)
            },
        ]
        for cut in cuts {
            inputs.append(
                HostileInput(
                    name: "PNG cut at byte \(cut) of \(photo.count)", fileName: "cut-\(cut).png",
                    kind: .bytes(Array(photo[0..<cut]))
                ) { .truncated(file: $0, format: .png) })
        }
        return inputs
    }()

    /// Pictures of degenerate shapes that read and hold no code.
    public static let codeless: [CodelessPicture] = [
        CodelessPicture(
            name: "1 × 1", width: 1, height: 1, bytes: PNGBytes.file(.gray(width: 1, height: 1, depth: 8, [0]))),
        CodelessPicture(
            name: "65535 × 1", width: 65_535, height: 1, bytes: PNGBytes.flat(width: 65_535, height: 1, depth: 8)),
        CodelessPicture(
            name: "1 × 65535", width: 1, height: 65_535,
            bytes: PNGBytes.flat(width: 1, height: 65_535, depth: 8, black: false)),
        CodelessPicture(
            name: "3 × 3 white", width: 3, height: 3, bytes: PNGBytes.flat(width: 3, height: 3, depth: 8, black: false)),
    ]
}

/// Files that are no regular file, and files too large to read, as an attack on
/// `qr decode` makes them: made in a scratch folder, nothing checked in.
extension HostileInputs {
    /// A sparse file of `size` bytes at `name` in `scratch` that starts with `start`: it
    /// takes no disk and no time to make, whatever its size.
    public static func sparseFile(_ name: String, in scratch: ScratchDirectory, starting start: [UInt8], size: Int)
        throws -> String
    {
        let path = try scratch.file(name, start)
        guard truncate(path, off_t(size)) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return path
    }

    /// A named pipe at `name` in `scratch`, and `count` more (`name-1`, `name-2`, ...)
    /// when asked: nobody writes to them.
    @discardableResult
    public static func fifos(_ name: String, count: Int = 1, in scratch: ScratchDirectory) throws -> [String] {
        try (0..<count).map { index in
            let dot = name.lastIndex(of: ".") ?? name.endIndex
            let path = scratch.path(index == 0 ? name : "\(name[..<dot])-\(index)\(name[dot...])")
            guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            return path
        }
    }

    /// Writes to the named pipe at `path` from a thread of its own: opens it (waiting for
    /// a reader), writes `first`, then `trickle` one byte every `every` until `duration`
    /// has passed, holds it open until then, and closes it. A stalled writer is `trickle`
    /// empty.
    ///
    /// A reader that never reads is held open on the pipe until ``PipeWriter/finish()``,
    /// so that a write after the reader under test gave up fills the pipe rather than
    /// raise SIGPIPE.
    public static func startWriter(
        to path: String, first: [UInt8], trickle: [UInt8] = [], every: Duration = .milliseconds(20),
        for duration: Duration
    ) -> PipeWriter {
        let writer = PipeWriter(heldReader: open(path, O_RDONLY | O_NONBLOCK))
        Thread {
            defer { writer.done.signal() }
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            _ = first.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            let clock = ContinuousClock()
            let end = clock.now + duration
            var next = trickle.makeIterator()
            while clock.now < end {
                if var byte = next.next() { _ = write(descriptor, &byte, 1) }
                usleep(useconds_t(every / .microseconds(1)))
            }
        }.start()
        return writer
    }

    /// Writes `bytes` from a thread of its own to the descriptor `destination` opens (a
    /// named pipe's open waits there for a reader): the first 100 bytes, then the rest
    /// 50 ms later, so that the reader must wait for more; then closes it.
    public static func startTwoPartWriter(_ bytes: [UInt8], to destination: @escaping @Sendable () -> Int32) {
        Thread {
            let descriptor = destination()
            guard descriptor >= 0 else { return }
            bytes.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, 100) }
            usleep(50_000)
            bytes.withUnsafeBytes { _ = write(descriptor, $0.baseAddress! + 100, $0.count - 100) }
            close(descriptor)
        }.start()
    }
}

/// A thread writing to a named pipe (``HostileInputs/startWriter(to:first:trickle:every:for:)``),
/// and the reader it holds open on the pipe.
public final class PipeWriter: Sendable {
    let done = DispatchSemaphore(value: 0)
    let heldReader: Int32

    init(heldReader: Int32) { self.heldReader = heldReader }

    /// Waits until the writer has closed the pipe, then closes the reader held open.
    public func finish() {
        done.wait()
        close(heldReader)
    }
}

/// A named pipe, in a scratch folder of its own, whose writer sends the first 100 bytes of
/// ``HostileInputs/photo`` and then nothing for a while, the pipe held open: a producer
/// that stalls mid-picture.
public struct StalledFIFO: Sendable {
    /// The pipe's path.
    public let path: String
    private let scratch: ScratchDirectory
    private let writer: PipeWriter

    /// Makes the pipe at `name` and starts its writer, silent for `silence` after the
    /// first 100 bytes.
    public init(_ name: String = "stalled.png", silentFor silence: Duration) throws {
        scratch = try ScratchDirectory()
        do {
            path = try HostileInputs.fifos(name, in: scratch)[0]
        } catch {
            scratch.cleanUp()
            throw error
        }
        writer = HostileInputs.startWriter(to: path, first: Array(HostileInputs.photo.prefix(100)), for: silence)
    }

    /// Waits until the writer is done, then removes the pipe and its folder.
    public func finish() {
        writer.finish()
        scratch.cleanUp()
    }
}

/// A pseudo-terminal, whose terminal end is a path a user can name by mistake (what
/// `tty` prints). Open until ``close()``: a terminal whose other end is closed fails to
/// open rather than wait.
public final class PseudoTerminal: Sendable {
    /// The terminal end, such as `/dev/pts/3`.
    public let path: String
    private let controller: Int32

    public init() throws {
        var name = [CChar](repeating: 0, count: 128)
        controller = cqrtestsupport_open_terminal(&name, name.count)
        guard controller >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func close() { Glibc.close(controller) }
}
