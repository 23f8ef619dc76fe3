// CTIFF — libtiff reading from memory, with its errors caught per file, for QRKit's
// TIFFReader.
//
// Why C: libtiff reads through callbacks (read, seek, size) and reports errors through
// handlers that take a printf format and a va_list. Those are small C functions here;
// Swift sees an opaque handle, return codes and one message.
#ifndef CTIFF_H
#define CTIFF_H

#include <stddef.h>
#include <stdint.h>

/// One TIFF being read: libtiff's handle, the bytes it reads from, and the first error
/// libtiff reported. Made by ctiff_new, freed by ctiff_free.
typedef struct ctiff_file ctiff_file;

/// Makes a reader over data[0..<size], which must stay valid until ctiff_free. libtiff
/// may allocate at most max_allocation bytes in one piece. NULL only when out of memory.
ctiff_file *ctiff_new(const uint8_t *data, size_t size, size_t max_allocation);

/// Opens the TIFF and reads its first directory (the first page). Returns 0 or -1.
int ctiff_open(ctiff_file *file);

/// The first page's size and its Orientation tag (1 when it has none). Returns 0 or -1.
int ctiff_describe(ctiff_file *file, uint32_t *width, uint32_t *height, uint16_t *orientation);

/// Prepares reading the first page as RGBA (libtiff's TIFFRGBAImage: any photometric,
/// bit depth and compression it knows), in bands of *band_rows rows: its strips' or
/// tiles' height, so that each strip is decoded once. Returns 0 or -1.
int ctiff_begin(ctiff_file *file, uint32_t *band_rows);

/// Reads rows [row, row + rows) of the page, as stored (no turning), into raster: width
/// 32-bit pixels a row, each A << 24 | B << 16 | G << 8 | R, colour premultiplied by
/// alpha. Returns 0 or -1.
int ctiff_read(ctiff_file *file, uint32_t row, uint32_t rows, uint32_t *raster);

/// The first error libtiff reported, or "" when none.
const char *ctiff_message(const ctiff_file *file);

/// Non-zero when libtiff asked for bytes past the end of the data: the file is cut short.
int ctiff_ran_out(const ctiff_file *file);

/// Closes the TIFF and frees the reader.
void ctiff_free(ctiff_file *file);

#endif
