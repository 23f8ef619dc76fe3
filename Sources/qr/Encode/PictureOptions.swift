// qr encode — PictureOptions: the options that say how the symbol is drawn.
import ArgumentParser

/// How the symbol is drawn.
struct PictureOptions: ParsableArguments {
    @Option(
        name: [.customShort("s", allowingJoined: true), .long],
        help: ArgumentHelp(
            "Pixels per module for PNG, SVG, PBM and XPM; for PDF and EPS, pixels at --dpi (default: 8).",
            valueName: "n"))
    var scale: Int?

    @Option(
        help: ArgumentHelp(
            "Picture size in pixels, exactly: the largest whole scale that fits, the quiet zone taking the rest (the right and bottom one pixel more when it is odd).",
            valueName: "n"))
    var sizePx: Int?

    @Option(
        help: ArgumentHelp(
            "SVG, PDF, EPS: the printed size of the whole picture, quiet zone included, with its unit: mm, cm, in or pt (30mm, 1.5in).",
            valueName: "length"))
    var size: LengthArgument?

    @Option(
        help: ArgumentHelp(
            "SVG, PDF, EPS: the printed size of one module, with its unit: mm, cm, in or pt (0.5mm).",
            valueName: "length"))
    var module: LengthArgument?

    @Option(
        name: [.customShort("m", allowingJoined: true), .long, .customLong("border")],
        help: ArgumentHelp("Quiet zone in modules (default: 4, 2 for Micro QR).", valueName: "n"))
    var margin: Int?

    @Option(
        name: [.long, .customLong("dark")],
        help: ArgumentHelp(
            "Colour of dark modules: a CSS name or RGB, RRGGBB[AA] hexadecimal (default: black); pbm, xbm, ascii and ansi256 take only black or white.",
            valueName: "colour"))
    var foreground: String?

    @Option(
        name: [.long, .customLong("light")],
        help: ArgumentHelp(
            "Colour of light modules: a CSS name, transparent, or RGB, RRGGBB[AA] hexadecimal (default: white).",
            valueName: "colour"))
    var background: String?

    @Flag(help: "Write colours even when their contrast is below 3:1.")
    var force = false

    @Option(
        name: [.customShort("d", allowingJoined: true), .long],
        help: ArgumentHelp(
            "Resolution: recorded in a PNG (pHYs chunk); sets the page size of PDF and EPS (default: 72, a pixel is a point).",
            valueName: "n"))
    var dpi: Int?

    @Flag(
        help:
            "Swap dark and light: utf8 then draws for a light terminal, ascii for a dark one (by default ## marks dark modules, as in qrencode); ansi and pictures get light modules on dark."
    )
    var invert = false

    @Option(help: ArgumentHelp("SVG: a title for assistive technology (<title>, role=\"img\").", valueName: "text"))
    var title: String?

    @Option(help: ArgumentHelp("SVG: a longer description (<desc>), such as where the code leads.", valueName: "text"))
    var desc: String?

    /// The parsed options, as plain settings.
    var settings: PictureSettings {
        PictureSettings(
            scale: scale, sizePx: sizePx, size: size, module: module, margin: margin, foreground: foreground,
            background: background, force: force, dpi: dpi, invert: invert, title: title, desc: desc)
    }

    func validate() throws { try settings.validate() }
}
