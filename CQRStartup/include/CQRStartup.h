// CQRStartup: how `qr` learns its command line without reading /proc/self/maps at start.
// See argv.c for why this module exists.
#ifndef CQRSTARTUP_H
#define CQRSTARTUP_H

/// The arguments the process was started with, as the C runtime gave them to the
/// program's constructors: `*argc` is set to their number, and the array ends with
/// NULL. Empty (`*argc` 0) where the C runtime gives constructors no arguments.
char *_Nullable const *_Nonnull cqrstartup_arguments(int *_Nonnull argc);

#endif
