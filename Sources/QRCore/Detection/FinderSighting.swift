// QRKit — FinderSighting: one finder-like pattern the gate saw, and whether a few of them look
// like one symbol's.
/// A finder-like pattern seen on a row: its centre and how many pixels it spans.
struct FinderSighting: Equatable {
    var x: Int
    var y: Int
    var across: Int
    /// Rows that saw it.
    var count = 1

    /// The least contrast of a finder printed, seen in a photograph: a fifth of the range.
    static let printedContrast = 50

    /// Whether `other` is the same pattern seen again (a row or two further down).
    func isNear(_ other: FinderSighting) -> Bool {
        abs(x - other.x) <= across / 2 && abs(y - other.y) <= across
    }

    /// Whether `sighting` and two others of `sightings` are three of about one size, far
    /// enough apart to be the finders of one symbol (at least twice their width: a version
    /// 1 symbol's finders are three finder widths apart, centre to centre) and near enough
    /// (a version 40 symbol's are 23 widths apart).
    static func completeLikeTriple(_ sighting: FinderSighting, among sightings: [FinderSighting]) -> Bool {
        func alike(_ a: FinderSighting, _ b: FinderSighting) -> Bool {
            let ratio = Double(a.across) / Double(b.across)
            guard ratio > 0.6, ratio < 1 / 0.6 else { return false }
            let distance = Double(abs(a.x - b.x) + abs(a.y - b.y))
            let size = Double(a.across + b.across) / 2
            return distance >= 2 * size && distance <= 36 * size
        }
        let partners = sightings.filter { alike($0, sighting) }
        for i in partners.indices {
            for j in partners.indices where j > i && alike(partners[i], partners[j]) { return true }
        }
        return false
    }
}
