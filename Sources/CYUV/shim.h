// libyuv ships no pkg-config file; this header is the module's single entry point.
#ifndef REEL_CYUV_SHIM_H
#define REEL_CYUV_SHIM_H
#include <libyuv/convert.h>
#include <libyuv/convert_argb.h>
#include <libyuv/convert_from_argb.h>
#include <libyuv/planar_functions.h>
#include <libyuv/scale.h>
#include <libyuv/scale_argb.h>
#endif
