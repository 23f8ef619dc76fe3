// QRKit — PixelMath: colour to luminance and transparency onto white, as every reader
// turns its pixels into a GrayImage.

/// The pixel conversions the picture readers share.
package enum PixelMath {
    /// The Rec. 601 luma of an 8-bit sRGB colour, rounded: the Y that JPEG and WebP store,
    /// so a colour picture reads as its own luma plane would. The weights are 0.299,
    /// 0.587 and 0.114 in 16-bit fixed point; they add up to one, so grays pass unchanged.
    @inlinable @inline(__always)
    package static func luma(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (Int(red) * 19_595 + Int(green) * 38_470 + Int(blue) * 7_471 + 32_768) >> 16)
    }

    /// An sRGB gray of opacity `alpha` (out of `maxAlpha`) over white, rounded, as image
    /// viewers show a transparent picture on a white page.
    @inlinable @inline(__always)
    package static func onWhite(gray: Int, alpha: Int, maxAlpha: Int) -> UInt8 {
        UInt8((gray * alpha + 255 * (maxAlpha - alpha) + maxAlpha / 2) / maxAlpha)
    }

    /// A premultiplied 8-bit gray of opacity `alpha` over white: the colour already holds
    /// its share, white adds the rest.
    @inlinable @inline(__always)
    package static func premultipliedOnWhite(gray: UInt8, alpha: UInt8) -> UInt8 {
        UInt8(min(255, Int(gray) + 255 - Int(alpha)))
    }
}
