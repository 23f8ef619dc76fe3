// qr — the QRKit command-line tool: encode, decode, bench.
import ArgumentParser

@main
struct QRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qr",
        abstract: "Make QR codes and read them back from pictures.",
        discussion: """
            Exit status: 0 when every input had a code, 1 when some input had none, \
            2 when some input could not be read, 64 on usage errors. \
            `qr --version` prints the version.
            """,
        subcommands: [EncodeCommand.self, DecodeCommand.self, BenchCommand.self])

    static let versionText = "0.1.0"

    /// Answers `qr --version` before parsing. ArgumentParser's own `version:` setting
    /// would list a `--version` flag on every subcommand too, where `qr encode --version N`
    /// means the symbol version.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] {
            print(versionText)
            return
        }
        main(arguments)
    }
}
