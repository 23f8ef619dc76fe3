// Lets Swift import libwebp's decoder and its demuxer (animated WebP) as the CWebP module.
#include <webp/decode.h>
#include <webp/demux.h>
