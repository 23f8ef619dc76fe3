// QRKit — Array+SpokenList: "a, b and c", as messages list what may be given.

extension Array where Element == String {
    /// The words as a message lists them: "a", "a or b", "a, b or c".
    ///
    /// Public so that every message of QRKit and of the programs built on it (`qr`,
    /// `qr-serve`) lists words alike.
    ///
    /// - Parameter conjunction: The word before the last, such as `"or"` or `"and"`.
    /// - Returns: The words, commas between all but the last two; empty for none.
    ///
    /// ```swift
    /// ["PNG", "SVG", "PDF"].spokenList(joinedBy: "or")  // "PNG, SVG or PDF"
    /// ```
    public func spokenList(joinedBy conjunction: String) -> String {
        guard count > 1, let last else { return first ?? "" }
        return dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
