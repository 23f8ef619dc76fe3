// QRKit — ModuleRectangle: a rectangle of dark modules, in modules from the top-left corner of the picture

/// A rectangle of dark modules, in modules from the top-left corner of the picture
/// (margin included).
struct ModuleRectangle: Sendable, Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}
