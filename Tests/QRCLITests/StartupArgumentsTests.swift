// qr CLI tests — CQRStartup: the command line kept from the C runtime, which the release
// `qr` reads its arguments from instead of the Swift runtime's search of /proc/self/maps.
import CQRStartup
import Foundation
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
