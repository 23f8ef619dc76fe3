// QRKit — XBMFormat: a symbol as an X BitMap (X11 XBM), C source of a bit array.

/// Renders a symbol as an X11 bitmap: `#define` lines for the size, then the pixels as a
/// C array of bytes, each row padded to whole bytes, least significant bit first, 1 for
/// a set (foreground, black) pixel.
///
/// XBM holds bits, not colours. As for ``PBMRenderer``, the colours must be black and
/// white in either order: swapped colours set the light pixels instead.
///
/// ```swift
/// let xbm = try XBMRenderer(options: RenderOptions(scale: 2)).render(matrix)
/// ```
public enum XBMFormat: RenderFormat {
    public static let traits = FormatTraits("XBM", colourSupport: .blackAndWhite, drawing: .raster)

    /// Draws `matrix` as an XBM file.
    ///
    /// - Parameters:
    ///   - matrix: The symbol.
    ///   - layout: Its margin and scale.
    ///   - options: The checked options.
    /// - Returns: The document, ASCII text ending in a newline.
    public static func draw(_ matrix: QRMatrix, in layout: RenderLayout, options: RenderOptions) -> String {
        let darkIsSet = options.foreground == .black
        let side = layout.pixels
        let pixels = layout.rasterize(matrix, dark: darkIsSet ? 1 : 0, light: darkIsSet ? 0 : 1)
        var text = Array(
            "#define qrcode_width \(side)\n#define qrcode_height \(side)\nstatic unsigned char qrcode_bits[] = {\n".utf8
        )
        let rowBytes = (side + 7) / 8
        let digits = Array("0123456789abcdef".utf8)
        text.reserveCapacity(text.count + rowBytes * side * 6 + 4)
        var count = 0
        for y in 0..<side {
            for byteIndex in 0..<rowBytes {
                var byte: UInt8 = 0
                for bit in 0..<8 {
                    let x = byteIndex * 8 + bit
                    if x < side, pixels[y * side + x] == 1 { byte |= 1 << bit }
                }
                text += count % 12 == 0 ? Array("  ".utf8) : [0x20]
                text += [0x30, 0x78, digits[Int(byte >> 4)], digits[Int(byte & 15)]]
                count += 1
                let last = count == rowBytes * side
                text += last ? Array(" };\n".utf8) : count % 12 == 0 ? Array(",\n".utf8) : [0x2C]
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// Draws XBM: ``XBMFormat`` with the options ``FormatRenderer`` holds.
public typealias XBMRenderer = FormatRenderer<XBMFormat>
