// QRKit tests — reading rendered symbols back with libzbar, zxing-cpp and libpng directly.
//
// The library's own decoders and PNG reader are written elsewhere; the encoder's tests
// check its output against the C libraries themselves.
import CPNG
import CZBar
import CZXing
import QRKit
import QRTestSupport

/// One symbol as a test reader saw it.
struct DecodedSymbol: Equatable {
    var bytes: [UInt8]
    var isMicro = false
    var hasECI = false
    var ecLevel = ""
    var sequenceIndex = -1
    var sequenceCount = -1
    /// The structured-append parity byte, -1 when none.
    var sequenceParity = -1
}

enum TestDecoding {
    /// Reads QR symbols with libzbar in binary mode (bytes as stored, no charset
    /// conversion).
    static func zbar(_ image: GrayImage) -> [[UInt8]] {
        guard let scanner = zbar_image_scanner_create() else { return [] }
        defer { zbar_image_scanner_destroy(scanner) }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        guard let zimage = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(zimage) }
        let y800 = UInt(0x59) | UInt(0x38) << 8 | UInt(0x30) << 16 | UInt(0x30) << 24
        zbar_image_set_format(zimage, y800)
        zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))
        return image.pixels.withUnsafeBufferPointer { pixels in
            zbar_image_set_data(zimage, pixels.baseAddress, UInt(pixels.count), nil)
            defer { zbar_image_set_data(zimage, nil, 0, nil) }
            guard zbar_scan_image(scanner, zimage) > 0 else { return [] }
            var results: [[UInt8]] = []
            var symbol = zbar_image_first_symbol(zimage)
            while let current = symbol {
                let count = Int(zbar_symbol_get_data_length(current))
                if let data = zbar_symbol_get_data(current) {
                    results.append(
                        data.withMemoryRebound(to: UInt8.self, capacity: count) {
                            Array(UnsafeBufferPointer(start: $0, count: count))
                        })
                }
                symbol = zbar_symbol_next(current)
            }
            return results
        }
    }

    /// Reads QR and Micro QR symbols with zxing-cpp through the CZXing shim.
    static func zxing(_ image: GrayImage) -> [DecodedSymbol] {
        var options = CZXingOptions(
            formats: Int32(CZXING_FORMAT_QR | CZXING_FORMAT_MICRO_QR), tryHarder: 1, tryRotate: 0,
            tryDownscale: 0)
        var symbols: UnsafeMutablePointer<CZXingSymbol>?
        var count: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            czxing_read(
                pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width), &options,
                &symbols, &count, &error, Int32(error.count))
        }
        defer { czxing_free(symbols, count) }
        guard status == 0, let symbols else { return [] }
        return (0..<Int(count)).map { index in
            let symbol = symbols[index]
            let bytes = Array(UnsafeBufferPointer(start: symbol.bytes, count: Int(symbol.byteCount)))
            let level = withUnsafeBytes(of: symbol.ecLevel) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return DecodedSymbol(
                bytes: bytes, isMicro: symbol.isMicro == 1, hasECI: symbol.hasECI == 1, ecLevel: level,
                sequenceIndex: Int(symbol.saIndex),
                sequenceCount: Int(symbol.saCount), sequenceParity: Int(symbol.saParity))
        }
    }

    /// A PNG file decoded by libpng's simplified API, to 8-bit gray.
    struct PNGFile {
        var image: GrayImage
        /// From IHDR.
        var bitDepth: Int
        /// From IHDR: 0 gray, 3 palette…
        var colorType: Int
        /// Chunk types in file order.
        var chunks: [String]
    }

    /// Decodes PNG bytes with libpng, or returns nil with libpng's complaint ignored.
    static func png(_ bytes: [UInt8]) -> PNGFile? {
        guard bytes.count > 33 else { return nil }
        var header = png_image()
        header.version = UInt32(PNG_IMAGE_VERSION)
        let began = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&header, $0.baseAddress, $0.count) }
        guard began != 0 else { return nil }
        defer { png_image_free(&header) }
        header.format = UInt32(PNG_FORMAT_GRAY)
        let width = Int(header.width)
        let height = Int(header.height)
        var pixels = [UInt8](repeating: 0, count: width * height)
        let finished = bytes.withUnsafeBytes { _ in
            pixels.withUnsafeMutableBytes { png_image_finish_read(&header, nil, $0.baseAddress, 0, nil) }
        }
        guard finished != 0 else { return nil }
        return PNGFile(
            image: GrayImage(width: width, height: height, pixels: pixels), bitDepth: Int(bytes[24]),
            colorType: Int(bytes[25]), chunks: chunks(bytes).map(\.type))
    }

    /// The chunks of a PNG file: type and data, CRC checked by `crcIsValid`.
    static func chunks(_ bytes: [UInt8]) -> [(type: String, data: [UInt8], crcIsValid: Bool)] {
        var result: [(String, [UInt8], Bool)] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 12 + length <= bytes.count else { break }
            let typeAndData = Array(bytes[offset + 4..<offset + 8 + length])
            let stored = bytes[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            result.append(
                (
                    String(decoding: typeAndData[0..<4], as: UTF8.self), Array(typeAndData[4...]),
                    PNGBytes.crc32(typeAndData) == stored
                ))
            offset += 12 + length
        }
        return result
    }
}
