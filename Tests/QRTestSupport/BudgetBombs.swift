// QRKit test support — BudgetBombs: small files that would take the machine if the CPU and
// memory budgets did not hold, made here rather than shipped.
import Foundation
import QRCorpus
import QRKit

/// Small pictures whose decode, unbounded, takes a core for minutes or memory by the
/// gigabyte: what the budgets of issue "No picture can take the machine" refuse.
public enum BudgetBombs {
    /// A gray PNG tiled with finder patterns of `module` pixels a module, `gap` light
    /// pixels apart: a detector that weighs every three patterns as a symbol's finders
    /// does work that grows with the cube of their number.
    public static func finderTiles(side: Int, module: Int = 1, gap: Int = 1) -> [UInt8] {
        let pitch = 7 * module + gap
        var values = [Int](repeating: 255, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let (tx, ty) = (x % pitch, y % pitch)
                guard tx < 7 * module, ty < 7 * module else { continue }
                let ring = max(abs(tx / module - 3), abs(ty / module - 3))
                if ring != 2 { values[y * side + x] = 0 }
            }
        }
        return PNGBytes.file(Picture.gray(width: side, height: side, depth: 8, values))
    }

    /// A black 16-bit RGBA PNG of `side` × `side` pixels, eight bytes a pixel once
    /// inflated, in a file of a few hundred kilobytes.
    public static func sixteenBitRGBA(side: Int) -> [UInt8] {
        PNGBytes.file(
            width: side, height: side, bitDepth: 16, colorType: 6,
            zlibStream: PNGBytes.zlib(runs: [(0, side * (1 + 8 * side))]))
    }

    /// A white 8-bit gray TIFF of `side` × `side` pixels in one deflated strip.
    public static func deflatedTIFF(side: Int) -> [UInt8] {
        let strip = PNGBytes.zlib(runs: [(255, side * side)])
        // Tag, type (3 short, 4 long), value; the strip follows the directory.
        let entries: [(UInt16, UInt16, UInt32)] = [
            (256, 4, UInt32(side)), (257, 4, UInt32(side)), (258, 3, 8), (259, 3, 8), (262, 3, 1),
            (273, 4, 0), (277, 3, 1), (278, 4, UInt32(side)), (279, 4, UInt32(strip.count)),
        ]
        let stripOffset = UInt32(8 + 2 + entries.count * 12 + 4)
        var out: [UInt8] = [0x49, 0x49, 42, 0] + littleEndian(UInt32(8), 4) + littleEndian(UInt32(entries.count), 2)
        for (tag, type, value) in entries {
            out += littleEndian(UInt32(tag), 2) + littleEndian(UInt32(type), 2) + littleEndian(1, 4)
            let stored = tag == 273 ? stripOffset : value
            out += type == 3 ? littleEndian(stored, 2) + [0, 0] : littleEndian(stored, 4)
        }
        return out + littleEndian(0, 4) + strip
    }

    /// An animated WebP whose canvas is `side` × `side` and whose one frame is the small
    /// lossless picture `still` (a whole `.webp` file of one VP8L chunk): libwebp's
    /// animation decoder holds two RGBA canvases, eight bytes a canvas pixel.
    public static func animatedWebP(canvas side: Int, frame still: [UInt8]) -> [UInt8] {
        // The VP8L chunk of the still, and its size from the bitstream's header: 14 bits
        // each of width - 1 and height - 1, after the signature byte.
        let vp8l = Array(still[12...])
        let bits = UInt32(vp8l[9]) | UInt32(vp8l[10]) << 8 | UInt32(vp8l[11]) << 16 | UInt32(vp8l[12]) << 24
        let width = UInt32(bits & 0x3FFF) + 1
        let height = UInt32(bits >> 14 & 0x3FFF) + 1
        func chunk(_ tag: String, _ body: [UInt8]) -> [UInt8] {
            Array(tag.utf8) + littleEndian(UInt32(body.count), 4) + body + (body.count % 2 == 1 ? [0] : [])
        }
        let header = chunk(
            "VP8X", [0x12, 0, 0, 0] + littleEndian(UInt32(side - 1), 3) + littleEndian(UInt32(side - 1), 3))
        let animation = chunk("ANIM", [255, 255, 255, 255, 0, 0])
        let frame = chunk(
            "ANMF",
            littleEndian(0, 3) + littleEndian(0, 3) + littleEndian(width - 1, 3) + littleEndian(height - 1, 3)
                + littleEndian(100, 3) + [0] + vp8l)
        let body = Array("WEBP".utf8) + header + animation + frame
        return Array("RIFF".utf8) + littleEndian(UInt32(body.count), 4) + body
    }

    /// A progressive gray JPEG of `side` × `side` pixels of noise in 92 scans (each band
    /// of the first coefficients refined bit by bit), made by netpbm's `pnmtojpeg`: each
    /// scan is a pass over the whole picture.
    public static func progressiveJPEG(side: Int, in scratch: ScratchDirectory) throws -> [UInt8] {
        var random = SplitMix64(seed: 23)
        let pgm =
            Array("P5 \(side) \(side) 255\n".utf8)
            + (0..<side * side).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let picture = try scratch.file("noise.pgm", pgm)
        var script = ["0: 0-0, 0, 0;"]
        for band in 1..<10 {
            script.append("0: \(band)-\(band), 0, 9;")
            for bit in stride(from: 9, to: 0, by: -1) { script.append("0: \(band)-\(band), \(bit), \(bit - 1);") }
        }
        script.append("0: 10-63, 0, 0;")
        let scans = try scratch.file("scans.txt", Array((script.joined(separator: "\n") + "\n").utf8))
        let run = try ProgramRunner.run("/usr/bin/pnmtojpeg", ["-scans=\(scans)", picture])
        guard run.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "pnmtojpeg: \(run.stderr)"])
        }
        return run.stdout
    }

    /// The baseline JPEG `jpeg` with its frame header claiming `side` × `side` pixels:
    /// within the pixel limit, past what the memory budget lets its decode hold.
    public static func jpegClaiming(side: Int, _ jpeg: [UInt8]) -> [UInt8] {
        guard let frame = jpeg.indices.first(where: { jpeg[$0] == 0xFF && $0 + 1 < jpeg.count && jpeg[$0 + 1] == 0xC0 })
        else { return jpeg }
        var out = jpeg
        out.replaceSubrange(
            frame + 5..<frame + 9, with: [UInt8(side >> 8), UInt8(side & 0xFF), UInt8(side >> 8), UInt8(side & 0xFF)])
        return out
    }

    static func littleEndian(_ value: UInt32, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
