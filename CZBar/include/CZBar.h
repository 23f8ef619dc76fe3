// CZBar: lets Swift import <zbar.h>. QRKit links Debian's static libzbar.a (see
// czbar_nodbus.c and Package.swift), so only zbar's scanner and decoder objects come
// in and none of the X11, xcb, V4L or D-Bus libraries its shared object needs.
#include <zbar.h>
