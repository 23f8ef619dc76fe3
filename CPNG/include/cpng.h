// CPNG — libpng for QRKit: the whole of <png.h> (the simplified API that PNGReader uses),
// and a C face on libpng's full write API for PNGWriter.
//
// libpng's full API reports an error by calling the error function, which must not
// return; the only way back is longjmp, and a longjmp must not cross Swift frames, so the
// setjmp, every libpng call it guards and the longjmp all live in cpng.c.
#ifndef CPNG_H
#define CPNG_H

#include <png.h>
#include <stddef.h>
#include <stdint.h>

/// The length of cpng_write_result.message.
#define CPNG_MESSAGE_LENGTH 200

/// The picture cpng_write writes.
typedef struct {
    uint32_t width;
    uint32_t height;
    /// 1, 2, 4 or 8.
    int bit_depth;
    /// PNG_COLOR_TYPE_GRAY or PNG_COLOR_TYPE_PALETTE.
    int color_type;
    /// For a palette picture: palette_entries RGB triples.
    const uint8_t *palette;
    int palette_entries;
    /// For a palette picture with transparency: the alpha of the first alpha_entries
    /// entries (a tRNS chunk); NULL and 0 for none.
    const uint8_t *alpha;
    int alpha_entries;
    /// Written as a pHYs chunk (both axes, unit metre) when not 0.
    uint32_t pixels_per_metre;
} cpng_write_header;

/// The file cpng_write made, or why it could not.
typedef struct {
    /// The PNG file's bytes (malloc'd: release with cpng_write_result_free).
    uint8_t *data;
    size_t size;
    size_t capacity;
    /// libpng's message for the failure, NUL-terminated; empty on success.
    char message[CPNG_MESSAGE_LENGTH];
} cpng_write_result;

/// Writes a PNG file of `header.height` rows, each `row_bytes` bytes of samples already
/// packed at the bit depth (leftmost pixel in the high bits), from `rows`.
///
/// Rows are written unfiltered, which for pictures of few colours gives files as small
/// as libpng's filter search does, at a fraction of the work. Returns 0 and fills
/// result->data and result->size, or -1 with the reason in result->message. Release the
/// result with cpng_write_result_free either way.
int cpng_write(const cpng_write_header *header, const uint8_t *rows, size_t row_bytes, cpng_write_result *result);

/// Frees what cpng_write allocated in result.
void cpng_write_result_free(cpng_write_result *result);

/// Reads, straight to 8-bit gray, a PNG whose samples are grays of at most 8 bits: a gray
/// picture at 1, 2, 4 or 8 bits, or a palette picture whose colours are all grays, not
/// interlaced, with no transparency and no declared gamma or colour profile.
///
/// These are what code generators, scanners and screenshots mostly save, and for them
/// libpng's simplified API expands the samples pixel by pixel through its general
/// transformations; here they are expanded by table, to the same values: a gray sample
/// scaled to 0–255, a palette index to its entry's gray.
///
/// `pixels` holds `capacity` bytes, at least width × height. Returns 1 when the picture
/// was read into pixels; 0 when it is not such a picture or libpng refused it (the caller
/// then reads it the general way, which reports any error).
int cpng_read_gray(const uint8_t *data, size_t size, uint8_t *pixels, size_t capacity);

/// Reads, straight to 8-bit gray, a PNG of 8-bit RGB samples, of gray samples of 1, 2, 4
/// or 8 bits, or of palette indices of as many bits into a palette of grays; not
/// interlaced, and whose chunks besides IHDR, PLTE, IDAT and IEND are only text, time,
/// pHYs and sRGB (no gamma, chromaticities, profile or transparency): what phones,
/// scanners, screenshots and code generators (qr encode among them) mostly save.
///
/// The IDAT stream is inflated in one call by libdeflate and the scanlines are unfiltered
/// in place; an RGB pixel becomes the gray libpng's simplified API gives it (its
/// rgb_to_gray in linear light, through its 8-bit sRGB gamma tables), and a gray sample or
/// a palette index the gray it gives it, by table. Every chunk's CRC and the stream's
/// Adler-32 are checked.
///
/// `pixels` holds `capacity` bytes, at least width × height; with height bytes more, an
/// 8-bit gray picture is inflated straight into it. Returns 1 when the picture
/// was read into pixels; 0 when it is not such a picture or anything in it is amiss (the
/// caller then reads it the general way, which reports any error).
int cpng_read_fast(const uint8_t *data, size_t size, uint8_t *pixels, size_t capacity);

#endif
