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
// ``EncodeCommand`` make. Anything else, or anything in doubt, is not read here: help,
// `--`, an unknown or repeated name, a value that could be an option, a value that does
// not parse, settings that fail validation. Those go to ArgumentParser, which remains
// the reference: its messages, its help, its errors.
//
// Kept honest: with QRKIT_CHECK_QUICK_PARSE set, every command line read here is read
// by ArgumentParser too, and a difference stops `qr` with status 70. The command-line
// tests run with it set.
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
        let parsed = Tokens.read(arguments, shortNames: ["q": "quiet", "0": "null", "H": "with-filename"]) {
            name, value in
            switch name {
            case "json": return Tokens.flag(value, &settings.json)
            case "bytes", "raw": return Tokens.flag(value, &settings.bytes)
            case "null": return Tokens.flag(value, &settings.null)
            case "with-filename": return Tokens.flag(value, &settings.withFilename)
            case "no-filename": return Tokens.flag(value, &settings.noFilename)
            case "first": return Tokens.flag(value, &settings.first)
            case "join": return Tokens.flag(value, &settings.join)
            case "timing": return Tokens.flag(value, &settings.timing)
            case "quiet": return Tokens.flag(value, &settings.quiet)
            case "files-from": return Tokens.text(value, &settings.filesFrom)
            case "strategy": return Tokens.parsed(value, &settings.strategy, StrategyName.init(rawValue:))
            case "jobs": return Tokens.parsed(value, &settings.jobs, { Int($0) })
            case "timeout-ms": return Tokens.parsed(value, &settings.limits.timeoutMilliseconds, { Int($0) })
            case "max-pixels": return Tokens.parsed(value, &settings.limits.maxPixels, { Int($0) })
            case "max-memory-mb": return Tokens.parsed(value, &settings.limits.maxMemoryMegabytes, { Int($0) })
            default: return .unknown
            }
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
        let parsed = Tokens.read(
            arguments,
            shortNames: [
                "i": "input", "r": "input", "o": "output", "t": "format", "l": "level", "v": "version", "s": "scale",
                "m": "margin", "d": "dpi", "8": "8bit", "k": "kanji", "M": "micro",
            ]
        ) { name, value in
            switch name {
            case "boost-level", "no-boost":
                // One of the pair at most: ArgumentParser refuses both.
                guard value == nil, !boostGiven else { return .unknown }
                boostGiven = true
                settings.symbol.boost = name == "boost-level"
                return .flag
            case "mode": return Tokens.parsed(value, &settings.symbol.mode, ModeArgument.init(argument:))
            case "encoding": return Tokens.text(value, &settings.symbol.encoding)
            case "force": return Tokens.flag(value, &settings.picture.force)
            case "title": return Tokens.text(value, &settings.picture.title)
            case "desc": return Tokens.text(value, &settings.picture.desc)
            case "input": return Tokens.text(value, &settings.input)
            case "output": return Tokens.text(value, &settings.output)
            case "format":
                guard let value else { return .option }
                guard let format = FormatArgument(argument: value) else { return .unknown }
                settings.format = format.format
                invertedFormat = format.inverted
                return .option
            case "level", "error": return Tokens.parsed(value, &settings.symbol.level, LevelArgument.init(argument:))
            case "version": return Tokens.parsed(value, &settings.symbol.version, { Int($0) })
            case "strict-version": return Tokens.flag(value, &settings.symbol.strictVersion)
            case "micro": return Tokens.flag(value, &settings.symbol.micro)
            case "8bit": return Tokens.flag(value, &settings.symbol.eightBit)
            case "kanji": return Tokens.flag(value, &settings.symbol.kanji)
            case "case-insensitive": return Tokens.flag(value, &settings.symbol.caseInsensitive)
            case "eci": return Tokens.flag(value, &settings.symbol.eci)
            case "split": return Tokens.parsed(value, &settings.symbol.split, { Int($0) })
            case "scale": return Tokens.parsed(value, &settings.picture.scale, { Int($0) })
            case "size": return Tokens.parsed(value, &settings.picture.size, LengthArgument.init(argument:))
            case "module": return Tokens.parsed(value, &settings.picture.module, LengthArgument.init(argument:))
            case "size-px": return Tokens.parsed(value, &settings.picture.sizePx, { Int($0) })
            case "margin", "border": return Tokens.parsed(value, &settings.picture.margin, { Int($0) })
            case "foreground", "dark": return Tokens.text(value, &settings.picture.foreground)
            case "background", "light": return Tokens.text(value, &settings.picture.background)
            case "dpi": return Tokens.parsed(value, &settings.picture.dpi, { Int($0) })
            case "invert": return Tokens.flag(value, &settings.picture.invert)
            default: return .unknown
            }
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
    /// What a name does with the value it was given.
    enum Use {
        /// A flag: takes no value.
        case flag
        /// An option: takes the value.
        case option
        /// Not a name this command has (or a value that did not parse): ask ArgumentParser.
        case unknown
    }

    /// Walks `arguments`, handing each named argument (long name, value or nil) to
    /// `named` and each positional one to `positional`; false when the line needs
    /// ArgumentParser.
    ///
    /// `named` is called first without a value for a name given without `=`; it answers
    /// `.option` when it needs one, and is then called again with the next argument.
    static func read(
        _ arguments: ArraySlice<String>, shortNames: KeyValuePairs<String, String>,
        named: (String, String?) -> Use, positional: (String) -> Bool
    ) -> Bool {
        // Arrays searched in order, not a Set or a Dictionary: a dozen names at most, and
        // hashed collections cost more to make (generic metadata, String hashing) than
        // the whole search (docs/performance.md).
        var seen: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            let name: String
            var value: String?
            if argument.hasPrefix("--") {
                guard argument != "--" else { return false }  // "--" ends options
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    value = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                }
            } else if argument.hasPrefix("-") && argument != "-" {
                // One short name: -q, -o FILE, or with its value attached as qrencode
                // takes them (-s4, -lH); a flag given a value (a cluster, -M8) and
                // -o=FILE go to ArgumentParser.
                let short = String(argument.dropFirst().prefix(1))
                guard let long = shortNames.first(where: { $0.key == short }) else { return false }
                name = long.value
                let attached = argument.dropFirst(1 + short.utf8.count)
                if !attached.isEmpty {
                    guard !attached.hasPrefix("=") else { return false }
                    value = String(attached)
                }
            } else {
                guard positional(argument) else { return false }
                continue
            }
            guard !seen.contains(name) else { return false }
            seen.append(name)
            switch named(name, value) {
            case .flag:
                continue
            case .unknown:
                return false
            case .option where value != nil:
                continue
            case .option:
                // The next argument is the value, unless it could be read as an option.
                guard index < arguments.endIndex else { return false }
                let next = arguments[index]
                if next.hasPrefix("-") && next != "-" { return false }
                index += 1
                guard case .option = named(name, next) else { return false }
            }
        }
        return true
    }

    /// A flag: set, when no value was attached.
    static func flag(_ value: String?, _ target: inout Bool) -> Use {
        guard value == nil else { return .unknown }
        target = true
        return .flag
    }

    /// A text option.
    static func text(_ value: String?, _ target: inout String?) -> Use {
        if let value { target = value }
        return .option
    }

    /// An option whose value must parse with `parse`.
    static func parsed<Value>(_ value: String?, _ target: inout Value, _ parse: (String) -> Value?) -> Use {
        guard let value else { return .option }
        guard let parsed = parse(value) else { return .unknown }
        target = parsed
        return .option
    }

    /// An optional option whose value must parse with `parse`.
    static func parsed<Value>(_ value: String?, _ target: inout Value?, _ parse: (String) -> Value?) -> Use {
        guard let value else { return .option }
        guard let parsed = parse(value) else { return .unknown }
        target = parsed
        return .option
    }
}
