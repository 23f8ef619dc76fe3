// QRBench — PictureAgreement: one unlabelled picture the strategies or a peer disagree on.
import QRCorpus

/// One unlabelled picture the strategies disagree on, or a peer disagrees with them on.
public struct PictureAgreement: Sendable, Codable, Equatable {
    /// What kind of disagreement it is.
    public enum Kind: String, Sendable, Codable {
        /// Some strategies found a symbol, others none.
        case readBySome = "read by some"
        /// Two strategies read different texts.
        case differentTexts = "different texts"
        /// The strategies agree, but a peer (a whole process) read texts that differ
        /// from theirs.
        case processReadOtherwise = "a process read otherwise"
    }

    /// The path below the corpus folder.
    public var name: String
    public var kind: Kind
    /// Each strategy's answer, in the strategies' order, then each peer's (named
    /// `NAME (process)`) when there are peers.
    public var answers: [StrategyAnswer]
}
