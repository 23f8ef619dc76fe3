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
    /// A specular highlight: a bright, clipped patch of light on glossy paper or a
    /// laminated label that washes out the modules under it (within what the code's
    /// error correction restores, at level M or above). Opt-in.
    case glare
    /// The hard edge of a shadow (a hand, a phone) across the code: one side at a third
    /// to two thirds of the light of the other. Opt-in.
    case shadow
    /// A code shown on a screen and photographed: the screen's pixel grid and its
    /// coloured sub-pixels, beating with the camera's pixels into moiré, a little out of
    /// focus. Opt-in.
    case moire
    /// Versions 20 to 40 at 2 to 3 pixels a module, slightly blurred and turned. Opt-in.
    case highVersion = "high-version"
    /// Over- or under-exposed: the light modules clipped to white, or the whole picture
    /// squeezed into the bottom fifth of the range with the sensor's noise on top. Opt-in.
    case exposure
    /// A close-up: the code fills the frame, its quiet zone partly cut away, its edge
    /// perhaps touching the frame. Opt-in.
    case crop
    /// Linear motion blur: the camera moved by half a module to a module during the
    /// exposure, in any direction. Opt-in.
    case motionBlur = "motion-blur"
    /// Printed in halftone: ink and paper shades made of a screen of dots, as a press or
    /// a laser printer prints a grey ink. Opt-in.
    case halftone

    /// The categories made only when named: ``sheet`` and the conditions of field studies
    /// (glare to halftone), added after corpora of the others were measured.
    public var isOptIn: Bool {
        switch self {
        case .sheet, .glare, .shadow, .moire, .highVersion, .exposure, .crop, .motionBlur, .halftone: return true
        default: return false
        }
    }

    /// The categories a corpus is made of when none are named: every one not opt-in
    /// (``isOptIn``), so that corpora made before the opt-in ones existed (picture *i* is
    /// of category *i* modulo the number of categories) keep their pictures.
    public static var defaultCategories: [GeneratedCategory] { allCases.filter { !$0.isOptIn } }

    /// Categories whose pictures some engine reads every time; the tests hold the
    /// generator to it.
    public var isEasy: Bool {
        switch self {
        case .clean, .rotation, .inverted, .multi, .damaged: return true
        default: return false
        }
    }
}
