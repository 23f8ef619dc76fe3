// QRKit — RenderedDocument: what a renderer draws, text or a binary file, as a file's bytes.

/// What a ``Renderer`` draws: `String` for a text format, `[UInt8]` for a binary one;
/// either is written as a file's bytes.
public protocol RenderedDocument: Sendable {
    /// Whether the document is binary, not text: bytes a terminal should not be sent.
    static var isBinary: Bool { get }

    /// The document as the bytes of a file: text in UTF-8.
    var fileBytes: [UInt8] { get }
}

extension String: RenderedDocument {
    public static var isBinary: Bool { false }

    public var fileBytes: [UInt8] { Array(utf8) }
}

extension Array: RenderedDocument where Element == UInt8 {
    public static var isBinary: Bool { true }

    public var fileBytes: [UInt8] { self }
}
