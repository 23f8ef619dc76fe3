// CJPEG — libjpeg decompression behind two calls that return errors (see cjpeg.h).
#include "cjpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jpeglib.h>
#include <jerror.h>

_Static_assert(CJPEG_MESSAGE_LENGTH == JMSG_LENGTH_MAX, "cjpeg_result.message holds one libjpeg message");

/// libjpeg's error manager, with the way back to cjpeg's own frame.
struct cjpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf escape;
    cjpeg_result *result;
};

/// libjpeg's progress hook, used to count scans and the CPU time spent.
struct cjpeg_progress {
    struct jpeg_progress_mgr manager;
    int max_scans;
    /// The calling thread's CPU time at which decoding stops; 0 for none.
    long long cpu_deadline_ns;
    long long max_cpu_ns;
    /// Calls since the clock was last read: reading it is a system call.
    int calls;
};

/// The calling thread's CPU time, in nanoseconds.
static long long cjpeg_thread_cpu_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/// A fatal error: keep libjpeg's message and return to the setjmp in cjpeg's caller.
static void cjpeg_error_exit(j_common_ptr info) {
    struct cjpeg_error *error = (struct cjpeg_error *)info->err;
    (*info->err->format_message)(info, error->result->message);
    longjmp(error->escape, 1);
}

/// Whether a libjpeg warning means the picture's data is damaged: libjpeg goes on past
/// it, filling what it could not decode with gray or with what the damage made of it.
/// The other warnings (an unknown JFIF revision or Adobe transform, a bad ICC profile)
/// leave the pixels as they were written.
static int cjpeg_is_damage(int code) {
    switch (code) {
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_ARITH_BAD_CODE:
    case JWRN_MUST_RESYNC:
    case JWRN_EXTRANEOUS_DATA:
    case JWRN_BOGUS_PROGRESSION:
    case JWRN_NOT_SEQUENTIAL:
        return 1;
    default:
        return 0;
    }
}

/// Warnings and trace messages: nothing is printed. Data that ends early (libjpeg then
/// pads the picture and goes on) is noted as a cut file; the first warning of damage is
/// kept with libjpeg's words for it.
static void cjpeg_emit_message(j_common_ptr info, int level) {
    struct cjpeg_error *error = (struct cjpeg_error *)info->err;
    if (level >= 0) return;
    info->err->num_warnings++;
    int code = info->err->msg_code;
    if (code == JWRN_JPEG_EOF) error->result->truncated = 1;
    if (cjpeg_is_damage(code) && !error->result->damaged) {
        error->result->damaged = 1;
        (*info->err->format_message)(info, error->result->message);
    }
}

/// Refuses a JPEG with too many scans, or that has taken its CPU time, from libjpeg's
/// progress calls (made at least once per row of blocks while scans are read).
static void cjpeg_progress_monitor(j_common_ptr info) {
    struct cjpeg_progress *progress = (struct cjpeg_progress *)info->progress;
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    struct cjpeg_error *error = (struct cjpeg_error *)info->err;
    if (decompress->input_scan_number > progress->max_scans) {
        snprintf(error->result->message, CJPEG_MESSAGE_LENGTH, "more than %d scans", progress->max_scans);
        longjmp(error->escape, 1);
    }
    if (progress->cpu_deadline_ns == 0 || ++progress->calls < 16) return;
    progress->calls = 0;
    if (cjpeg_thread_cpu_ns() >= progress->cpu_deadline_ns) {
        error->result->over_budget = 1;
        snprintf(
            error->result->message, CJPEG_MESSAGE_LENGTH, "decoding it took more than its CPU budget of %lld ms (%d scans read)",
            progress->max_cpu_ns / 1000000, decompress->input_scan_number);
        longjmp(error->escape, 1);
    }
}

/// Points libjpeg's errors at `error` and `result`, which must outlive `info`.
static void cjpeg_prepare(struct jpeg_decompress_struct *info, struct cjpeg_error *error, cjpeg_result *result) {
    memset(result, 0, sizeof *result);
    info->err = jpeg_std_error(&error->manager);
    error->manager.error_exit = cjpeg_error_exit;
    error->manager.emit_message = cjpeg_emit_message;
    error->result = result;
}

/// Copies the frame header's facts into result.
static void cjpeg_describe(const struct jpeg_decompress_struct *info, cjpeg_result *result) {
    result->width = (int)info->image_width;
    result->height = (int)info->image_height;
    result->components = info->num_components;
    result->progressive = info->progressive_mode ? 1 : 0;
}

int cjpeg_read_header(const uint8_t *data, size_t size, cjpeg_result *result) {
    struct jpeg_decompress_struct info;
    struct cjpeg_error error;
    cjpeg_prepare(&info, &error, result);
    if (setjmp(error.escape)) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    cjpeg_describe(&info, result);
    jpeg_destroy_decompress(&info);
    return 0;
}

/// One row of CMYK samples to gray (see cjpeg.h). Adobe's CMYK JPEGs store the inks
/// inverted (0 is full ink), which their APP14 marker says.
static void cjpeg_cmyk_to_gray(const JSAMPLE *cmyk, uint8_t *gray, JDIMENSION width, boolean inverted) {
    for (JDIMENSION x = 0; x < width; x++) {
        int c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        int ink = (30 * c + 59 * m + 11 * y + 50) / 100 + k;
        gray[x] = (uint8_t)(ink >= 255 ? 0 : 255 - ink);
    }
}

int cjpeg_decode_gray(
    const uint8_t *data, size_t size, uint8_t *pixels, size_t capacity, int max_scans, size_t max_memory,
    long long max_cpu_ns, cjpeg_result *result) {
    struct jpeg_decompress_struct info;
    struct cjpeg_error error;
    struct cjpeg_progress progress;
    // Set after setjmp and freed after a longjmp: volatile keeps its value across it.
    JSAMPLE *volatile cmyk_row = NULL;
    cjpeg_prepare(&info, &error, result);
    if (setjmp(error.escape)) {
        jpeg_destroy_decompress(&info);
        free(cmyk_row);
        return -1;
    }
    jpeg_create_decompress(&info);
    info.mem->max_memory_to_use = (long)(max_memory > (size_t)0x7fffffff ? 0x7fffffff : max_memory);
    progress.manager.progress_monitor = cjpeg_progress_monitor;
    progress.max_scans = max_scans;
    progress.max_cpu_ns = max_cpu_ns > 0 ? max_cpu_ns : 0;
    progress.cpu_deadline_ns = max_cpu_ns > 0 ? cjpeg_thread_cpu_ns() + max_cpu_ns : 0;
    progress.calls = 0;
    info.progress = &progress.manager;
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    cjpeg_describe(&info, result);
    if ((size_t)info.image_width * info.image_height > capacity) {
        snprintf(result->message, CJPEG_MESSAGE_LENGTH, "the picture is larger than its buffer");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    boolean cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_GRAYSCALE;
    jpeg_start_decompress(&info);
    if (cmyk) {
        cmyk_row = malloc((size_t)info.output_width * 4);
        if (cmyk_row == NULL) ERREXIT1(&info, JERR_OUT_OF_MEMORY, 0);
    }
    while (info.output_scanline < info.output_height) {
        uint8_t *row = pixels + (size_t)info.output_scanline * info.output_width;
        JSAMPROW target = cmyk ? cmyk_row : row;
        if (jpeg_read_scanlines(&info, &target, 1) != 1) break;
        if (cmyk) cjpeg_cmyk_to_gray(cmyk_row, row, info.output_width, info.saw_Adobe_marker);
    }
    // The rest of the file to its end marker, where libjpeg finds data the scan did not
    // use: damage that left the rows whole shows only here.
    if (info.output_scanline == info.output_height) jpeg_finish_decompress(&info);
    // libjpeg pads data that ends early with a made-up end marker and only warns: then
    // rows are grey padding (or, when only the end marker is lost, the file was cut all
    // the same), and the picture is refused as truncated. Damaged data is only warned
    // about too, and refused as well: its picture is not the one that was written, and
    // reading no code in it must not look like a picture without one.
    if (info.output_scanline != info.output_height || result->truncated) {
        result->truncated = 1;
        snprintf(result->message, CJPEG_MESSAGE_LENGTH, "premature end of JPEG file");
    }
    int complete = !result->truncated && !result->damaged;
    jpeg_destroy_decompress(&info);
    free(cmyk_row);
    return complete ? 0 : -1;
}
