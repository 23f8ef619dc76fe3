// CPNG — the setjmp that libpng's full write API needs, kept out of Swift.
#include "cpng.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// What the callbacks share with cpng_write.
typedef struct {
    jmp_buf jump;
    cpng_write_result *result;
} writer;

static void on_error(png_structp png, png_const_charp message) {
    writer *w = png_get_error_ptr(png);
    snprintf(w->result->message, CPNG_MESSAGE_LENGTH, "%s", message ? message : "libpng failed");
    longjmp(w->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void on_write(png_structp png, png_bytep data, size_t length) {
    writer *w = png_get_io_ptr(png);
    cpng_write_result *r = w->result;
    if (length > SIZE_MAX - r->size) png_error(png, "the file is too large");
    if (r->size + length > r->capacity) {
        size_t capacity = r->capacity ? r->capacity : 1024;
        while (capacity < r->size + length) {
            if (capacity > SIZE_MAX / 2) png_error(png, "the file is too large");
            capacity *= 2;
        }
        uint8_t *grown = realloc(r->data, capacity);
        if (!grown) png_error(png, "no memory for the file");
        r->data = grown;
        r->capacity = capacity;
    }
    memcpy(r->data + r->size, data, length);
    r->size += length;
}

static void on_flush(png_structp png) { (void)png; }

int cpng_write(const cpng_write_header *header, const uint8_t *rows, size_t row_bytes, cpng_write_result *result) {
    memset(result, 0, sizeof *result);
    writer w;
    w.result = result;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &w, on_error, on_warning);
    if (!png) {
        snprintf(result->message, CPNG_MESSAGE_LENGTH, "no memory for libpng");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        snprintf(result->message, CPNG_MESSAGE_LENGTH, "no memory for libpng");
        return -1;
    }
    if (setjmp(w.jump)) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    if (header->bit_depth < 1 || header->bit_depth > 8 ||
        row_bytes < ((size_t)header->width * (size_t)header->bit_depth + 7) / 8) {
        png_error(png, "the rows are shorter than the picture is wide");
    }
    png_set_write_fn(png, &w, on_write, on_flush);
    png_set_IHDR(
        png, info, header->width, header->height, header->bit_depth, header->color_type, PNG_INTERLACE_NONE,
        PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    if (header->color_type == PNG_COLOR_TYPE_PALETTE) {
        png_color palette[256];
        int entries = header->palette_entries;
        if (entries < 1 || entries > 256 || !header->palette) png_error(png, "a palette holds 1 to 256 colours");
        for (int i = 0; i < entries; i++) {
            palette[i].red = header->palette[3 * i];
            palette[i].green = header->palette[3 * i + 1];
            palette[i].blue = header->palette[3 * i + 2];
        }
        png_set_PLTE(png, info, palette, entries);
        if (header->alpha && header->alpha_entries > 0) {
            png_set_tRNS(png, info, header->alpha, header->alpha_entries, NULL);
        }
    }
    if (header->pixels_per_metre) {
        png_set_pHYs(png, info, header->pixels_per_metre, header->pixels_per_metre, PNG_RESOLUTION_METER);
    }
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    // zlib's level 5 rather than its default 6: a code's rows repeat whole rows, which
    // level 5's shorter match chains find as well (within 4 % of level 6's size, smaller
    // on some), in a fraction of the time.
    png_set_compression_level(png, 5);
    png_write_info(png, info);
    for (uint32_t y = 0; y < header->height; y++) {
        png_write_row(png, rows + (size_t)y * row_bytes);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}

void cpng_write_result_free(cpng_write_result *result) {
    free(result->data);
    result->data = NULL;
    result->size = 0;
    result->capacity = 0;
}

/// A PNG file in memory, read by libpng through on_read.
typedef struct {
    jmp_buf jump;
    const uint8_t *data;
    size_t size;
    size_t offset;
} reader;

static void on_read_error(png_structp png, png_const_charp message) {
    (void)message;
    reader *r = png_get_error_ptr(png);
    longjmp(r->jump, 1);
}

static void on_read(png_structp png, png_bytep out, size_t length) {
    reader *r = png_get_io_ptr(png);
    if (length > r->size - r->offset) png_error(png, "read beyond end of data");
    memcpy(out, r->data + r->offset, length);
    r->offset += length;
}

int cpng_read_gray(const uint8_t *data, size_t size, uint8_t *pixels, size_t capacity) {
    reader r = {.data = data, .size = size, .offset = 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r, on_read_error, on_warning);
    if (!png) return 0;
    png_infop info = png_create_info_struct(png);
    // Set before the setjmp and only read after a longjmp: volatile keeps them intact.
    uint8_t *volatile row = NULL;
    if (!info || setjmp(r.jump)) {
        free(row);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return 0;
    }
    png_set_read_fn(png, &r, on_read);
    png_read_info(png, info);

    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    int depth = png_get_bit_depth(png, info);
    int type = png_get_color_type(png, info);
    int eligible = (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_PALETTE) && depth <= 8 &&
                   png_get_interlace_type(png, info) == PNG_INTERLACE_NONE &&
                   !png_get_valid(png, info, PNG_INFO_tRNS | PNG_INFO_gAMA | PNG_INFO_iCCP) && width > 0 &&
                   height > 0 && (size_t)width * height <= capacity;
    // Each sample's gray: a gray sample scaled to 0-255, a palette index its entry's gray.
    uint8_t gray[256] = {0};
    int samples = 1 << depth;  // the samples with a gray: for a palette, its entries
    if (eligible && type == PNG_COLOR_TYPE_GRAY) {
        int top = (1 << depth) - 1;
        for (int v = 0; v <= top; v++) gray[v] = (uint8_t)(v * 255 / top);
    } else if (eligible) {
        png_colorp palette = NULL;
        int entries = 0;
        if (!png_get_PLTE(png, info, &palette, &entries)) eligible = 0;
        samples = entries;
        for (int i = 0; eligible && i < entries; i++) {
            if (palette[i].red != palette[i].green || palette[i].green != palette[i].blue) eligible = 0;
            gray[i] = palette[i].red;
        }
    }
    if (!eligible) {
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    // Per byte value: the grays of its samples, leftmost first, and whether every one of
    // them is a palette entry (an index past the palette is left to the general reader,
    // which says what it makes of it).
    int per_byte = 8 / depth;
    int mask = (1 << depth) - 1;
    uint8_t expand[256][8];
    uint8_t whole[256];
    for (int v = 0; v < 256; v++) {
        whole[v] = 1;
        for (int k = 0; k < per_byte; k++) {
            int sample = (v >> (8 - depth * (k + 1))) & mask;
            expand[v][k] = gray[sample];
            if (sample >= samples) whole[v] = 0;
        }
    }
    size_t row_bytes = png_get_rowbytes(png, info);
    row = malloc(row_bytes);
    if (!row) png_error(png, "no memory");
    png_uint_32 full = width / per_byte;
    int tail = (int)(width % per_byte);
    for (png_uint_32 y = 0; y < height; y++) {
        png_read_row(png, row, NULL);
        uint8_t *out = pixels + (size_t)y * width;
        int bad = 0;
        for (png_uint_32 b = 0; b < full; b++) {
            uint8_t v = row[b];
            bad |= !whole[v];
            switch (per_byte) {
            case 8: memcpy(out, expand[v], 8); break;
            case 4: memcpy(out, expand[v], 4); break;
            case 2: memcpy(out, expand[v], 2); break;
            default: out[0] = expand[v][0]; break;
            }
            out += per_byte;
        }
        for (int k = 0; k < tail; k++) {
            int sample = (row[full] >> (8 - depth * (k + 1))) & mask;
            bad |= sample >= samples;
            out[k] = gray[sample];
        }
        if (bad) png_error(png, "palette index out of range");
    }
    // To the end: a file that is odd after its data (a bad chunk, no IEND) fails here and
    // goes to the general reader, which stops after the data and says what it makes of it.
    png_read_end(png, NULL);
    free(row);
    row = NULL;
    png_destroy_read_struct(&png, &info, NULL);
    return 1;
}
