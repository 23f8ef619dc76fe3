// QRKit — RGBAColor: an sRGB colour with straight (not premultiplied) alpha.

/// An sRGB colour with straight (not premultiplied) alpha.
///
/// ```swift
/// let navy = try RGBAColor(hex: "000080")
/// let clear = try RGBAColor(hex: "#ffffff00")  // transparent white
/// ```
public struct RGBAColor: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// 255 opaque, 0 fully transparent.
    public var alpha: UInt8

    /// Makes a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Reads `RRGGBB` or `RRGGBBAA` hexadecimal, or CSS's short `RGB` and `RGBA` (each
    /// digit doubled), with or without a leading `#`.
    ///
    /// - Parameter hex: The colour, such as `"1a2b3c"`, `"#f00"` or `"#ffffff00"`.
    /// - Throws: `EncodeError.invalidColor` for anything else.
    public init(hex: String) throws {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        let values = digits.utf8.map { byte -> UInt8? in
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        guard [3, 4, 6, 8].contains(values.count) else { throw EncodeError.invalidColor(hex) }
        if values.count < 6 {
            let short = values.compactMap { $0 }
            guard short.count == values.count else { throw EncodeError.invalidColor(hex) }
            let channels = short.map { $0 << 4 | $0 }
            self.init(
                red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
            return
        }
        var channels: [UInt8] = []
        for index in stride(from: 0, to: values.count, by: 2) {
            guard let high = values[index], let low = values[index + 1] else { throw EncodeError.invalidColor(hex) }
            channels.append(high << 4 | low)
        }
        self.init(
            red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
    }

    /// Opaque black.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = RGBAColor(red: 255, green: 255, blue: 255)

    /// True when alpha is 255.
    public var isOpaque: Bool { alpha == 255 }

    /// `#rrggbb`, without alpha.
    public var hexRGB: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// `#rrggbb` or `#rrggbbaa` when not opaque.
    public var description: String {
        isOpaque ? hexRGB : hexRGB + (alpha < 16 ? "0" : "") + String(alpha, radix: 16)
    }

    /// Luminance (Rec. 601) after compositing over white.
    public var grayLevel: UInt8 {
        let luma = (299 * Int(red) + 587 * Int(green) + 114 * Int(blue) + 500) / 1000
        return UInt8((luma * Int(alpha) + 255 * (255 - Int(alpha)) + 127) / 255)
    }
}
