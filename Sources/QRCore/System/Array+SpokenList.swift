// QRKit — Array+SpokenList: "a, b and c", as messages list what may be given.

extension Array where Element == String {
    /// The words as a message lists them: "a", "a or b", "a, b or c".
    package func spokenList(joinedBy conjunction: String) -> String {
        guard count > 1, let last else { return first ?? "" }
        return dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
