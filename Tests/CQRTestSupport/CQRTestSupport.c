// CQRTestSupport: see include/CQRTestSupport.h.
#include "CQRTestSupport.h"

#define _GNU_SOURCE
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

size_t cqrtestsupport_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

void cqrtestsupport_trim(void) {
    malloc_trim(0);
}

int cqrtestsupport_open_terminal(char *path, size_t size) {
    int controller = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (controller < 0) return -1;
    const char *name = grantpt(controller) == 0 && unlockpt(controller) == 0 ? ptsname(controller) : NULL;
    if (name == NULL || snprintf(path, size, "%s", name) >= (int)size) {
        close(controller);
        return -1;
    }
    return controller;
}
