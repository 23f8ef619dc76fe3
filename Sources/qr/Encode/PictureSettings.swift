// qr encode — PictureSettings: how the symbol is drawn, as plain settings.
import ArgumentParser
import QRKit

/// How the symbol is drawn: the plain settings behind ``PictureOptions``.
struct PictureSettings: Equatable {
    var scale: Int?
    var sizePx: Int?
    var size: LengthArgument?
    var module: LengthArgument?
    var margin: Int?
    var foreground: String?
    var background: String?
    var force = false
    var dpi: Int?
    var invert = false
    var title: String?
    var desc: String?

    func validate() throws(ValidationError) {
        if scale != nil && sizePx != nil { throw ValidationError("give --scale or --size-px, not both") }
        if let sizePx, sizePx < 1 { throw ValidationError("--size-px must be at least 1") }
        if size != nil && module != nil { throw ValidationError("give --size or --module, not both") }
        if let name = printSizeName {
            for (other, given) in [("--scale", scale != nil), ("--size-px", sizePx != nil), ("--dpi", dpi != nil)]
            where given {
                throw ValidationError("give \(name) or \(other), not both: a printed size sets the module's size")
            }
        }
    }

    /// The printed size asked for, if any.
    var printSize: PrintSize? {
        if let size { return .picture(points: size.points) }
        if let module { return .module(points: module.points) }
        return nil
    }

    /// The option that asked for a printed size, for messages.
    var printSizeName: String? { size != nil ? "--size" : module != nil ? "--module" : nil }

    /// The picture options; checks the colours and ranges that need no symbol (the
    /// library's checks, which the renderers make again).
    func renderOptions() throws -> RenderOptions {
        var options = RenderOptions(targetSize: sizePx, margin: margin)
        if let scale { options.scale = scale }
        try options.validate()
        if let dpi { try RenderOptions.validate(dpi: dpi) }
        if let foreground { options.foreground = try RGBAColor(css: foreground) }
        if let background { options.background = try RGBAColor(css: background) }
        return options
    }

    /// The options of every output format: ``renderOptions()`` and the settings only some
    /// formats take. The format swaps dark and light for `--invert` as it draws.
    func outputOptions() throws -> OutputOptions {
        OutputOptions(
            picture: try renderOptions(), inverted: invert, dpi: dpi, printSize: printSize, title: title,
            description: desc)
    }

    /// The options a picture is drawn with: ``renderOptions()``, dark and light swapped
    /// by `--invert`.
    func drawingOptions() throws -> RenderOptions {
        var options = try renderOptions()
        if invert { swap(&options.foreground, &options.background) }
        return options
    }
}
