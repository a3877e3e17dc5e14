// The drawing libraries ReelGraphics wraps (cairo, pango with fontconfig/freetype, pixman),
// plus `static inline` wrappers for the macros Swift's Clang importer cannot import.
#ifndef REEL_CGRAPHICS_SHIM_H
#define REEL_CGRAPHICS_SHIM_H

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pixman.h>
#include <hb.h>
#include <hb-ot.h>

/// `pixman_double_to_fixed` is a function-like macro.
static inline pixman_fixed_t reel_pixman_double_to_fixed(double value) {
  return pixman_double_to_fixed(value);
}
/// `pixman_fixed_1` is a cast expression the importer drops.
static inline pixman_fixed_t reel_pixman_fixed_1(void) { return pixman_fixed_1; }
/// `PANGO_SCALE` imports, but `pango_units_from_double` needs no shim; `PANGO_PIXELS` does.
static inline int reel_PANGO_PIXELS(int units) { return PANGO_PIXELS(units); }

#endif
