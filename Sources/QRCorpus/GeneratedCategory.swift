// QRCorpus — GeneratedCategory: the kinds of damage the corpus generator draws.
import Dispatch
import QRKit

/// The kinds of trouble a generated picture shows; each is a sub-folder of the corpus.
public enum GeneratedCategory: String, Sendable, CaseIterable, Codable {
    /// A code in a cluttered picture, nothing else wrong: the baseline.
    case clean
    /// Modules of 1 to 1.5 pixels.
    case small
    /// Turned by any angle.
    case rotation
    /// Seen at a slant: the code's plane tilted 15° to 60° away from the camera, near
    /// enough for the far side to shrink (a projective distortion).
    case perspective
    /// Out of focus: a Gaussian blur of a quarter to a half of a module.
    case blur
    /// Heavy sensor noise with dead pixels.
    case noise
    /// Shades squeezed into a narrow band, as in fog or a faded print.
    case lowContrast = "low-contrast"
    /// A dim side, a spotlight and a soft shadow across the code.
    case unevenLight = "uneven-light"
    /// JPEG-like compression at low quality: 8 × 8 blocks with their fine detail rounded away.
    case blocky
    /// Light modules on a dark ground.
    case inverted
    /// A blot over part of the symbol, within what its error correction restores.
    case damaged
    /// Two to four codes in one picture (`NAME.all.txt` lists them).
    case multi
    /// Frames of 6 to 12 megapixels.
    case huge
    /// On a bent surface: wrapped round a cylinder (a cup, a bottle) or creased across (a
    /// folded flyer), seen from in front or a little to the side.
    case curved
    /// A page of labels or tickets as printed from a label program: 12, 20 or 30 codes,
    /// each with its own payload, on a grid, perhaps a little out of focus; zbar reads
    /// every one of them (`NAME.all.txt` lists them). Opt-in: not among
    /// ``defaultCategories``.
    case sheet

    /// The categories a corpus is made of when none are named: every one but ``sheet``,
    /// so that corpora made before sheets existed (picture *i* is of category *i* modulo
    /// the number of categories) keep their pictures.
    public static var defaultCategories: [GeneratedCategory] { allCases.filter { $0 != .sheet } }

    /// Categories whose pictures some engine reads every time; the tests hold the
    /// generator to it.
    public var isEasy: Bool {
        switch self {
        case .clean, .rotation, .inverted, .multi, .damaged: return true
        default: return false
        }
    }
}
