// Lets Swift import <png.h> as the CPNG module.
#include <png.h>
