// qr encode — SymbolOptions: the options that say what the payload becomes.
import ArgumentParser

/// What the payload becomes.
struct SymbolOptions: ParsableArguments {
    @Option(
        name: [.customShort("l", allowingJoined: true), .long, .customLong("error")],
        help:
            "Error correction: restores about 7, 15, 25 or 30% damage; a minimum, raised while the version allows (--no-boost: as given)."
    )
    var level: LevelArgument = SymbolSettings.defaults.level

    @Option(
        name: [.customShort("v", allowingJoined: true), .long],
        help: ArgumentHelp("Smallest version, 1-40 (1-4 with --micro); grows if the data needs it.", valueName: "n"))
    var version: Int?

    @Flag(help: "Fail instead of growing past --version.")
    var strictVersion = false

    @Flag(
        name: [.customShort("M"), .long],
        help: "Make a Micro QR symbol (M1-M4): smaller, no level H, no --eci or --split.")
    var micro = false

    @Flag(
        name: [.customShort("8"), .customLong("8bit")],
        help: "Encode the bytes as they are, in one 8-bit segment (any bytes, NULs included).")
    var eightBit = false

    @Flag(
        name: [.customShort("k"), .long],
        help: "Write the text as Shift_JIS, with Kanji segments for double-byte characters.")
    var kanji = false

    @Option(help: "One segment of this mode; a character that does not fit is an error. byte is --8bit.")
    var mode: ModeArgument?

    @Option(
        help: ArgumentHelp(
            "Write the text in this character set (an iconv name, such as ISO-8859-1 or CP1252) in byte mode; with --eci, declared.",
            valueName: "name"))
    var encoding: String?

    @Flag var boost: BoostArgument = .boostLevel

    @Flag(help: "Upper-case ASCII letters so they fit alphanumeric mode (the code then reads upper case).")
    var caseInsensitive = false

    @Flag(
        help:
            "Start with an ECI header declaring the character set (UTF-8, or --encoding), so readers need not guess it."
    )
    var eci = false

    @Option(help: ArgumentHelp("Spread the payload over N symbols (2-16) joined by structured append.", valueName: "n"))
    var split: Int?

    /// The parsed options, as plain settings.
    var settings: SymbolSettings {
        SymbolSettings(
            level: level, version: version, strictVersion: strictVersion, micro: micro, eightBit: eightBit,
            kanji: kanji, mode: mode, encoding: encoding, boost: boost == .boostLevel, caseInsensitive: caseInsensitive,
            eci: eci, split: split)
    }

    func validate() throws { try settings.validate() }
}
