// QRKit — GrayImage: the picture every engine reads, or a view of part of one.

/// An 8-bit grayscale picture, or a rectangular view of part of one.
///
/// The pixel at column `x`, row `y` is `self[x, y]`, 0 black and 255 white, top-left
/// first. ``pixels`` gives them row-major with no padding between rows.
///
/// A picture is a view over storage that copies share: ``cropped(x:y:width:height:)``
/// makes a view of a rectangle without copying a pixel, and the view keeps the storage's
/// row length as its ``stride``. Reading ``pixels`` of a view makes one copy of just its
/// rectangle; engines that take a row stride (zxing-cpp) read a view in place.
public struct GrayImage: Sendable {
    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// Elements of ``storage`` from the start of one row to the start of the next: the
    /// width, or more in a view of part of a wider picture.
    public let stride: Int
    /// The index in ``storage`` of the top-left pixel.
    public let offset: Int
    /// The pixels this picture is a view of, shared with copies and other views of it.
    public let storage: [UInt8]
    /// The memory a reader took for the picture from its ``MemoryBudget``, given back
    /// when the last copy or view of the picture goes.
    package private(set) var reservation: MemoryReservation?

    /// Makes a picture from luminance bytes.
    ///
    /// - Precondition: `width > 0`, `height > 0` and `pixels.count == width * height`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0, "GrayImage needs a positive size")
        precondition(pixels.count == width * height, "GrayImage pixel count does not match its size")
        self.width = width
        self.height = height
        self.stride = width
        self.offset = 0
        self.storage = pixels
    }

    /// A picture of one flat shade.
    public init(width: Int, height: Int, filledWith value: UInt8) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: value, count: width * height))
    }

    private init(
        width: Int, height: Int, stride: Int, offset: Int, storage: [UInt8], reservation: MemoryReservation?
    ) {
        self.width = width
        self.height = height
        self.stride = stride
        self.offset = offset
        self.storage = storage
        self.reservation = reservation
    }

    /// The picture, holding `reservation` for as long as any copy or view of it lives.
    package func holding(_ reservation: MemoryReservation?) -> GrayImage {
        var image = self
        image.reservation = reservation
        return image
    }

    /// Whether the rows follow one another with no gap and fill ``storage``, so that
    /// ``pixels`` is ``storage`` itself.
    public var isContiguous: Bool { offset == 0 && stride == width && storage.count == width * height }

    /// Luminance, `width * height` bytes, row-major, top-left first: ``storage`` itself
    /// when the picture is contiguous, else a copy of the view's rectangle.
    public var pixels: [UInt8] {
        if isContiguous { return storage }
        var out = [UInt8]()
        out.reserveCapacity(width * height)
        for y in 0..<height {
            let start = offset + y * stride
            out.append(contentsOf: storage[start..<start + width])
        }
        return out
    }

    /// Number of pixels.
    public var pixelCount: Int { width * height }

    /// The luminance at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt8 {
        storage[offset + y * stride + x]
    }

    /// A view of the rectangle of `width` × `height` pixels whose top-left is (`x`, `y`),
    /// sharing this picture's storage: no pixel is copied.
    ///
    /// - Precondition: the rectangle is not empty and lies inside the picture.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> GrayImage {
        precondition(width > 0 && height > 0, "a crop needs a positive size")
        precondition(
            x >= 0 && y >= 0 && x <= self.width - width && y <= self.height - height,
            "a crop must lie inside the picture")
        return GrayImage(
            width: width, height: height, stride: stride, offset: offset + y * stride + x, storage: storage,
            reservation: reservation)
    }

    /// Calls `body` with the storage, the index of the top-left pixel and the stride,
    /// without copying a view: for code that walks rows itself, or hands them to C.
    public func withRows<Result>(
        _ body: (_ storage: UnsafeBufferPointer<UInt8>, _ offset: Int, _ stride: Int) throws -> Result
    ) rethrows -> Result {
        try storage.withUnsafeBufferPointer { try body($0, offset, stride) }
    }
}

extension GrayImage: Equatable {
    /// Two pictures are equal when they have the same size and the same pixels, whatever
    /// storage they are views of.
    public static func == (lhs: GrayImage, rhs: GrayImage) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        if lhs.isContiguous && rhs.isContiguous { return lhs.storage == rhs.storage }
        for y in 0..<lhs.height {
            let left = lhs.offset + y * lhs.stride
            let right = rhs.offset + y * rhs.stride
            if lhs.storage[left..<left + lhs.width] != rhs.storage[right..<right + rhs.width] { return false }
        }
        return true
    }
}
