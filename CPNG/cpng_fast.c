// CPNG — the pictures photos, scanners and code generators mostly save (8-bit RGB, gray of
// 1 to 8 bits, palettes of grays), read without libpng's row-by-row machinery: the IDAT
// stream inflated in one call by libdeflate, the scanlines unfiltered in place, RGB turned
// into gray as libpng's simplified API turns it, and samples of fewer bits expanded by
// table. Anything else, and any damage, is left to libpng (the caller reads the file the
// general way, which reports the error).
#include "cpng.h"

#include <libdeflate.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/// libtiff (CTIFF) calls libdeflate's compressor too, and both link Debian's libdeflate.a.
/// SwiftPM names that archive once on the link line, where CPNG's list puts it: before
/// libtiff.a, so the linker would take from it only what CPNG calls and leave libtiff's
/// calls unresolved. Naming them here makes the linker take them when it reads libdeflate.a.
__attribute__((used)) static void *const libtiff_needs[] = {
    (void *)libdeflate_alloc_compressor, (void *)libdeflate_free_compressor, (void *)libdeflate_zlib_compress,
    (void *)libdeflate_zlib_compress_bound,
};

static uint32_t big_endian(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/// libpng's 8-bit gamma tables for an RGB picture read as sRGB gray: its simplified API
/// takes a picture with no gAMA chunk to be sRGB (gamma 0.45455), so rgb_to_gray maps each
/// sample to linear light with the power 1/0.45455 (2.19999, libpng's png_reciprocal),
/// mixes, and maps back with 0.45455, each table entry rounded as png_gamma_8bit_correct
/// rounds it.
static uint8_t to_linear[256], from_linear[256];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static uint8_t gamma_corrected(int value, double exponent) {
    if (value <= 0 || value >= 255) return (uint8_t)value;
    return (uint8_t)floor(255 * pow(value / 255.0, exponent) + 0.5);
}

static void build_tables(void) {
    for (int i = 0; i < 256; i++) {
        to_linear[i] = gamma_corrected(i, 2.19999);
        from_linear[i] = gamma_corrected(i, 0.45455);
    }
}

/// Ancillary chunks that change nothing of what a picture reads as: text, time and the
/// physical pixel size. (An sRGB chunk changes nothing either, and is checked apart.) Any
/// other chunk (gAMA, cHRM, iCCP, sBIT, tRNS, PLTE, and the unknown ones) is left to libpng.
static int harmless(const uint8_t *type) {
    static const char *const names[] = {"tEXt", "zTXt", "iTXt", "tIME", "pHYs"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (memcmp(type, names[i], 4) == 0) return 1;
    }
    return 0;
}

/// The Paeth predictor of the PNG specification: of left (a), above (b) and upper left
/// (c), the one nearest a + b - c, ties going to a, then b.
static inline int paeth(int a, int b, int c) {
    int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
    if (pb < pa) {
        pa = pb;
        a = b;
    }
    return pc < pa ? c : a;
}

#if defined(__SSE2__)
#include <emmintrin.h>

static inline __m128i absolute16(__m128i x) { return _mm_max_epi16(x, _mm_sub_epi16(_mm_setzero_si128(), x)); }

static inline __m128i select16(__m128i mask, __m128i yes, __m128i no) {
    return _mm_or_si128(_mm_and_si128(mask, yes), _mm_andnot_si128(mask, no));
}

__attribute__((always_inline)) static inline __m128i load_pixel(const uint8_t *p, size_t bpp) {
    uint32_t word = 0;
    memcpy(&word, p, bpp);
    return _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)word), _mm_setzero_si128());
}

/// One Paeth step in 16-bit lanes: `filtered` plus the predictor of `a`, `b` and `c`.
static inline __m128i paeth_step(__m128i a, __m128i b, __m128i c, __m128i filtered) {
    __m128i pa = absolute16(_mm_sub_epi16(b, c));
    __m128i pb = absolute16(_mm_sub_epi16(a, c));
    __m128i pc = absolute16(_mm_sub_epi16(_mm_add_epi16(a, b), _mm_add_epi16(c, c)));
    __m128i smallest = _mm_min_epi16(pa, _mm_min_epi16(pb, pc));
    __m128i nearest = select16(_mm_cmpeq_epi16(smallest, pa), a, select16(_mm_cmpeq_epi16(smallest, pb), b, c));
    return _mm_and_si128(_mm_add_epi16(filtered, nearest), _mm_set1_epi16(0xFF));
}

/// Paeth for a row of 3- or 4-byte pixels, the channels of a pixel side by side in 16-bit
/// lanes: each pixel still waits for the one on its left, but its channels do not wait
/// for one another.
__attribute__((always_inline)) static inline void paeth_pixels(
    uint8_t *row, const uint8_t *prior, size_t length, size_t bpp) {
    __m128i a = _mm_setzero_si128(), c = _mm_setzero_si128();
    for (size_t i = 0; i + bpp <= length; i += bpp) {
        __m128i b = load_pixel(prior + i, bpp);
        a = paeth_step(a, b, c, load_pixel(row + i, bpp));
        c = b;
        uint32_t word = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(a, a));
        memcpy(row + i, &word, bpp);
    }
}

/// Two Paeth rows at once, `second` right below `first` (whose prior row is `prior`):
/// each pixel waits for the one on its left, so one row is a chain of dependent steps;
/// the second row's pixel needs only the first row's pixel above it, so the two chains
/// run side by side, in about the time of one.
__attribute__((always_inline)) static inline void paeth_two_rows(
    uint8_t *first, uint8_t *second, const uint8_t *prior, size_t length, size_t bpp) {
    __m128i a0 = _mm_setzero_si128(), c0 = _mm_setzero_si128();
    __m128i a1 = _mm_setzero_si128(), c1 = _mm_setzero_si128();
    for (size_t i = 0; i + bpp <= length; i += bpp) {
        __m128i b0 = load_pixel(prior + i, bpp);
        a0 = paeth_step(a0, b0, c0, load_pixel(first + i, bpp));
        c0 = b0;
        a1 = paeth_step(a1, a0, c1, load_pixel(second + i, bpp));
        c1 = a0;
        uint32_t word = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(a0, a0));
        memcpy(first + i, &word, bpp);
        word = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(a1, a1));
        memcpy(second + i, &word, bpp);
    }
}
#endif

/// Undoes one scanline's filter in place; `prior` is the row above, unfiltered, or NULL
/// for the first row. Returns 0 for a filter type that does not exist.
static int unfilter(uint8_t filter, uint8_t *row, const uint8_t *prior, size_t length, size_t bpp) {
    switch (filter) {
    case 0:
        return 1;
    case 1:
        for (size_t i = bpp; i < length; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
        return 1;
    case 2:
        if (prior) {
            for (size_t i = 0; i < length; i++) row[i] = (uint8_t)(row[i] + prior[i]);
        }
        return 1;
    case 3:
        if (prior) {
            for (size_t i = 0; i < bpp; i++) row[i] = (uint8_t)(row[i] + (prior[i] >> 1));
            for (size_t i = bpp; i < length; i++) row[i] = (uint8_t)(row[i] + ((row[i - bpp] + prior[i]) >> 1));
        } else {
            for (size_t i = bpp; i < length; i++) row[i] = (uint8_t)(row[i] + (row[i - bpp] >> 1));
        }
        return 1;
    case 4:
        if (prior) {
#if defined(__SSE2__)
            // bpp as a constant, so that the pixel loads and stores are not calls.
            if (bpp == 3) {
                paeth_pixels(row, prior, length, 3);
                return 1;
            }
            if (bpp == 4) {
                paeth_pixels(row, prior, length, 4);
                return 1;
            }
#endif
            for (size_t i = 0; i < bpp; i++) row[i] = (uint8_t)(row[i] + prior[i]);
            for (size_t i = bpp; i < length; i++) {
                row[i] = (uint8_t)(row[i] + paeth(row[i - bpp], prior[i], prior[i - bpp]));
            }
        } else {
            // With no row above, Paeth predicts from the left, as Sub does.
            for (size_t i = bpp; i < length; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
        }
        return 1;
    default:
        return 0;
    }
}

/// How the samples of one byte of a gray or palette row of 1, 2 or 4 bits read: each byte
/// value's grays, leftmost sample first, and whether every one of its samples exists.
typedef struct {
    uint8_t grays[256][8];
    uint8_t whole[256];
} byte_expansion;

static void prepare_expansion(byte_expansion *table, int depth, const uint8_t gray[256], size_t entries) {
    int per_byte = 8 / depth, mask = (1 << depth) - 1;
    for (int v = 0; v < 256; v++) {
        table->whole[v] = 1;
        for (int k = 0; k < per_byte; k++) {
            int sample = (v >> (8 - depth * (k + 1))) & mask;
            table->grays[v][k] = gray[sample];
            if ((size_t)sample >= entries) table->whole[v] = 0;
        }
    }
}

/// One row of gray or palette samples of `depth` bits (leftmost in the high bits) as the
/// 8-bit grays of `gray`, whose first `entries` samples are the ones that exist; `table`
/// is prepared for depths below 8. Returns 0 for a sample past them (a palette index past
/// the palette's end).
static int expand_row(
    const uint8_t *row, uint8_t *out, size_t width, int depth, const uint8_t gray[256], size_t entries,
    const byte_expansion *table) {
    int whole = 1;
    if (depth == 8) {
        for (size_t x = 0; x < width; x++) {
            whole &= row[x] < entries;
            out[x] = gray[row[x]];
        }
        return whole;
    }
    size_t per_byte = (size_t)(8 / depth), full = width / per_byte;
    // Each byte's grays copied whole, in a loop per depth so that each copy is one store.
    for (size_t i = 0; i < full; i++) whole &= table->whole[row[i]];
    switch (depth) {
    case 1:
        for (size_t i = 0; i < full; i++) memcpy(out + 8 * i, table->grays[row[i]], 8);
        break;
    case 2:
        for (size_t i = 0; i < full; i++) memcpy(out + 4 * i, table->grays[row[i]], 4);
        break;
    default:
        for (size_t i = 0; i < full; i++) memcpy(out + 2 * i, table->grays[row[i]], 2);
        break;
    }
    // The last byte's samples that belong to the picture; the rest are padding.
    size_t mask = ((size_t)1 << depth) - 1;
    for (size_t x = full * per_byte, k = 0; x < width; x++, k++) {
        size_t sample = (row[full] >> (8 - depth * (int)(k + 1))) & mask;
        whole &= sample < entries;
        out[x] = gray[sample];
    }
    return whole;
}

int cpng_read_fast(const uint8_t *data, size_t size, uint8_t *pixels, size_t capacity) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    if (size < 8 + 25 || memcmp(data, signature, 8) != 0) return 0;
    const uint8_t *ihdr = data + 8;
    if (big_endian(ihdr) != 13 || memcmp(ihdr + 4, "IHDR", 4) != 0) return 0;
    if (libdeflate_crc32(0, ihdr + 4, 17) != big_endian(ihdr + 21)) return 0;
    size_t width = big_endian(ihdr + 8), height = big_endian(ihdr + 12);
    uint8_t depth = ihdr[16], type = ihdr[17];
    // libpng's own limit is a million pixels a side; past it, it says why.
    if (width == 0 || height == 0 || width > 1000000 || height > 1000000) return 0;
    // RGB at 8 bits; gray and palette at 1, 2, 4 or 8.
    int sub_byte = depth == 1 || depth == 2 || depth == 4;
    int eligible = type == 2 ? depth == 8 : (type == 0 || type == 3) && (depth == 8 || sub_byte);
    if (!eligible || ihdr[18] != 0 || ihdr[19] != 0 || ihdr[20] != 0) return 0;
    if (width * height > capacity) return 0;
    size_t bpp = type == 2 ? 3 : 1;  // bytes a pixel, at least one, as the filters count them
    size_t row_bytes = type == 2 ? width * 3 : (width * depth + 7) / 8;

    // The chunks: every CRC checked, the IDAT chunks in one run, a palette picture's PLTE
    // before them, and nothing but harmless chunks besides, up to IEND.
    const uint8_t *first_idat = NULL, *palette = NULL;
    size_t idat_count = 0, compressed = 0, idat_end = 0, palette_length = 0;
    size_t at = 8 + 25;
    int ended = 0;
    while (!ended) {
        if (size - at < 12) return 0;
        size_t length = big_endian(data + at);
        if (length > size - at - 12) return 0;
        const uint8_t *chunk_type = data + at + 4;
        if (libdeflate_crc32(0, chunk_type, length + 4) != big_endian(data + at + 8 + length)) return 0;
        if (memcmp(chunk_type, "IDAT", 4) == 0) {
            if (idat_count > 0 && idat_end != at) return 0;
            if (idat_count == 0) first_idat = data + at;
            idat_count++;
            compressed += length;
            idat_end = at + 12 + length;
        } else if (memcmp(chunk_type, "IEND", 4) == 0) {
            ended = 1;
        } else if (memcmp(chunk_type, "sRGB", 4) == 0 && length == 1 && data[at + 8] <= 3 && idat_count == 0) {
            // The samples are sRGB, which is what libpng's simplified API takes a picture
            // without gAMA to be: its gamma tables and gray weights are the same either
            // way (PNGFastReaderTests). libpng writes one in every picture it saves for qr.
        } else if (memcmp(chunk_type, "PLTE", 4) == 0 && type == 3 && !palette && idat_count == 0) {
            palette = data + at + 8;
            palette_length = length;
        } else if (!harmless(chunk_type)) {
            return 0;
        }
        at += 12 + length;
    }
    if (idat_count == 0) return 0;

    // Each sample's gray: a gray sample scaled to 0-255 as libpng scales it (bits
    // replicated, which is v * 255 / (2^depth - 1)); a palette index, its entry's gray. A
    // palette with a colour in it is libpng's to mix, and so is an index past its end.
    uint8_t gray[256] = {0};
    size_t entries = (size_t)1 << depth;
    if (type == 0) {
        for (size_t v = 0; v < entries; v++) gray[v] = (uint8_t)(v * 255 / (entries - 1));
    } else if (type == 3) {
        if (!palette || palette_length == 0 || palette_length % 3 != 0 || palette_length / 3 > entries) return 0;
        entries = palette_length / 3;
        for (size_t i = 0; i < entries; i++) {
            const uint8_t *rgb = palette + 3 * i;
            if (rgb[0] != rgb[1] || rgb[1] != rgb[2]) return 0;
            gray[i] = rgb[0];
        }
    }

    // The zlib stream, in one piece: the first IDAT's data as it is when there is one.
    uint8_t *joined = NULL;
    const uint8_t *stream = first_idat + 8;
    if (idat_count > 1) {
        joined = malloc(compressed);
        if (!joined) return 0;
        size_t filled = 0;
        for (const uint8_t *chunk = first_idat; filled < compressed;) {
            size_t length = big_endian(chunk);
            memcpy(joined + filled, chunk + 8, length);
            filled += length;
            chunk += 12 + length;
        }
        stream = joined;
    }

    size_t raw_size = height * (row_bytes + 1);
    // An 8-bit gray picture's scanlines are its rows with a filter byte before each: with
    // room for those, they are inflated into `pixels` itself and each row moved into place
    // once unfiltered (a row moves left, below the next, which is not yet touched), rather
    // than into a buffer of their own that a large picture pays page faults and a copy for.
    int in_place = type == 0 && depth == 8 && capacity >= raw_size;
    uint8_t *raw = in_place ? pixels : malloc(raw_size);
    struct libdeflate_decompressor *inflater = libdeflate_alloc_decompressor();
    size_t inflated = 0;
    int ok = raw && inflater &&
             libdeflate_zlib_decompress(inflater, stream, compressed, raw, raw_size, &inflated) ==
                 LIBDEFLATE_SUCCESS &&
             inflated == raw_size;
    libdeflate_free_decompressor(inflater);
    free(joined);

    if (ok && type == 2) pthread_once(&tables_once, build_tables);
    byte_expansion table;
    if (ok && sub_byte) prepare_expansion(&table, depth, gray, entries);
    const uint8_t *prior = NULL;
    size_t paired = SIZE_MAX;  // the row already unfiltered with the one above it
    for (size_t y = 0; ok && y < height; y++) {
        uint8_t *line = raw + y * (row_bytes + 1);
        uint8_t *row = line + 1;
        if (y != paired) {
#if defined(__SSE2__)
            uint8_t *next = line + row_bytes + 1;
            if (prior && line[0] == 4 && y + 1 < height && next[0] == 4 && (bpp == 3 || bpp == 4)) {
                if (bpp == 3) {
                    paeth_two_rows(row, next + 1, prior, row_bytes, 3);
                } else {
                    paeth_two_rows(row, next + 1, prior, row_bytes, 4);
                }
                paired = y + 1;
            } else
#endif
                if (!unfilter(line[0], row, prior, row_bytes, bpp)) {
                ok = 0;
                break;
            }
        }
        prior = row;
        uint8_t *out = pixels + y * width;
        if (type == 0 && depth == 8) {
            memmove(out, row, width);
            prior = out;  // in place, the row moved over where it was
            continue;
        }
        if (type != 2) {
            if (!expand_row(row, out, width, depth, gray, entries, &table)) {
                ok = 0;
                break;
            }
            continue;
        }
        // libpng's rgb_to_gray with its default (sRGB) weights, 6968, 23434 and 2366 of
        // 32768, in linear light; a gray pixel is kept as it is.
        for (size_t x = 0; x < width; x++) {
            uint8_t r = row[3 * x], g = row[3 * x + 1], b = row[3 * x + 2];
            if (r == g && r == b) {
                out[x] = r;
            } else {
                out[x] = from_linear[(6968 * to_linear[r] + 23434 * to_linear[g] + 2366 * to_linear[b] + 16384) >> 15];
            }
        }
    }
    if (!in_place) free(raw);
    return ok;
}
