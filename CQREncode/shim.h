// Lets Swift import <qrencode.h> as the CQREncode module.
#include <qrencode.h>
