// QRKit — RedrawnFinders: which finder patterns a redraw fits module grids to.
/// Which finders ``GrayImage/readRedrawn(finders:repairing:stop:fits:record:_:)`` fits grids to.
package enum RedrawnFinders: Sendable {
    /// Those found by their runs, in the picture as it is.
    case byRuns
    /// Those of a tiny code (no two finders of three pixels a module or more), found by
    /// their rings in the picture grown.
    case ofTinyCodes
    /// Both, those found by their runs first.
    case all
}
