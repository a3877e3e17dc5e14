// Compositing in 8-bit 4:2:0 Y'CbCr planes; see reel_yuv_composite.h for the arithmetic.
// Each kernel is an always-inline body compiled twice (baseline, and AVX2 where the CPU has
// it, chosen at run time), as in yuv_kernels.c.
#include "reel_yuv_composite.h"

#include <stdlib.h>
#include <string.h>

#define REEL_INLINE static inline __attribute__((always_inline))

REEL_INLINE int32_t clamp_sample(int32_t value) {
  return value < 0 ? 0 : (value > 255 ? 255 : value);
}

/// Whether the 8 BGRA pixels at `p` all have alpha 0 (one 32-byte chunk).
REEL_INLINE int transparent8(const uint8_t *p) {
  uint64_t w[4];
  memcpy(w, p, sizeof w);
  return ((w[0] | w[1] | w[2] | w[3]) & 0xFF000000FF000000ull) == 0;
}

// MARK: - Blending an image

/// Luma of `count` pixels: `src` BGRA, `dst` samples.
REEL_INLINE void blend_luma_run(const uint8_t *restrict src, uint8_t *restrict dst, int count,
                                const reel_yuv_blend_coefficients *k) {
  const int32_t ka = k->alpha, yr = k->yr, yg = k->yg, yb = k->yb;
  for (int i = 0; i < count; i++) {
    int32_t b = src[4 * i], g = src[4 * i + 1], r = src[4 * i + 2];
    int32_t a = src[4 * i + 3] * ka;
    int32_t v = dst[i] * ((1 << 20) - a) + 16 * a + 16 * (yr * r + yg * g + yb * b) + (1 << 19);
    v >>= 20;
    dst[i] = (uint8_t)(v > 255 ? 255 : v);
  }
}

REEL_INLINE void blend_luma_row(const uint8_t *src, uint8_t *dst, int count,
                                const reel_yuv_blend_coefficients *k) {
  int start = 0, i = 0;
  for (; i + 8 <= count; i += 8) {
    if (transparent8(src + 4 * i)) {
      if (i > start) blend_luma_run(src + 4 * start, dst + start, i - start, k);
      start = i + 8;
    }
  }
  if (count > start) blend_luma_run(src + 4 * start, dst + start, count - start, k);
}

/// One chroma sample pair from the scaled block sums (s · ΣA … with s = 4 / pixels that exist).
REEL_INLINE void blend_chroma_sample(int32_t a, int32_t r, int32_t g, int32_t b, uint8_t *cb,
                                     uint8_t *cr, const reel_yuv_blend_coefficients *k) {
  int32_t a22 = a * k->alpha;
  int32_t keep = (1 << 22) - a22, base = 128 * a22 + (1 << 21);
  int32_t u = *cb * keep + base + 16 * (k->cbr * r + k->cbg * g + k->cbb * b);
  int32_t v = *cr * keep + base + 16 * (k->crr * r + k->crg * g + k->crb * b);
  *cb = (uint8_t)clamp_sample(u >> 22);
  *cr = (uint8_t)clamp_sample(v >> 22);
}

/// Chroma of `count` whole blocks: two pixels of row `t` (and of row `u` when `rows` is 2).
REEL_INLINE void blend_chroma_run(const uint8_t *restrict t, const uint8_t *restrict u, int rows,
                                  uint8_t *restrict cb, uint8_t *restrict cr, int count,
                                  int shift, const reel_yuv_blend_coefficients *k) {
  const int32_t ka = k->alpha;
  const int32_t cbr = k->cbr, cbg = k->cbg, cbb = k->cbb, crr = k->crr, crg = k->crg,
                crb = k->crb;
  for (int i = 0; i < count; i++) {
    const uint8_t *p = t + 8 * i;
    int32_t b = p[0] + p[4], g = p[1] + p[5], r = p[2] + p[6], a = p[3] + p[7];
    if (rows == 2) {
      const uint8_t *q = u + 8 * i;
      b += q[0] + q[4];
      g += q[1] + q[5];
      r += q[2] + q[6];
      a += q[3] + q[7];
    }
    b <<= shift;
    g <<= shift;
    r <<= shift;
    int32_t a22 = (a << shift) * ka;
    int32_t keep = (1 << 22) - a22, base = 128 * a22 + (1 << 21);
    int32_t y = cb[i] * keep + base + 16 * (cbr * r + cbg * g + cbb * b);
    int32_t z = cr[i] * keep + base + 16 * (crr * r + crg * g + crb * b);
    y >>= 22;
    z >>= 22;
    cb[i] = (uint8_t)(y < 0 ? 0 : (y > 255 ? 255 : y));
    cr[i] = (uint8_t)(z < 0 ? 0 : (z > 255 ? 255 : z));
  }
}

REEL_INLINE void blend_chroma_row(const uint8_t *t, const uint8_t *u, int rows, uint8_t *cb,
                                  uint8_t *cr, int count, int shift,
                                  const reel_yuv_blend_coefficients *k) {
  int start = 0, i = 0;
  for (; i + 4 <= count; i += 4) {
    if (transparent8(t + 8 * i) && (rows == 1 || transparent8(u + 8 * i))) {
      if (i > start)
        blend_chroma_run(t + 8 * start, u + 8 * start, rows, cb + start, cr + start, i - start,
                         shift, k);
      start = i + 4;
    }
  }
  if (count > start)
    blend_chroma_run(t + 8 * start, u + 8 * start, rows, cb + start, cr + start, count - start,
                     shift, k);
}

/// A block only some of whose pixels are inside the rectangle: up to four pixels (NULL for a
/// pixel outside it).
static void blend_partial_block(const uint8_t *const pixels[4], int shift, uint8_t *cb,
                                uint8_t *cr, const reel_yuv_blend_coefficients *k) {
  int32_t a = 0, r = 0, g = 0, b = 0;
  for (int n = 0; n < 4; n++) {
    if (!pixels[n]) continue;
    b += pixels[n][0];
    g += pixels[n][1];
    r += pixels[n][2];
    a += pixels[n][3];
  }
  if (a == 0) return;
  blend_chroma_sample(a << shift, r << shift, g << shift, b << shift, cb, cr, k);
}

REEL_INLINE void blend_image(reel_yuv_planes planes, const uint8_t *overlay,
                             intptr_t overlayStride, int32_t originX, int32_t originY, int32_t x0,
                             int32_t y0, int32_t x1, int32_t y1,
                             const reel_yuv_blend_coefficients *k) {
  // The overlay pixel over picture pixel (x, y).
#define OVERLAY_PIXEL(x, y)                                                                   \
  (overlay + (intptr_t)((y) - originY) * overlayStride + (intptr_t)((x) - originX) * 4)
  // Row pair by row pair, so the chroma pass reads overlay rows the luma pass left in cache.
  for (int32_t by = y0 >> 1; 2 * by < y1; by++) {
    const int32_t top = 2 * by;
    const int hasTop = top >= y0, hasBottom = top + 1 < y1;
    for (int32_t y = hasTop ? top : top + 1; y <= (hasBottom ? top + 1 : top); y++) {
      blend_luma_row(OVERLAY_PIXEL(x0, y), planes.luma + (intptr_t)y * planes.lumaStride + x0,
                     x1 - x0, k);
    }
    const int rowsInPicture = top + 1 < planes.height ? 2 : 1;
    const int rows = hasTop + hasBottom;
    const int32_t firstRow = hasTop ? top : top + 1;
    uint8_t *cb = planes.cb + (intptr_t)by * planes.chromaStride;
    uint8_t *cr = planes.cr + (intptr_t)by * planes.chromaStride;
    int32_t bx = x0 >> 1;
    if (x0 & 1) {
      // The block's left pixel is outside the rectangle; its right pixel is x0.
      const uint8_t *pixels[4] = {0, hasTop ? OVERLAY_PIXEL(x0, top) : 0, 0,
                                  hasBottom ? OVERLAY_PIXEL(x0, top + 1) : 0};
      blend_partial_block(pixels, rowsInPicture == 2 ? 0 : 1, cb + bx, cr + bx, k);
      bx++;
    }
    const int32_t wholeEnd = x1 >> 1;
    if (wholeEnd > bx) {
      const uint8_t *t = OVERLAY_PIXEL(2 * bx, firstRow);
      const int shift = rowsInPicture == 2 ? 0 : 1;
      if (rows == 2) {
        blend_chroma_row(t, OVERLAY_PIXEL(2 * bx, top + 1), 2, cb + bx, cr + bx, wholeEnd - bx,
                         shift, k);
      } else {
        blend_chroma_row(t, t, 1, cb + bx, cr + bx, wholeEnd - bx, shift, k);
      }
    }
    if (x1 & 1) {
      // The block's right pixel is outside the rectangle (or the picture).
      const int32_t x = x1 - 1;
      const uint8_t *pixels[4] = {hasTop ? OVERLAY_PIXEL(x, top) : 0, 0,
                                  hasBottom ? OVERLAY_PIXEL(x, top + 1) : 0, 0};
      const int pixelsInPicture = rowsInPicture * (x1 < planes.width ? 2 : 1);
      blend_partial_block(pixels, pixelsInPicture == 4 ? 0 : (pixelsInPicture == 2 ? 1 : 2),
                          cb + (x >> 1), cr + (x >> 1), k);
    }
  }
#undef OVERLAY_PIXEL
}

// MARK: - Filling a rectangle

REEL_INLINE void fill_luma_row(uint8_t *restrict dst, int count, int32_t inverse, int32_t add) {
  for (int i = 0; i < count; i++) dst[i] = (uint8_t)((dst[i] * inverse + add) >> 20);
}

REEL_INLINE void fill_chroma_run(uint8_t *restrict cb, uint8_t *restrict cr, int count,
                                 int32_t inverse, int32_t cbAdd, int32_t crAdd) {
  if (inverse == 0) {
    memset(cb, cbAdd >> 22, (size_t)count);
    memset(cr, crAdd >> 22, (size_t)count);
    return;
  }
  for (int i = 0; i < count; i++) {
    cb[i] = (uint8_t)((cb[i] * inverse + cbAdd) >> 22);
    cr[i] = (uint8_t)((cr[i] * inverse + crAdd) >> 22);
  }
}

REEL_INLINE void fill_rect(reel_yuv_planes planes, int32_t x0, int32_t y0, int32_t x1,
                           int32_t y1, const reel_yuv_fill_terms *terms) {
  for (int32_t y = y0; y < y1; y++) {
    uint8_t *row = planes.luma + (intptr_t)y * planes.lumaStride + x0;
    if (terms->lumaInverse == 0) {
      memset(row, terms->lumaAdd >> 20, (size_t)(x1 - x0));
    } else {
      fill_luma_row(row, x1 - x0, terms->lumaInverse, terms->lumaAdd);
    }
  }
  for (int32_t by = y0 >> 1; 2 * by < y1; by++) {
    const int32_t top = 2 * by;
    const int covered = (top >= y0) + (top + 1 < y1);
    const int inPicture = top + 1 < planes.height ? 2 : 1;
    const int halfHeight = covered < inPicture;
    uint8_t *cb = planes.cb + (intptr_t)by * planes.chromaStride;
    uint8_t *cr = planes.cr + (intptr_t)by * planes.chromaStride;
    int32_t bx = x0 >> 1;
    if (x0 & 1) {
      const int n = halfHeight + 1;
      fill_chroma_run(cb + bx, cr + bx, 1, terms->chromaInverse[n], terms->cbAdd[n],
                      terms->crAdd[n]);
      bx++;
    }
    const int32_t wholeEnd = x1 >> 1;
    if (wholeEnd > bx) {
      fill_chroma_run(cb + bx, cr + bx, wholeEnd - bx, terms->chromaInverse[halfHeight],
                      terms->cbAdd[halfHeight], terms->crAdd[halfHeight]);
    }
    if (x1 & 1) {
      const int n = halfHeight + (x1 < planes.width);
      const int32_t b = (x1 - 1) >> 1;
      fill_chroma_run(cb + b, cr + b, 1, terms->chromaInverse[n], terms->cbAdd[n],
                      terms->crAdd[n]);
    }
  }
}

// MARK: - Scaling a plane

/// Source tap and 8-bit fraction for each destination position along one axis.
static void scale_taps(int32_t sourceSize, int32_t size, int32_t *index, int32_t *fraction) {
  for (int32_t i = 0; i < size; i++) {
    // round(256 · ((i + ½)·sourceSize/size − ½)) = ⌊(((2i + 1)·S − D)·256 + D) / 2D⌋.
    int64_t numerator = ((int64_t)(2 * (int64_t)i + 1) * sourceSize - size) * 256 + size;
    int64_t position = numerator <= 0 ? 0 : numerator / (2 * (int64_t)size);
    int64_t tap = position >> 8;
    int32_t f = (int32_t)(position & 255);
    if (tap >= sourceSize - 1) {
      tap = sourceSize - 1;
      f = 0;
    }
    index[i] = (int32_t)tap;
    fraction[i] = f;
  }
}

REEL_INLINE void scale_vertical(const uint8_t *restrict s0, const uint8_t *restrict s1,
                                uint16_t *restrict row, int count, int32_t fy) {
  const uint16_t w0 = (uint16_t)(256 - fy), w1 = (uint16_t)fy;
  for (int x = 0; x < count; x++) row[x] = (uint16_t)(s0[x] * w0 + s1[x] * w1);
}

REEL_INLINE void scale_horizontal(const uint16_t *restrict row, uint8_t *restrict dst, int count,
                                  const int32_t *restrict index,
                                  const int32_t *restrict fraction) {
  for (int i = 0; i < count; i++) {
    uint32_t left = row[index[i]], right = row[index[i] + 1], f = (uint32_t)fraction[i];
    dst[i] = (uint8_t)((left * (256 - f) + right * f + 32768) >> 16);
  }
}

REEL_INLINE void scale_same_width(const uint16_t *restrict row, uint8_t *restrict dst,
                                  int count) {
  for (int i = 0; i < count; i++) dst[i] = (uint8_t)((row[i] + 128) >> 8);
}

/// Scratch for scaling planes up to a size: x and y taps and fractions, and one uint16 row
/// (+1 slack for the right tap of the last column).
typedef struct {
  int32_t *xIndex, *xFraction, *yIndex, *yFraction;
  uint16_t *row;
} scale_scratch;

REEL_INLINE void scale_plane(const uint8_t *source, intptr_t sourceStride, int32_t sourceWidth,
                             int32_t sourceHeight, uint8_t *destination,
                             intptr_t destinationStride, int32_t width, int32_t height,
                             const scale_scratch *scratch) {
  if (sourceWidth == width && sourceHeight == height) {
    for (int32_t y = 0; y < height; y++)
      memcpy(destination + (intptr_t)y * destinationStride, source + (intptr_t)y * sourceStride,
             (size_t)width);
    return;
  }
  int32_t *xIndex = scratch->xIndex, *xFraction = scratch->xFraction;
  int32_t *yIndex = scratch->yIndex, *yFraction = scratch->yFraction;
  uint16_t *row = scratch->row;
  scale_taps(sourceWidth, width, xIndex, xFraction);
  scale_taps(sourceHeight, height, yIndex, yFraction);
  for (int32_t y = 0; y < height; y++) {
    const uint8_t *s0 = source + (intptr_t)yIndex[y] * sourceStride;
    const int32_t fy = yFraction[y];
    const uint8_t *s1 = fy ? s0 + sourceStride : s0;
    scale_vertical(s0, s1, row, sourceWidth, fy);
    row[sourceWidth] = row[sourceWidth - 1];
    uint8_t *dst = destination + (intptr_t)y * destinationStride;
    if (sourceWidth == width) {
      scale_same_width(row, dst, width);
    } else {
      scale_horizontal(row, dst, width, xIndex, xFraction);
    }
  }
}

REEL_INLINE int scale_picture(reel_yuv_planes source, reel_yuv_planes destination, int32_t x,
                              int32_t y, int32_t width, int32_t height) {
  // One allocation sized for the luma plane serves the chroma planes too.
  size_t tables = 2 * (size_t)width + 2 * (size_t)height;
  int32_t *memory =
      malloc(tables * sizeof(int32_t) + ((size_t)source.width + 1) * sizeof(uint16_t));
  if (!memory) return 0;
  scale_scratch scratch = {memory, memory + width, memory + 2 * width,
                           memory + 2 * width + height, (uint16_t *)(memory + tables)};
  scale_plane(source.luma, source.lumaStride, source.width, source.height,
              destination.luma + (intptr_t)y * destination.lumaStride + x,
              destination.lumaStride, width, height, &scratch);
  const int32_t sourceChromaWidth = (source.width + 1) / 2;
  const int32_t sourceChromaHeight = (source.height + 1) / 2;
  const int32_t chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2;
  const intptr_t offset = (intptr_t)(y / 2) * destination.chromaStride + x / 2;
  scale_plane(source.cb, source.chromaStride, sourceChromaWidth, sourceChromaHeight,
              destination.cb + offset, destination.chromaStride, chromaWidth, chromaHeight,
              &scratch);
  scale_plane(source.cr, source.chromaStride, sourceChromaWidth, sourceChromaHeight,
              destination.cr + offset, destination.chromaStride, chromaWidth, chromaHeight,
              &scratch);
  free(memory);
  return 1;
}

// MARK: - Mixing two planes

REEL_INLINE void mix_row(const uint8_t *top, const uint8_t *bottom, uint8_t *dst, int count,
                         int32_t weight) {
  for (int i = 0; i < count; i++) {
    int32_t b = bottom[i], d = top[i] - b;
    dst[i] = (uint8_t)(b + ((d * weight + (1 << 14)) >> 15));
  }
}

REEL_INLINE void mix_plane(const uint8_t *top, intptr_t topStride, const uint8_t *bottom,
                           intptr_t bottomStride, uint8_t *destination,
                           intptr_t destinationStride, int32_t width, int32_t height,
                           int32_t weight) {
  for (int32_t y = 0; y < height; y++)
    mix_row(top + (intptr_t)y * topStride, bottom + (intptr_t)y * bottomStride,
            destination + (intptr_t)y * destinationStride, width, weight);
}

// MARK: - Builds and dispatch

#define REEL_YUV_BUILD(suffix, attributes)                                                    \
  attributes static void blend_image_##suffix(                                                \
      reel_yuv_planes planes, const uint8_t *overlay, intptr_t overlayStride, int32_t ox,      \
      int32_t oy, int32_t x0, int32_t y0, int32_t x1, int32_t y1,                             \
      const reel_yuv_blend_coefficients *k) {                                                 \
    blend_image(planes, overlay, overlayStride, ox, oy, x0, y0, x1, y1, k);                   \
  }                                                                                           \
  attributes static void fill_##suffix(reel_yuv_planes planes, int32_t x0, int32_t y0,         \
                                       int32_t x1, int32_t y1,                                \
                                       const reel_yuv_fill_terms *terms) {                    \
    fill_rect(planes, x0, y0, x1, y1, terms);                                                 \
  }                                                                                           \
  attributes static int scale_##suffix(reel_yuv_planes s, reel_yuv_planes d, int32_t x,       \
                                       int32_t y, int32_t w, int32_t h) {                     \
    return scale_picture(s, d, x, y, w, h);                                                   \
  }                                                                                           \
  attributes static void mix_plane_##suffix(const uint8_t *t, intptr_t ts, const uint8_t *b,   \
                                            intptr_t bs, uint8_t *d, intptr_t ds, int32_t w,   \
                                            int32_t h, int32_t weight) {                      \
    mix_plane(t, ts, b, bs, d, ds, w, h, weight);                                             \
  }

REEL_YUV_BUILD(baseline, )

#if defined(__x86_64__) && defined(__clang__)
#define REEL_YUV_HAS_AVX2 1
REEL_YUV_BUILD(avx2, __attribute__((target("avx2"))))
static int yuv_has_avx2(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}
#define REEL_YUV_DISPATCH(name, ...)                                                          \
  (yuv_has_avx2() ? name##_avx2(__VA_ARGS__) : name##_baseline(__VA_ARGS__))
#else
#define REEL_YUV_DISPATCH(name, ...) name##_baseline(__VA_ARGS__)
#endif

void reel_yuv_blend_image(reel_yuv_planes planes, const uint8_t *overlay, intptr_t overlayStride,
                          int32_t originX, int32_t originY, int32_t x0, int32_t y0, int32_t x1,
                          int32_t y1, const reel_yuv_blend_coefficients *k) {
  REEL_YUV_DISPATCH(blend_image, planes, overlay, overlayStride, originX, originY, x0, y0, x1, y1,
                    k);
}

void reel_yuv_fill(reel_yuv_planes planes, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                   const reel_yuv_fill_terms *terms) {
  REEL_YUV_DISPATCH(fill, planes, x0, y0, x1, y1, terms);
}

int reel_yuv_scale(reel_yuv_planes source, reel_yuv_planes destination, int32_t x, int32_t y,
                   int32_t width, int32_t height) {
  return REEL_YUV_DISPATCH(scale, source, destination, x, y, width, height);
}

void reel_yuv_mix_plane(const uint8_t *top, intptr_t topStride, const uint8_t *bottom,
                        intptr_t bottomStride, uint8_t *destination, intptr_t destinationStride,
                        int32_t width, int32_t height, int32_t weight) {
  REEL_YUV_DISPATCH(mix_plane, top, topStride, bottom, bottomStride, destination,
                    destinationStride, width, height, weight);
}
