// CQRTestSupport: see include/CQRTestSupport.h.
#include "CQRTestSupport.h"

#include <malloc.h>

size_t cqrtestsupport_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

void cqrtestsupport_trim(void) {
    malloc_trim(0);
}
