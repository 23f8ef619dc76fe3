// CJPEG — a C face on libjpeg(-turbo) decompression that reports errors instead of
// exiting, for QRKit's JPEGReader.
//
// libjpeg reports a fatal error by calling error_exit, which by default prints and calls
// exit(). The only way back from it is longjmp, and a longjmp must not cross Swift frames,
// so the setjmp, every libjpeg call it guards and the longjmp all live in cjpeg.c.
#ifndef CJPEG_H
#define CJPEG_H

#include <stddef.h>
#include <stdint.h>

/// The length of cjpeg_result.message: libjpeg's JMSG_LENGTH_MAX.
#define CJPEG_MESSAGE_LENGTH 200

/// What a call found out about the JPEG, and why it failed when it did.
typedef struct {
    /// The picture's size, from its frame header.
    int width;
    int height;
    /// Colour components: 1 gray, 3 YCbCr or RGB, 4 CMYK or YCCK.
    int components;
    /// Non-zero for a progressive JPEG, which keeps every coefficient of the picture.
    int progressive;
    /// Non-zero when decoding stopped at its CPU time (max_cpu_ns).
    int over_budget;
    /// Non-zero when the data ended before the image did (libjpeg's "premature end of
    /// JPEG file"): what was decoded is incomplete.
    int truncated;
    /// Non-zero when libjpeg warned that the data is damaged (corrupt entropy-coded data, a
    /// marker where data should be, a bad progression), and went on: message holds its words.
    int damaged;
    /// libjpeg's message for the failure, NUL-terminated; empty on success.
    char message[CJPEG_MESSAGE_LENGTH];
} cjpeg_result;

/// Reads the headers of the JPEG in data[0..<size] up to the first scan.
/// Returns 0 and fills width, height and components, or -1 and fills message.
int cjpeg_read_header(const uint8_t *data, size_t size, cjpeg_result *result);

/// Decodes the JPEG in data[0..<size] as 8-bit luminance into pixels, row after row,
/// width bytes a row, which must hold width * height bytes (capacity).
///
/// Colour becomes the luma libjpeg stores (Y of YCbCr, or Rec. 601 from RGB); CMYK and
/// YCCK become the gray PostScript gives them, 1 - min(1, 0.3c + 0.59m + 0.11y + k).
/// A progressive JPEG with more than max_scans scans is refused (each scan passes over
/// the whole picture, so a small file of many scans would take very long), and libjpeg
/// may use at most max_memory bytes for its whole-image buffers. Decoding stops, refused,
/// once the calling thread has spent max_cpu_ns nanoseconds of CPU time in it (0: no
/// limit): scans times the picture's blocks is work no scan limit bounds.
/// Returns 0, or -1 with the reason in result; result->truncated tells a file cut short,
/// result->damaged one whose data libjpeg found corrupt.
int cjpeg_decode_gray(
    const uint8_t *data, size_t size, uint8_t *pixels, size_t capacity, int max_scans, size_t max_memory,
    long long max_cpu_ns, cjpeg_result *result);

#endif
