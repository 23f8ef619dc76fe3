// qr CLI tests — `qr --generate-completion-script SHELL` reaches ArgumentParser (QuickParse
// hands it on) and the bash script it prints completes qr's command lines.
import Foundation
import QRBench
import QRKit
import QRTestSupport
import Testing

@Suite struct ShellCompletionCLITests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func everyShellGetsAScriptNamingTheSubcommands(shell: String) throws {
        let run = try QRProcess.run(["--generate-completion-script", shell])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.isEmpty)
        for word in ["encode", "decode", "bench", "strategy", "format", "sequential-zbar-first", "ansi256"] {
            #expect(run.text.contains(word), "the \(shell) script lacks \(word)")
        }
    }

    /// A user finds the completions and how to install them from `qr --help` alone.
    @Test func theHelpSaysHowToGetTheCompletions() throws {
        let run = try QRProcess.run(["--help"])
        #expect(run.status == 0)
        let help = run.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("qr --generate-completion-script bash"), "\(run.text)")
        #expect(help.contains("make install") && help.contains("make deb"), "\(run.text)")
    }

    /// Sources the script in bash and asks it what it offers, as bash's programmable
    /// completion does on Tab: the words so far in COMP_WORDS, the cursor at the end.
    @Test func theBashScriptCompletesSubcommandsOptionsAndValues() throws {
        let bash = try #require(ProgramRunner.tool("bash"), "bash is not on PATH")
        let script = try QRProcess.run(["--generate-completion-script", "bash"])
        try #require(script.status == 0)
        let folder = try ScratchDirectory().url
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptFile = folder.appendingPathComponent("qr.bash")
        try Data(script.stdout).write(to: scriptFile)

        func offered(_ line: String) throws -> [String] {
            let program = """
                shopt -s extglob
                source "$1"
                COMP_LINE="$2"; COMP_POINT=${#COMP_LINE}
                read -ra COMP_WORDS <<< "$COMP_LINE"
                [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                COMPREPLY=()
                _qr qr "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let run = try ProgramRunner.run(bash, ["-c", program, "bash", scriptFile.path, line])
            #expect(run.status == 0, "bash: \(run.stderr)")
            return run.text.split(separator: "\n").map(String.init)
        }

        #expect(try Set(offered("qr ")).isSuperset(of: ["encode", "decode", "bench"]))
        #expect(try offered("qr dec") == ["decode"])
        #expect(try offered("qr decode --str") == ["--strategy"])
        #expect(try offered("qr decode --strategy ") == StrategyName.allCases.map(\.rawValue))
    }
}
