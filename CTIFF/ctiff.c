// CTIFF — libtiff over a buffer, errors kept per file (see ctiff.h).
#include "ctiff.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tiffio.h>

struct ctiff_file {
    const uint8_t *data;
    uint64_t size;
    uint64_t position;
    tmsize_t max_allocation;
    int ran_out;
    TIFF *tiff;
    TIFFRGBAImage image;
    int begun;
    /// How many errors libtiff reported: a strip it decodes may report damage (a fax
    /// code word that is no code) and still succeed, with the damaged rows made up.
    int errors;
    char message[256];
};

/// libtiff's process-wide handlers print to stderr; every message goes to the per-file
/// handlers below instead, and these are switched off once, before the first file.
static pthread_once_t ctiff_quiet_once = PTHREAD_ONCE_INIT;

static void ctiff_quiet(void) {
    TIFFSetErrorHandler(NULL);
    TIFFSetWarningHandler(NULL);
}

/// Keeps libtiff's first error for the file; later ones are usually its consequences.
static int ctiff_error(TIFF *tiff, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tiff;
    (void)module;
    ctiff_file *file = user_data;
    if (file->message[0] == '\0') vsnprintf(file->message, sizeof file->message, format, arguments);
    file->errors++;
    return 1;
}

/// Warnings (unknown tags and the like) change nothing that is read: dropped. But the
/// fax decoders' (Fax3Decode1D, Fax3Decode2D, Fax4Decode, ...) say that a strip ended
/// early or a row came out the wrong length, rows they then make up: damage, kept as an
/// error is.
static int ctiff_warning(TIFF *tiff, void *user_data, const char *module, const char *format, va_list arguments) {
    if (module != NULL && strncmp(module, "Fax", 3) == 0) return ctiff_error(tiff, user_data, module, format, arguments);
    return 1;
}

static tmsize_t ctiff_read_proc(thandle_t handle, void *buffer, tmsize_t wanted) {
    ctiff_file *file = handle;
    if (wanted < 0) return -1;
    uint64_t left = file->position < file->size ? file->size - file->position : 0;
    uint64_t given = (uint64_t)wanted < left ? (uint64_t)wanted : left;
    if (given < (uint64_t)wanted) file->ran_out = 1;
    if (given > 0) memcpy(buffer, file->data + file->position, (size_t)given);
    file->position += given;
    return (tmsize_t)given;
}

static tmsize_t ctiff_write_proc(thandle_t handle, void *buffer, tmsize_t size) {
    (void)handle;
    (void)buffer;
    (void)size;
    return -1;
}

/// Seeks anywhere from 0 up; past the end is allowed (a read there then gets nothing).
static toff_t ctiff_seek_proc(thandle_t handle, toff_t offset, int whence) {
    ctiff_file *file = handle;
    uint64_t base = whence == SEEK_CUR ? file->position : whence == SEEK_END ? file->size : 0;
    // libtiff passes a negative offset for SEEK_CUR and SEEK_END as a wrapped unsigned one.
    int64_t signed_offset = (int64_t)offset;
    if (whence == SEEK_SET) {
        file->position = offset;
    } else if (signed_offset < 0 && (uint64_t)(-signed_offset) > base) {
        return (toff_t)-1;
    } else {
        file->position = base + (uint64_t)signed_offset;
    }
    return file->position;
}

static int ctiff_close_proc(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t ctiff_size_proc(thandle_t handle) { return ((ctiff_file *)handle)->size; }

static int ctiff_map_proc(thandle_t handle, void **base, toff_t *size) {
    (void)handle;
    (void)base;
    (void)size;
    return 0;
}

static void ctiff_unmap_proc(thandle_t handle, void *base, toff_t size) {
    (void)handle;
    (void)base;
    (void)size;
}

ctiff_file *ctiff_new(const uint8_t *data, size_t size, size_t max_allocation) {
    pthread_once(&ctiff_quiet_once, ctiff_quiet);
    ctiff_file *file = calloc(1, sizeof *file);
    if (file == NULL) return NULL;
    file->data = data;
    file->size = size;
    file->max_allocation = max_allocation > (size_t)INT64_MAX ? INT64_MAX : (tmsize_t)max_allocation;
    return file;
}

int ctiff_open(ctiff_file *file) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) {
        snprintf(file->message, sizeof file->message, "out of memory");
        return -1;
    }
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, file->max_allocation);
    TIFFOpenOptionsSetErrorHandlerExtR(options, ctiff_error, file);
    TIFFOpenOptionsSetWarningHandlerExtR(options, ctiff_warning, file);
    // "m": no memory mapping; the read procedure serves the buffer.
    file->tiff = TIFFClientOpenExt(
        "TIFF", "rm", file, ctiff_read_proc, ctiff_write_proc, ctiff_seek_proc, ctiff_close_proc, ctiff_size_proc,
        ctiff_map_proc, ctiff_unmap_proc, options);
    TIFFOpenOptionsFree(options);
    return file->tiff == NULL ? -1 : 0;
}

/// The most samples a pixel may have. TIFFRGBAImage reads at most five (CMYK and
/// alpha) and steps over the rest, but libtiff sizes every row and strip by all of them:
/// 65535 samples made a file of a few kilobytes ask for hundreds of megabytes.
#define CTIFF_MAX_SAMPLES 16

int ctiff_describe(ctiff_file *file, uint32_t *width, uint32_t *height, uint16_t *orientation) {
    if (file->tiff == NULL) return -1;
    uint16_t samples = 1;
    TIFFGetFieldDefaulted(file->tiff, TIFFTAG_SAMPLESPERPIXEL, &samples);
    if (samples > CTIFF_MAX_SAMPLES) {
        snprintf(file->message, sizeof file->message, "unsupported samples per pixel: %u", (unsigned)samples);
        return -1;
    }
    if (!TIFFGetField(file->tiff, TIFFTAG_IMAGEWIDTH, width) || !TIFFGetField(file->tiff, TIFFTAG_IMAGELENGTH, height)) {
        if (file->message[0] == '\0') snprintf(file->message, sizeof file->message, "no image width or length");
        return -1;
    }
    if (!TIFFGetFieldDefaulted(file->tiff, TIFFTAG_ORIENTATION, orientation)) *orientation = ORIENTATION_TOPLEFT;
    return 0;
}

int ctiff_begin(ctiff_file *file, uint32_t *band_rows) {
    char reason[1024] = "";
    if (file->tiff == NULL) return -1;
    if (!TIFFRGBAImageOK(file->tiff, reason) || !TIFFRGBAImageBegin(&file->image, file->tiff, 1, reason)) {
        if (file->message[0] == '\0') snprintf(file->message, sizeof file->message, "%s", reason);
        return -1;
    }
    file->begun = 1;
    // Rows as stored: the reader applies the Orientation tag itself, all eight of them
    // (TIFFRGBAImage only flips, it does not transpose).
    file->image.orientation = ORIENTATION_TOPLEFT;
    file->image.req_orientation = ORIENTATION_TOPLEFT;
    uint32_t rows = 0;
    if (TIFFIsTiled(file->tiff)) {
        TIFFGetField(file->tiff, TIFFTAG_TILELENGTH, &rows);
    } else {
        TIFFGetFieldDefaulted(file->tiff, TIFFTAG_ROWSPERSTRIP, &rows);
    }
    *band_rows = rows == 0 || rows > file->image.height ? file->image.height : rows;
    return 0;
}

int ctiff_read(ctiff_file *file, uint32_t row, uint32_t rows, uint32_t *raster) {
    if (!file->begun) return -1;
    file->image.row_offset = (int)row;
    file->image.col_offset = 0;
    // An error libtiff reports while it decodes is the reason, even when the call succeeds:
    // the rows it made up are not the picture (the directory's earlier errors, which did
    // not stop it being read, are not this read's).
    int errors = file->errors;
    if (errors > 0) file->message[0] = '\0';
    int read = TIFFRGBAImageGet(&file->image, raster, file->image.width, rows);
    return read && file->errors == errors ? 0 : -1;
}

const char *ctiff_message(const ctiff_file *file) { return file->message; }

int ctiff_ran_out(const ctiff_file *file) { return file->ran_out; }

void ctiff_free(ctiff_file *file) {
    if (file == NULL) return;
    if (file->begun) TIFFRGBAImageEnd(&file->image);
    if (file->tiff != NULL) TIFFClose(file->tiff);
    free(file);
}
