// QRKit — GIFReader: GIF files and bytes into GrayImage, through giflib.
//
// The one file that talks to giflib. Its record-by-record API is used rather than
// DGifSlurp, which would decode every frame of an animation into memory: here only the
// first frame is read, line by line, into a picture whose size was checked first.

import QRCore
import CGIF

/// Reads the first frame of a GIF as 8-bit grayscale.
///
/// The frame is drawn on the GIF's logical screen (widened when the frame reaches past
/// it); what the frame does not cover, and its transparent colour, are white, as a viewer
/// shows a GIF on a white page. Palette colours become their Rec. 601 luma. Interlaced
/// GIFs read as well.
///
/// The screen's size is checked against ``pixelLimit`` from the header before any pixel
/// memory is allocated.
///
/// ```swift
/// let image = try GIFReader().read(contentsOf: "scan.gif")
/// ```
public struct GIFReader: ImageFileReader {
    /// The most pixels (`width * height`) a picture may have, checked against the header
    /// before decoding. Zero or less refuses every picture.
    public var pixelLimit: Int

    /// The budget a picture's reading and decoding take their memory from.
    public var memoryBudget: MemoryBudget

    /// Makes a reader.
    ///
    /// - Parameters:
    ///   - pixelLimit: The most pixels a picture may have; 100 megapixels by default.
    ///   - memoryBudget: The budget reading and decoding a picture take their memory
    ///     from; the process's by default.
    public init(pixelLimit: Int = GIFReader.defaultPixelLimit, memoryBudget: MemoryBudget = .shared) {
        self.pixelLimit = pixelLimit
        self.memoryBudget = memoryBudget
    }

    /// The one format this reader decodes.
    public var formats: [ImageFormat] { [.gif] }

    /// Reads GIF bytes already in memory.
    ///
    /// - Parameters:
    ///   - data: The whole GIF file.
    ///   - name: What error messages call the data, such as `<stdin>`.
    /// - Returns: The first frame's luminance, on its logical screen.
    /// - Throws: ``/QRCore/ImageError/wrongFormat(file:expected:found:)`` for bytes of another
    ///   format, ``/QRCore/ImageError/truncated(file:format:)`` when the data ends before the
    ///   first frame does, ``/QRCore/ImageError/tooLarge(file:width:height:limit:)`` over the
    ///   pixel limit, and ``/QRCore/ImageError/corrupt(file:format:reason:)`` with giflib's
    ///   message for anything else it refuses.
    public func read(data: [UInt8], name: String) throws(ImageError) -> GrayImage {
        _ = try sniff(data, name: name)
        return try data.withUnsafeBufferPointer { file in
            withUnsafeTemporaryAllocation(of: GIFInput.self, capacity: 1) { slot in
                Result { () throws(ImageError) -> GrayImage in
                    guard let input = slot.baseAddress, let base = file.baseAddress else {
                        throw .truncated(file: name, format: .gif)
                    }
                    input.initialize(to: GIFInput(base: base, count: file.count))
                    defer { input.deinitialize(count: 1) }
                    return try decode(input, name: name)
                }
            }
        }.get()
    }

    /// Opens the GIF that `input` holds and reads its first frame.
    private func decode(_ input: UnsafeMutablePointer<GIFInput>, name: String) throws(ImageError) -> GrayImage {
        var code: Int32 = 0
        let opened = DGifOpen(input, { gif, buffer, wanted in GIFInput.read(gif, buffer, wanted) }, &code)
        guard let gif = opened else { throw failure(code, input: input, name: name) }
        defer { DGifCloseFile(gif, nil) }
        var transparent: Int32 = -1
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw failure(gif, input: input, name: name) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                transparent = try skipExtension(gif, input: input, name: name) ?? transparent
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw failure(gif, input: input, name: name) }
                return try frame(gif, transparent: Int(transparent), input: input, name: name)
            default:
                throw .corrupt(file: name, format: .gif, reason: "the file holds no picture")
            }
        }
    }

    /// Reads past one extension; returns the transparent colour index a graphics control
    /// extension sets, if it is one.
    private func skipExtension(
        _ gif: UnsafeMutablePointer<GifFileType>, input: UnsafeMutablePointer<GIFInput>, name: String
    )
        throws(ImageError) -> Int32?
    {
        var function: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &function, &block) == GIF_OK else { throw failure(gif, input: input, name: name) }
        var transparent: Int32?
        if function == GRAPHICS_EXT_FUNC_CODE, let block {
            var control = GraphicsControlBlock()
            if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK {
                transparent = control.TransparentColor
            }
        }
        while block != nil {
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure(gif, input: input, name: name) }
        }
        return transparent
    }

    /// Reads the frame whose descriptor giflib has just read, onto a white screen.
    private func frame(
        _ gif: UnsafeMutablePointer<GifFileType>, transparent: Int, input: UnsafeMutablePointer<GIFInput>, name: String
    ) throws(ImageError) -> GrayImage {
        let descriptor = gif.pointee.Image
        let left = Int(descriptor.Left)
        let top = Int(descriptor.Top)
        let frameWidth = Int(descriptor.Width)
        let frameHeight = Int(descriptor.Height)
        guard frameWidth > 0, frameHeight > 0 else {
            throw .corrupt(file: name, format: .gif, reason: "image has no pixels")
        }
        let width = max(Int(gif.pointee.SWidth), left + frameWidth)
        let height = max(Int(gif.pointee.SHeight), top + frameHeight)
        let count = try checkedPixelCount(width: width, height: height, format: .gif, name: name)
        let reservation = try reserveMemory(pixels: count, readerBytes: count + frameWidth, name: name)
        guard let colours = descriptor.ColorMap ?? gif.pointee.SColorMap, let palette = colours.pointee.Colors else {
            throw .corrupt(file: name, format: .gif, reason: "no colour table")
        }
        // Each index's gray; an index past the table is black, as most viewers draw it.
        var grays = [UInt8](repeating: 0, count: 256)
        for index in 0..<min(Int(colours.pointee.ColorCount), 256) {
            let colour = palette[index]
            grays[index] = PixelMath.luma(red: colour.Red, green: colour.Green, blue: colour.Blue)
        }
        if (0..<256).contains(transparent) { grays[transparent] = 255 }

        var pixels = [UInt8](repeating: 255, count: count)
        var line = [GifPixelType](repeating: 0, count: frameWidth)
        for row in Self.rowOrder(height: frameHeight, interlaced: descriptor.Interlace) {
            let read = line.withUnsafeMutableBufferPointer { DGifGetLine(gif, $0.baseAddress, Int32(frameWidth)) }
            guard read == GIF_OK else { throw failure(gif, input: input, name: name) }
            let start = (top + row) * width + left
            for x in 0..<frameWidth { pixels[start + x] = grays[Int(line[x])] }
        }
        return GrayImage(width: width, height: height, pixels: pixels).holding(reservation)
    }

    /// The rows of a frame in the order its data holds them: top to bottom, or the four
    /// passes of GIF interlacing (every 8th row from 0, every 8th from 4, every 4th from 2,
    /// every 2nd from 1).
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
            Array(stride(from: start, to: height, by: step))
        }
    }

    /// The error for giflib's last failure on `gif`.
    private func failure(_ gif: UnsafeMutablePointer<GifFileType>, input: UnsafeMutablePointer<GIFInput>, name: String)
        -> ImageError
    {
        failure(gif.pointee.Error, input: input, name: name)
    }

    /// The error for giflib error code `code`: a read past the end of the data is a
    /// truncated file, anything else giflib's own words.
    private func failure(_ code: Int32, input: UnsafeMutablePointer<GIFInput>, name: String) -> ImageError {
        if input.pointee.ranOut || code == D_GIF_ERR_EOF_TOO_SOON { return .truncated(file: name, format: .gif) }
        if code == D_GIF_ERR_READ_FAILED {
            // giflib gives this code, with the data not run out, for only one thing: an
            // image's LZW minimum code size over 8, the byte it read last.
            let offset = input.pointee.offset
            guard offset > 0 else { return .truncated(file: name, format: .gif) }
            return .corrupt(
                file: name, format: .gif, reason: "invalid LZW code size: \(input.pointee.base[offset - 1])")
        }
        let reason = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        return .corrupt(file: name, format: .gif, reason: reason)
    }
}

/// The bytes giflib reads from, and how far it has read.
private struct GIFInput {
    let base: UnsafePointer<UInt8>
    let count: Int
    var offset = 0
    /// Set when giflib asked for more than was left.
    var ranOut = false

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// giflib's input function: copies up to `wanted` bytes into `buffer`.
    static func read(
        _ gif: UnsafeMutablePointer<GifFileType>?, _ buffer: UnsafeMutablePointer<GifByteType>?, _ wanted: Int32
    )
        -> Int32
    {
        guard let gif, let buffer, wanted > 0,
            let input = gif.pointee.UserData?.assumingMemoryBound(to: GIFInput.self)
        else { return 0 }
        let given = min(Int(wanted), input.pointee.count - input.pointee.offset)
        if given < Int(wanted) { input.pointee.ranOut = true }
        buffer.update(from: input.pointee.base + input.pointee.offset, count: given)
        input.pointee.offset += given
        return Int32(given)
    }
}
