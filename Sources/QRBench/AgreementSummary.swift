// QRBench — AgreementSummary: how far the strategies agree on pictures without a label.
import QRCorpus

/// How the strategies' answers compare on the unlabelled pictures, where there is no
/// expected text to score against.
///
/// A strategy's answer on a picture is the set of texts it gave in most timed runs
/// (empty when it found no symbol). Each picture falls in exactly one class.
public struct AgreementSummary: Sendable, Codable, Equatable {
    /// Unlabelled pictures timed.
    public var pictures: Int
    /// Every strategy read the same texts.
    public var readAlike: Int
    /// No strategy found a symbol.
    public var readByNone: Int
    /// Some strategies found a symbol and others none; those that read agree.
    public var readBySome: Int
    /// Two strategies read different texts.
    public var differentTexts: Int
    /// The pictures of the last two classes, each strategy's answer on each.
    public var disagreements: [PictureAgreement]

    public init(
        pictures: Int, readAlike: Int, readByNone: Int, readBySome: Int, differentTexts: Int,
        disagreements: [PictureAgreement]
    ) {
        self.pictures = pictures
        self.readAlike = readAlike
        self.readByNone = readByNone
        self.readBySome = readBySome
        self.differentTexts = differentTexts
        self.disagreements = disagreements
    }
}
