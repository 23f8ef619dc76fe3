// QRCorpus — PayloadKind: the kinds of content the corpus generator puts in its codes.
import QRKit

/// What a generated code holds.
public enum PayloadKind: String, Sendable, CaseIterable, Codable {
    /// Digits only (numeric mode).
    case numeric
    /// Upper-case letters, digits and ` $%*+-./:` (alphanumeric mode).
    case alphanumeric
    /// A web address.
    case url
    /// UTF-8 text in one of several scripts (8-bit mode, sometimes with an ECI header).
    case text
    /// Japanese text in Kanji mode (Shift_JIS in the symbol).
    case kanji
    /// Arbitrary bytes (8-bit mode).
    case binary
}
