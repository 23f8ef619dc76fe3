// Lets Swift import giflib's decoder as the CGIF module.
#include <gif_lib.h>
