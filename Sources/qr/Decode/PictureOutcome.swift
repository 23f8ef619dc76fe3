// qr decode — PictureOutcome: what became of one input: its report, or why it could not be read.
import ArgumentParser
import Dispatch
import FoundationEssentials
import QRKit
#if canImport(Glibc)
import Glibc
#endif

/// What happened to one picture.
enum PictureOutcome: Sendable {
    case decoded(DecodeReport)
    /// The picture could not be read or decoded: why (an ``ImageError`` names the file).
    case failed(any Error)
}
