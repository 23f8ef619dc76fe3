// qr CLI tests — Sources/qr/DecodeOption.swift and EncodeOption.swift are what the ArgumentParser declarations give.
//
// QuickParse reads the everyday command lines of `qr decode` and `qr encode` without
// ArgumentParser, and takes each option's names, short names and kind (flag, or option
// with a value) from DecodeOption.swift and EncodeOption.swift, made from `qr CMD
// --experimental-dump-help` (ArgumentParser's own description of a command) by the
// rendering below, at build time, so that an option is spelled once: in its declaration.
// `make quick-options` writes them (QRKIT_WRITE_QUICK_OPTIONS=1); this test fails when one
// differs from what the built `qr` describes.
import Foundation
import QRTestSupport
import Testing

@Suite struct QuickOptionsTests {
    /// The commands QuickParse reads, with the name of the enum of each one's options.
    static let commands = [("decode", "DecodeOption"), ("encode", "EncodeOption")]

    /// The generated file of the enum `type`.
    static func file(_ type: String) -> URL {
        PackagePaths.root.appendingPathComponent("Sources/qr/\(type).swift")
    }

    @Test(arguments: commands) func quickOptionsAreWhatArgumentParserDescribes(command: String, type: String) throws {
        let dump = try QRProcess.run([command, "--experimental-dump-help"])
        #expect(dump.status == 0, "\(command): \(dump.stderr)")
        let options = try QuickOptionDescription.options(ofDump: Data(dump.stdout))
        let rendered = QuickOptionDescription.render(command: command, type: type, options: options)
        let file = Self.file(type)
        if ProcessInfo.processInfo.environment["QRKIT_WRITE_QUICK_OPTIONS"] != nil {
            try Data(rendered.utf8).write(to: file)
        }
        let current = try String(contentsOf: file, encoding: .utf8)
        let old = current.split(separator: "\n", omittingEmptySubsequences: false)
        let new = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        if old != new {
            let line = zip(old, new).enumerated().first { $1.0 != $1.1 }?.offset ?? min(old.count, new.count)
            let expected = line < new.count ? "\"\(new[line])\"" : "the end of the file"
            Issue.record(
                "Sources/qr/\(type).swift is stale: line \(line + 1) should be \(expected); run `make quick-options`"
            )
        }
    }

    @Test func everyDecodeAndEncodeOptionIsDescribed() throws {
        // The options a reader of the help would try, so that a dump that lost some (a
        // change of format) cannot pass for an empty table.
        let decode = try QuickOptionDescription.options(
            ofDump: Data(try QRProcess.run(["decode", "--experimental-dump-help"]).stdout))
        #expect(decode.first { $0.preferredName == "bytes" }?.longNames == ["bytes", "raw"])
        #expect(decode.first { $0.preferredName == "quiet" }?.shortNames == ["q"])
        #expect(decode.first { $0.preferredName == "jobs" }?.takesValue == true)
        #expect(!decode.contains { $0.preferredName == "help" })
        let encode = try QuickOptionDescription.options(
            ofDump: Data(try QRProcess.run(["encode", "--experimental-dump-help"]).stdout))
        #expect(encode.first { $0.preferredName == "input" }?.shortNames == ["i", "r"])
        #expect(encode.first { $0.preferredName == "8bit" }?.caseName == "`8bit`")
        #expect(encode.first { $0.preferredName == "no-boost" }?.takesValue == false)
    }
}

/// One named option of a command, as `--experimental-dump-help` describes it.
struct QuickOptionDescription {
    var preferredName: String
    var longNames: [String]
    var shortNames: [String]
    var takesValue: Bool

    /// The enum case: the preferred name in camel case (`files-from` → `filesFrom`), in
    /// backticks where it starts with a digit (`8bit`).
    var caseName: String {
        let words = preferredName.split(separator: "-")
        let name = words.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }
            .joined()
        return name.first?.isNumber == true ? "`\(name)`" : name
    }

    private struct Dump: Decodable {
        struct Command: Decodable { var arguments: [Argument]? }
        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }
            var kind: String
            var names: [Name]?
            var preferredName: Name?
        }
        var command: Command
    }

    /// The named options of the command `dump` describes, in declaration order; help,
    /// which ArgumentParser adds and answers, left out.
    static func options(ofDump dump: Data) throws -> [QuickOptionDescription] {
        let command = try JSONDecoder().decode(Dump.self, from: dump).command
        return (command.arguments ?? []).compactMap { argument in
            guard argument.kind != "positional", let preferred = argument.preferredName?.name, preferred != "help"
            else { return nil }
            let names = argument.names ?? []
            return QuickOptionDescription(
                preferredName: preferred, longNames: names.filter { $0.kind == "long" }.map(\.name),
                shortNames: names.filter { $0.kind == "short" }.map(\.name), takesValue: argument.kind == "option")
        }
    }

    /// The text of `type`'s file for `command`, in the form `make format` gives.
    static func render(command: String, type: String, options: [QuickOptionDescription]) -> String {
        var text = """
            // qr — \(type): the names and kinds of the options of `qr \(command)` that QuickParse
            // reads, made from the ArgumentParser declarations by `make quick-options`
            // (QuickOptionsTests): do not edit. QuickOptionsTests fails when this file differs
            // from what `qr \(command) --experimental-dump-help` describes.

            """
        do {
            text += "\n/// The options of `qr \(command)`, named as its ArgumentParser declarations name them.\n"
            text += "enum \(type): QuickOption {\n"
            for option in options { text += "    case \(option.caseName)\n" }
            text += "\n    init?(long name: String) {\n        switch name {\n"
            for option in options {
                let names = option.longNames.map { "\"\($0)\"" }.joined(separator: ", ")
                text += "        case \(names): self = .\(option.caseName)\n"
            }
            text += "        default: return nil\n        }\n    }\n"
            text += "\n    init?(short name: Character) {\n        switch name {\n"
            for option in options where !option.shortNames.isEmpty {
                let names = option.shortNames.map { "\"\($0)\"" }.joined(separator: ", ")
                text += "        case \(names): self = .\(option.caseName)\n"
            }
            text += "        default: return nil\n        }\n    }\n"
            let valued = options.filter(\.takesValue).map { "." + $0.caseName }
            text += "\n    var takesValue: Bool {\n"
            if valued.isEmpty || valued.count == options.count {
                text += "        \(!valued.isEmpty)\n"
            } else {
                text += "        switch self {\n"
                let cases = wrapped(valued, first: "        case ", continuation: "            ", last: ":")
                // swift-format puts the body on a line of its own after a label that wraps.
                text += cases.count == 1 ? cases[0] + " true\n" : cases.joined(separator: "\n") + "\n            true\n"
                text += "        default: false\n        }\n"
            }
            text += "    }\n}\n"
        }
        return text
    }

    /// The lines of `items` joined by ", " in at most 120 columns, as swift-format breaks them.
    private static func wrapped(_ items: [String], first: String, continuation: String, last: String) -> [String] {
        var lines: [String] = []
        var line = first
        for (index, item) in items.enumerated() {
            let piece = item + (index == items.count - 1 ? last : ",")
            let candidate = line.hasSuffix(" ") ? line + piece : line + " " + piece
            if candidate.count > 120 && line != first {
                lines.append(line)
                line = continuation + piece
            } else {
                line = candidate
            }
        }
        lines.append(line)
        return lines
    }
}
