// qr encode — SymbolSettings: what the payload becomes, as plain settings.
import ArgumentParser
import QRKit

/// What the payload becomes: the plain settings behind ``SymbolOptions``.
struct SymbolSettings: Equatable {
    static let defaults = SymbolSettings()

    var level: LevelArgument = .m
    var version: Int?
    var strictVersion = false
    var micro = false
    var eightBit = false
    var kanji = false
    var mode: ModeArgument?
    var encoding: String?
    var boost = true
    var caseInsensitive = false
    var eci = false
    var split: Int?

    func validate() throws(ValidationError) {
        // The library takes one part as a plain symbol; a command line asking for it is
        // likelier a mistake, and the help promises 2 to 16.
        if let split, !(2...16).contains(split) {
            throw ValidationError("--split takes 2 to 16 symbols, not \(split); drop --split for one symbol")
        }
        if eightBit && kanji { throw ValidationError("--8bit and --kanji exclude each other: pick one mode") }
        if let mode, eightBit || kanji {
            throw ValidationError(
                "--mode \(mode.rawValue) and --\(eightBit ? "8bit" : "kanji") exclude each other: pick one")
        }
        if encoding != nil && (kanji || (mode != nil && mode != .byte)) {
            throw ValidationError(
                "--encoding applies to byte and automatic modes; Kanji, numeric and alphanumeric modes have their own")
        }
        if eci && mode != nil && mode != .byte {
            throw ValidationError("--eci is followed by one byte segment: drop --eci or --mode \(mode?.rawValue ?? "")")
        }
    }

    func encodeOptions() throws -> EncodeOptions {
        let encodeMode: EncodeMode =
            switch mode {
            case .numeric?: .numeric
            case .alnum?: .alphanumeric
            case .byte?: .eightBit
            case .kanji?: .kanjiOnly
            case nil: kanji ? .kanji : eightBit ? .eightBit : .automatic
            }
        return EncodeOptions(
            level: level.level, version: version, strictVersion: strictVersion, micro: micro, mode: encodeMode,
            caseSensitive: !caseInsensitive, eci: eci, characterSet: encoding, boostLevel: boost)
    }
}
