// qr CLI tests — what every start of `qr` does, and does not: its command line kept from
// the C runtime (CQRStartup), which the release `qr` reads its arguments from instead of
// the Swift runtime's search of /proc/self/maps; and libqrencode and libZXing left
// unopened until a code is made or a picture decoded.
import CQRStartup
import Foundation
import QRTestSupport
import Testing

@Suite struct StartupArgumentsTests {
    /// The arguments of this test process, one by one, as the C runtime gave them.
    private func kept() -> [String] {
        var count: Int32 = 0
        let arguments = cqrstartup_arguments(&count)
        return (0..<Int(count)).map { String(cString: arguments[$0]!) }
    }

    @Test func theyAreThisProcesssArguments() throws {
        // Two independent witnesses: the Swift runtime's own reading (this test binary
        // links the standard library as a shared object, whose copy of the code still
        // searches the stack), and the kernel's record of the command line.
        #expect(kept() == CommandLine.arguments)
        let cmdline = try Data(contentsOf: URL(fileURLWithPath: "/proc/self/cmdline"))
        let fromKernel = cmdline.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(kept() == fromKernel)
    }

    @Test func theArrayEndsWithNull() {
        var count: Int32 = 0
        let arguments = cqrstartup_arguments(&count)
        #expect(count > 0)
        #expect(arguments[Int(count)] == nil)
    }
}

/// libqrencode is opened when a code is made and libZXing when a picture is decoded, not
/// loaded by every `qr`: the dynamic loader's own account of the files it maps
/// (`LD_DEBUG=files`) names each for the command that needs it alone.
@Suite struct LazyLibraryTests {
    /// The shared libraries among `libqrencode` and `libZXing` that `qr arguments` loads.
    func loaded(_ arguments: [String]) throws -> Set<String> {
        let qr = try #require(ProgramRunner.qrExecutable)
        let run = try ProgramRunner.run(qr, arguments, environment: ["LD_DEBUG": "files"])
        #expect(run.status == 0, "\(arguments): \(run.stderr.suffix(300))")
        return Set(["libqrencode", "libZXing"].filter { run.stderr.contains("file=\($0).so") })
    }

    @Test func decodingOpensLibZXingAlone() throws {
        #expect(try loaded(["decode", PackagePaths.sample("photos/qrcode-2-30.png")]) == ["libZXing"])
    }

    @Test func encodingOpensLibqrencodeAlone() throws {
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try loaded(["encode", "hello", "-o", folder.appendingPathComponent("a.png").path]) == ["libqrencode"])
    }

    @Test func theVersionOpensNeither() throws {
        #expect(try loaded(["--version"]).isEmpty)
    }
}
