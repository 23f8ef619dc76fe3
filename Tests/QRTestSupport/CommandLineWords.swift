// QRKit test support — CommandLineWords: finds the command line's words in a message
// that should speak of the library only.

/// The words of a command line that a library message must not use: a long flag
/// (`--scale`), a short one standing alone (` -o`, `(-l L)`), or a flag's name that is
/// no English word (`size-px`, `8bit`).
///
///     CommandLineWords.first(in: "lower --scale")            // "--"
///     CommandLineWords.first(in: "write it with -o FILE")    // "-o"
///     CommandLineWords.first(in: "ISO-8859-1 to -16")        // nil
public enum CommandLineWords {
    /// Flag names of `qr` that are no English word, so a message can only mean the flag.
    public static let flagNames = [
        "size-px", "8bit", "strict-version", "boost-level", "no-boost", "max-pixels",
        "timeout-ms", "files-from", "pass-table", "batch-table", "cold-probe",
    ]

    /// The first command-line word in `message`, or `nil` when it has none.
    public static func first(in message: String) -> String? {
        if message.contains("--") { return "--" }
        if let name = flagNames.first(where: { message.contains($0) }) { return name }
        let characters = Array(message)
        for (index, character) in characters.enumerated() where character == "-" {
            // A short flag starts a word: "-o" after a space, a bracket or a quote.
            guard index == 0 || " ([`'\"".contains(characters[index - 1]), index + 1 < characters.count else {
                continue
            }
            let letter = characters[index + 1]
            guard letter.isLetter || letter == "8" else { continue }
            // ... and is one character long: "-o", "-o FILE", "-l)"; not "-bit" or "-16".
            if index + 2 == characters.count || !(characters[index + 2].isLetter || characters[index + 2].isNumber) {
                return String(characters[index...(index + 1)])
            }
        }
        return nil
    }
}
