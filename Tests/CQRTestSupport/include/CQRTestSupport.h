// CQRTestSupport: what the tests need from C that Swift's Glibc module does not show.
// glibc's malloc.h is not part of that module, so mallinfo2 is reached here; nor are the
// pseudo-terminal calls (declared only for _XOPEN_SOURCE or _GNU_SOURCE).
#ifndef CQRTESTSUPPORT_H
#define CQRTESTSUPPORT_H

#include <stddef.h>

/// Bytes the allocator has handed out and not had back, over every arena
/// (mallinfo2().uordblks plus memory in mmapped chunks, hblkhd).
size_t cqrtestsupport_heap_in_use(void);

/// Gives the free memory of every arena back to the system (malloc_trim(0)), so resident
/// memory shows what is in use rather than what the allocator keeps in reserve.
void cqrtestsupport_trim(void);

/// Opens a pseudo-terminal (posix_openpt, grantpt, unlockpt) and writes the path of its
/// terminal end (ptsname) into path[0..<size]. Returns the controlling end's descriptor,
/// which the caller closes, or -1 with errno set.
int cqrtestsupport_open_terminal(char *path, size_t size);

#endif
