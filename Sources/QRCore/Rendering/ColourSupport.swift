// QRKit — ColourSupport: the colours a format can draw.

/// The colours a format can draw.
public enum ColourSupport: String, Sendable, CaseIterable {
    /// Any colours, translucent ones included.
    case any
    /// Opaque colours; the background may also be fully transparent (left out).
    case opaqueOrClearBackground
    /// Black and white only, in either order (swapped, dark modules are white on black).
    case blackAndWhite
    /// Any opaque colours, as a terminal's 24-bit escapes set them.
    case terminalColours
    /// Black on white only, drawn in the terminal's own text colours.
    case terminalDefault

    /// Checks that the format can draw `foreground` on `background`.
    ///
    /// - Parameters:
    ///   - foreground: The colour of dark modules.
    ///   - background: The colour of light modules.
    ///   - format: The format's name, for the message.
    /// - Throws: `EncodeError.invalidRenderOption` saying what the format can draw.
    public func check(foreground: RGBAColor, background: RGBAColor, format: String) throws(EncodeError) {
        let options = RenderOptions(foreground: foreground, background: background)
        switch self {
        case .any: return
        case .opaqueOrClearBackground: try options.requireOpaqueColours(format: format)
        case .blackAndWhite: _ = try options.blackOnWhite(format: format)
        case .terminalColours:
            guard foreground.isOpaque && background.isOpaque else {
                throw .invalidRenderOption(
                    "a terminal has no transparency: \(format) must be opaque, not \(foreground) on \(background)")
            }
        case .terminalDefault:
            guard foreground == .black && background == .white else {
                throw .invalidRenderOption(
                    "\(format) draw in the terminal's own colours, so \(foreground) on \(background) cannot be kept; ANSI colour draws them"
                )
            }
        }
    }
}
