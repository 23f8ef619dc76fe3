// qr — QuickOption: what QuickParse knows of an option: its names and whether it takes a value.

/// An option of a command as QuickParse reads it: its names and whether it takes a value,
/// from the command's ArgumentParser declarations (DecodeOption.swift and EncodeOption.swift, generated).
protocol QuickOption: Equatable {
    init?(long name: String)
    init?(short name: Character)
    /// An option that takes a value, rather than a flag.
    var takesValue: Bool { get }
}
