// qr — the QRKit command-line tool: encode, decode, bench.
import ArgumentParser

@main
struct QRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qr",
        abstract: "Make QR codes and read them back from pictures.",
        discussion: """
            Exit status: 0 when every input had a code, 1 when some input had none, \
            2 when some input could not be read, 64 on usage errors.
            """,
        version: "0.1.0",
        subcommands: [EncodeCommand.self, DecodeCommand.self, BenchCommand.self])
}
