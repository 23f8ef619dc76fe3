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
