// qr — the QRKit command-line tool: encode, decode, bench.
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

@main
struct QRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qr",
        abstract: "Make QR codes and read them back from pictures.",
        discussion: """
            Exit status: 0 when every input had a code, 1 when some input had none, \
            2 when some input could not be read, 3 when some input ran out of its time, \
            64 on usage errors. \
            `qr --version` (or -V) prints the version.

            Tab completion: `qr --generate-completion-script bash` (or zsh, fish) prints \
            the script for that shell. `make install` (PREFIX=/usr/local) puts qr, this \
            manual page and the three shells' completions where they look; `make deb` \
            builds a Debian package of them.
            """,
        subcommands: [EncodeCommand.self, DecodeCommand.self, BenchCommand.self])

    static let versionText = "0.1.0"

    /// Answers `qr --version` before parsing. ArgumentParser's own `version:` setting
    /// would list a `--version` flag on every subcommand too, where `qr encode --version N`
    /// means the symbol version.
    static func main() {
        // A path that is not UTF-8 keeps its bytes (see ArgumentBytes).
        let arguments = ArgumentBytes.arguments
        if arguments == ["--version"] || arguments == ["-V"] {
            print(versionText)
            return
        }
        if arguments.isEmpty {
            // A usage error, as with any other missing argument: a script that runs `qr`
            // with an empty variable must not take the help screen for a result.
            StandardError.write(
                "Usage: qr <subcommand> (encode, decode or bench)\n  See 'qr --help' for more information.\n")
            Glibc.exit(QRExit.usage.rawValue)
        }
        do {
            if let quick = QuickParse.command(arguments) {
                if getenv("QRKIT_CHECK_QUICK_PARSE") != nil { checkQuickParse(quick, arguments) }
                try quick.run()
            } else {
                var command = try parseAsRoot(arguments)
                try command.run()
            }
        } catch {
            finish(error)
        }
    }

    /// Exits as ArgumentParser's `main` would. An exit status goes straight out:
    /// ArgumentParser would first build a help screen (reflecting over every option)
    /// only to print nothing of it.
    private static func finish(_ error: any Error) -> Never {
        if let code = error as? ExitCode {
            Glibc.exit(code.rawValue)
        }
        exit(withError: error)
    }

    /// Stops with status 70 when ArgumentParser reads `arguments` otherwise than
    /// QuickParse did (see QuickParse.swift).
    private static func checkQuickParse(_ quick: QuickCommand, _ arguments: [String]) {
        let reference: QuickCommand?
        switch try? parseAsRoot(arguments) {
        case let command as DecodeCommand: reference = .decode(command.settings)
        case let command as EncodeCommand: reference = .encode(command.settings)
        default: reference = nil
        }
        let same: Bool
        switch (quick, reference) {
        case (.decode(let a), .decode(let b)?): same = a == b
        case (.encode(let a), .encode(let b)?): same = a == b
        default: same = false
        }
        if !same {
            StandardError.report(
                "internal error: the quick parser read \(arguments) as \(quick), ArgumentParser as \(reference.map { "\($0)" } ?? "an error")"
            )
            Glibc.exit(70)
        }
    }
}
