// CQRStartup: the command line of `qr`, taken from the C runtime instead of found by
// the Swift runtime's reading of /proc/self/maps.
//
// Why this file exists: on Linux, Swift's standard library finds argv for
// `CommandLine.arguments` with a static constructor (ArgvGrabber, in the runtime's
// CommandLine.cpp) that opens /proc/self/maps, parses every line with sscanf to find the
// stack, and walks back from `environ`. The kernel writes out every mapping of the
// process to answer it, and it runs at every start, whether or not anything reads the
// arguments: a tenth of the time of a short `qr` run (docs/performance.md).
//
// glibc hands every ELF constructor the program's argc, argv and envp, so a constructor
// here keeps them; and the two functions that CommandLine.cpp defines, the only symbols
// of that object file, are defined here. A program that links the standard library
// statically (`qr`'s release build) then takes them from here, and the linker never
// pulls CommandLine.cpp's object, nor its constructor, out of libswiftCore.a. Should a
// later runtime add a symbol to that object, the link fails with a duplicate symbol
// rather than silently; should it stop calling these, they are merely unused. Where the
// standard library is a shared object (debug builds), its own copies answer, and these
// are never called. Only the `qr` executable links this module, never the library.
#include "CQRStartup.h"

#include <stddef.h>
#include <stdlib.h>  // defines __GLIBC__ where the C library is glibc

static char *const empty_arguments[] = {NULL};
static char *const *saved_arguments = empty_arguments;
static int saved_count = 0;

char *const *cqrstartup_arguments(int *argc) {
    *argc = saved_count;
    return saved_arguments;
}

#if defined(__GLIBC__)
// glibc calls the functions of .init_array with (argc, argv, envp); musl passes nothing,
// which is why this is glibc's alone.
__attribute__((constructor)) static void cqrstartup_keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    if (argv != NULL && argc >= 0) {
        saved_arguments = argv;
        saved_count = argc;
    }
}

// An override of the arguments, as a host that runs Swift code in-process sets them
// (the runtime's own entry point for it; kept so that such a host still works).
static char **override_arguments = NULL;
static int override_count = 0;

__attribute__((swiftcall)) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    override_arguments = argv;
    override_count = argc;
}

// What `CommandLine.arguments` is built from. The runtime does not own or free the result.
__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *argc) {
    if (override_arguments != NULL) {
        *argc = override_count;
        return override_arguments;
    }
    return (char **)cqrstartup_arguments(argc);
}
#endif
