// QRKit — Point: a place in a picture, in pixels.
/// A point in picture coordinates: pixels, origin at the top-left corner.
public struct Point: Sendable, Hashable, Codable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
