// Lets Swift import <zbar.h> as the CZBar module.
#include <zbar.h>
