// CQREncode: libqrencode opened with dlopen when the first code is encoded.
//
// Why this file exists: a library named at link time is loaded, and its symbols looked
// up, at every start of every process, whatever the process does. `qr decode` and
// `qr --version` never encode, yet loading libqrencode cost them a measurable part of
// their start (docs/performance.md, "libZXing and libqrencode opened"). Opened here
// on first use, it costs that once, and only where a code is made; and a machine without
// libqrencode still decodes. Each function QREncoder calls is found once and called
// through cqrencode_NAME, a wrapper of the same signature.
#include "CQREncode.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>

/// The name Debian's libqrencode4 package gives the library (its soname).
static const char library_name[] = "libqrencode.so.4";

#define CQRENCODE_FUNCTION_POINTER(type, name, parameters, arguments) type(*name) parameters;
#define CQRENCODE_PROCEDURE_POINTER(name, parameters, arguments) void(*name) parameters;
static struct {
    CQRENCODE_FUNCTIONS(CQRENCODE_FUNCTION_POINTER)
    CQRENCODE_PROCEDURES(CQRENCODE_PROCEDURE_POINTER)
} found;
#undef CQRENCODE_FUNCTION_POINTER
#undef CQRENCODE_PROCEDURE_POINTER

static pthread_once_t opening = PTHREAD_ONCE_INIT;
static int ready = 0;
static char failure[512];

/// Finds `name` in `library` into `*slot`; 0 (and the reason in `failure`) when it is not there.
static int find(void *library, const char *name, void **slot) {
    *slot = dlsym(library, name);
    if (*slot) return 1;
    snprintf(failure, sizeof failure, "%s has no function %s", library_name, name);
    return 0;
}

static void open_library(void) {
    // RTLD_LOCAL: its symbols stay out of the process's global scope, for no one else
    // looked them up before either.
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : library_name);
        return;
    }
#define CQRENCODE_FIND_FUNCTION(type, name, parameters, arguments) \
    if (!find(library, #name, (void **)&found.name)) return;
#define CQRENCODE_FIND_PROCEDURE(name, parameters, arguments) \
    if (!find(library, #name, (void **)&found.name)) return;
    CQRENCODE_FUNCTIONS(CQRENCODE_FIND_FUNCTION)
    CQRENCODE_PROCEDURES(CQRENCODE_FIND_PROCEDURE)
#undef CQRENCODE_FIND_FUNCTION
#undef CQRENCODE_FIND_PROCEDURE
    ready = 1;
}

const char *cqrencode_open(void) {
    pthread_once(&opening, open_library);
    return ready ? NULL : failure;
}

/// What a wrapper of a function gives when the library is not open: -1 for int, NULL for
/// a pointer, with errno ELIBACC.
static int unavailable_int(void) {
    errno = ELIBACC;
    return -1;
}
static void *unavailable_pointer(void) {
    errno = ELIBACC;
    return NULL;
}

#define CQRENCODE_DEFINE_FUNCTION(type, name, parameters, arguments)                                       \
    type cqrencode_##name parameters {                                                                     \
        if (cqrencode_open() != NULL) {                                                                    \
            return (type)_Generic((type)0, int: unavailable_int(), default: unavailable_pointer());        \
        }                                                                                                  \
        return found.name arguments;                                                                       \
    }
#define CQRENCODE_DEFINE_PROCEDURE(name, parameters, arguments) \
    void cqrencode_##name parameters {                          \
        if (cqrencode_open() == NULL) found.name arguments;     \
    }
CQRENCODE_FUNCTIONS(CQRENCODE_DEFINE_FUNCTION)
CQRENCODE_PROCEDURES(CQRENCODE_DEFINE_PROCEDURE)
