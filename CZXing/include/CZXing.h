// CZXing: a small C face on zxing-cpp 1.4.0, which Debian ships with a C++ API only.
//
// Ownership: czxing_read allocates the array of results and everything it points to;
// the caller hands it back once to czxing_free. No C++ exception crosses these
// functions: every entry point catches and reports through its return value.
#ifndef CZXING_H
#define CZXING_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Which symbologies to look for (bit flags).
enum {
    CZXING_FORMAT_QR = 1,
    CZXING_FORMAT_MICRO_QR = 2,
};

/// One decode pass's settings; the rest of zxing-cpp's hints keep their defaults (local
/// average binarizer, no pure-symbol shortcut, up to 255 symbols).
typedef struct CZXingOptions {
    int32_t formats;       ///< CZXING_FORMAT_* flags
    int32_t tryHarder;     ///< slower, more thorough detection
    int32_t tryRotate;     ///< also try 90/180/270 degrees
    int32_t tryDownscale;  ///< also try downscaled copies of large pictures
} CZXingOptions;

/// One symbol read. All pointers are owned by the result array.
typedef struct CZXingSymbol {
    uint8_t *bytes;        ///< the payload bytes, ECI designators removed
    int32_t byteCount;
    char *text;            ///< zxing's own UTF-8 rendering (honours ECI), NUL-terminated
    int32_t hasECI;        ///< 1 when the symbol carried an ECI designator
    int32_t declaresCharset; ///< 1 when the symbol itself names the character set of some
                             ///< bytes (ECI, Kanji or Hanzi mode): `text` is then authoritative
    int32_t corners[8];    ///< x,y of top-left, top-right, bottom-right, bottom-left
    char ecLevel[4];       ///< "L", "M", "Q", "H" or "" when unknown
    int32_t saIndex;       ///< structured-append index, -1 when not part of a sequence
    int32_t saCount;       ///< structured-append count, -1 when not part of a sequence
    int32_t saParity;      ///< structured-append parity byte (0-255), -1 when not part of a
                           ///< sequence or not reported (zxing-cpp's sequenceId for QR)
    int32_t isMicro;       ///< 1 for Micro QR
} CZXingSymbol;

/// Reads symbols from an 8-bit grayscale picture (row-major, `stride` bytes a row).
///
/// Returns 0 and sets `*out`/`*count` (count may be 0, out then NULL) on success;
/// returns -1 and writes a NUL-terminated message into `error` on failure.
int32_t czxing_read(const uint8_t *pixels, int32_t width, int32_t height, int32_t stride,
                    const CZXingOptions *options, CZXingSymbol **out, int32_t *count,
                    char *error, int32_t errorCapacity);

/// Frees what czxing_read returned. Accepts NULL.
void czxing_free(CZXingSymbol *symbols, int32_t count);

#ifdef __cplusplus
}
#endif

#endif
