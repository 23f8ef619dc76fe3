// qr — QuickParse: everyday `qr decode` and `qr encode` command lines read without
// ArgumentParser's reflection.
//
// Why: ArgumentParser learns a command's options at run time, by reflecting over its
// property wrappers. In a `qr` process that resolves some two hundred generic types and
// protocol conformances, each a scan of every conformance record in the binary: most of
// the start-up work of an everyday command line (measured in docs/performance.md). A
// user waits for that on every run.
//
// What: the plain forms, `--name VALUE`, `--name=VALUE`, flags, `-q`, `-i`/`-o VALUE` and
// positional arguments, straight into the settings that ``DecodeCommand`` and
// ``EncodeCommand`` make. The names, short names and kinds of the options come from
// DecodeOption.swift and EncodeOption.swift, which `make quick-options` makes from the ArgumentParser
// declarations; here is only where each option's value goes, parsed as ArgumentParser
// parses it (`init(argument:)`). Anything else, or anything in doubt, is not read here: help,
// `--`, an unknown or repeated name, a value that could be an option, a value that does
// not parse, settings that fail validation. Those go to ArgumentParser, which remains
// the reference: its messages, its help, its errors.
//
// Kept honest: with QRKIT_CHECK_QUICK_PARSE set, every command line read here is read
// by ArgumentParser too, and a difference stops `qr` with status 70. The command-line
// tests run with it set.
import ArgumentParser
import QRBench
import QRKit

enum QuickParse {
    /// The command for `arguments` (without the program name), or nil when they need
    /// ArgumentParser.
    static func command(_ arguments: [String]) -> QuickCommand? {
        guard let name = arguments.first else { return nil }
        let rest = arguments.dropFirst()
        switch name {
        case "decode":
            guard let settings = decode(rest), (try? settings.validate()) != nil else { return nil }
            return .decode(settings)
        case "encode":
            guard let settings = encode(rest), (try? settings.validate()) != nil else { return nil }
            return .encode(settings)
        default:
            return nil
        }
    }

    /// `qr decode`'s arguments as settings, or nil.
    static func decode(_ arguments: ArraySlice<String>) -> DecodeSettings? {
        var settings = DecodeSettings()
        let parsed = Tokens.read(arguments, as: DecodeOption.self) { option, value in
            switch option {
            case .filesFrom: settings.filesFrom = value
            case .strategy: return Tokens.parse(value, into: &settings.strategy)
            case .jobs: return Tokens.parse(value, into: &settings.jobs)
            case .timeoutMs: return Tokens.parse(value, into: &settings.limits.timeoutMilliseconds)
            case .maxPixels: return Tokens.parse(value, into: &settings.limits.maxPixels)
            case .maxMemoryMb: return Tokens.parse(value, into: &settings.limits.maxMemoryMegabytes)
            case .json: settings.json = true
            case .bytes: settings.bytes = true
            case .null: settings.null = true
            case .withFilename: settings.withFilename = true
            case .noFilename: settings.noFilename = true
            case .first: settings.first = true
            case .join: settings.join = true
            case .timing: settings.timing = true
            case .quiet: settings.quiet = true
            }
            return true
        } positional: { argument in
            settings.inputs.append(argument)
            return true
        }
        return parsed ? settings : nil
    }

    /// `qr encode`'s arguments as settings, or nil.
    static func encode(_ arguments: ArraySlice<String>) -> EncodeSettings? {
        var settings = EncodeSettings()
        var boostGiven = false
        var invertedFormat = false
        let parsed = Tokens.read(arguments, as: EncodeOption.self) { option, value in
            switch option {
            case .input: settings.input = value
            case .output: settings.output = value
            case .format:
                guard let format = value.flatMap(FormatArgument.init(argument:)) else { return false }
                settings.format = format.format
                invertedFormat = format.inverted
            case .level: return Tokens.parse(value, into: &settings.symbol.level)
            case .version: return Tokens.parse(value, into: &settings.symbol.version)
            case .strictVersion: settings.symbol.strictVersion = true
            case .micro: settings.symbol.micro = true
            case .`8bit`: settings.symbol.eightBit = true
            case .kanji: settings.symbol.kanji = true
            case .mode: return Tokens.parse(value, into: &settings.symbol.mode)
            case .encoding: settings.symbol.encoding = value
            case .boostLevel, .noBoost:
                // Two flags that set one value: ArgumentParser refuses both together.
                guard !boostGiven else { return false }
                boostGiven = true
                settings.symbol.boost = option == .boostLevel
            case .caseInsensitive: settings.symbol.caseInsensitive = true
            case .eci: settings.symbol.eci = true
            case .split: return Tokens.parse(value, into: &settings.symbol.split)
            case .scale: return Tokens.parse(value, into: &settings.picture.scale)
            case .sizePx: return Tokens.parse(value, into: &settings.picture.sizePx)
            case .size: return Tokens.parse(value, into: &settings.picture.size)
            case .module: return Tokens.parse(value, into: &settings.picture.module)
            case .margin: return Tokens.parse(value, into: &settings.picture.margin)
            case .foreground: settings.picture.foreground = value
            case .background: settings.picture.background = value
            case .force: settings.picture.force = true
            case .dpi: return Tokens.parse(value, into: &settings.picture.dpi)
            case .invert: settings.picture.invert = true
            case .title: settings.picture.title = value
            case .desc: settings.picture.desc = value
            }
            return true
        } positional: { argument in
            guard settings.text == nil else { return false }
            settings.text = argument
            return true
        }
        if invertedFormat { settings.picture.invert = true }
        return parsed ? settings : nil
    }
}

/// The token rules QuickParse shares between commands.
private enum Tokens {
    /// Walks `arguments`, handing each option with its value (nil for a flag) to `named`
    /// and each positional argument to `positional`; false when the line needs
    /// ArgumentParser, or when `named` or `positional` answers false (a value that does
    /// not parse, an argument too many).
    static func read<Option: QuickOption>(
        _ arguments: ArraySlice<String>, as _: Option.Type, named: (Option, String?) -> Bool,
        positional: (String) -> Bool
    ) -> Bool {
        // An array searched in order, not a Set: a dozen options at most, and hashed
        // collections cost more to make (generic metadata, hashing) than the whole search
        // (docs/performance.md).
        var seen: [Option] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            let option: Option
            var value: String?
            if argument.hasPrefix("--") {
                guard argument != "--" else { return false }  // "--" ends options
                let body = argument.dropFirst(2)
                let name = body.firstIndex(of: "=").map { body[..<$0] } ?? body
                if name.endIndex != body.endIndex { value = String(body[body.index(after: name.endIndex)...]) }
                guard let long = Option(long: String(name)) else { return false }
                option = long
            } else if argument.hasPrefix("-") && argument != "-" {
                // One short name: -q, -o FILE, or with its value attached as qrencode
                // takes them (-s4, -lH); a flag given a value (a cluster, -M8) and
                // -o=FILE go to ArgumentParser.
                let body = argument.dropFirst()
                guard let name = body.first, let short = Option(short: name) else { return false }
                option = short
                let attached = body.dropFirst()
                if !attached.isEmpty {
                    guard !attached.hasPrefix("=") else { return false }
                    value = String(attached)
                }
            } else {
                guard positional(argument) else { return false }
                continue
            }
            guard !seen.contains(option) else { return false }
            seen.append(option)
            if !option.takesValue {
                guard value == nil else { return false }
            } else if value == nil {
                // The next argument is the value, unless it could be read as an option.
                guard index < arguments.endIndex, !arguments[index].hasPrefix("-") || arguments[index] == "-"
                else { return false }
                value = arguments[index]
                index += 1
            }
            guard named(option, value) else { return false }
        }
        return true
    }

    /// Sets `target` to `value` as ArgumentParser parses it; false when it does not parse.
    static func parse<Value: ExpressibleByArgument>(_ value: String?, into target: inout Value) -> Bool {
        guard let parsed = value.flatMap(Value.init(argument:)) else { return false }
        target = parsed
        return true
    }

    /// Sets `target` to `value` as ArgumentParser parses it; false when it does not parse.
    static func parse<Value: ExpressibleByArgument>(_ value: String?, into target: inout Value?) -> Bool {
        guard let parsed = value.flatMap(Value.init(argument:)) else { return false }
        target = parsed
        return true
    }
}
