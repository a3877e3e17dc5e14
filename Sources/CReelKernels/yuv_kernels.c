#include "reel_kernels.h"

#define REEL_INLINE static inline __attribute__((always_inline))

REEL_INLINE int32_t clamp_byte(int32_t value) {
  return value < 0 ? 0 : (value > 255 ? 255 : value);
}

REEL_INLINE void encode_row_pair(const uint8_t *top, const uint8_t *bottom, uint8_t *topLuma,
                                 uint8_t *bottomLuma, uint8_t *restrict cb,
                                 uint8_t *restrict cr, int width,
                                 const reel_encode_coefficients *k) {
  const int32_t yr = k->yr, yg = k->yg, yb = k->yb, yOffset = k->yOffset;
  const int32_t cbr = k->cbr, cbg = k->cbg, cbb = k->cbb;
  const int32_t crr = k->crr, crg = k->crg, crb = k->crb, chromaOffset = k->chromaOffset;
  const int pairs = width / 2;
  for (int i = 0; i < pairs; i++) {
    const uint8_t *a = top + 8 * i, *c = bottom + 8 * i;
    int32_t b0 = a[0], g0 = a[1], r0 = a[2], b1 = a[4], g1 = a[5], r1 = a[6];
    int32_t b2 = c[0], g2 = c[1], r2 = c[2], b3 = c[4], g3 = c[5], r3 = c[6];
    topLuma[2 * i] = (uint8_t)((yr * r0 + yg * g0 + yb * b0 + yOffset) >> 16);
    topLuma[2 * i + 1] = (uint8_t)((yr * r1 + yg * g1 + yb * b1 + yOffset) >> 16);
    bottomLuma[2 * i] = (uint8_t)((yr * r2 + yg * g2 + yb * b2 + yOffset) >> 16);
    bottomLuma[2 * i + 1] = (uint8_t)((yr * r3 + yg * g3 + yb * b3 + yOffset) >> 16);
    int32_t r = r0 + r1 + r2 + r3, g = g0 + g1 + g2 + g3, b = b0 + b1 + b2 + b3;
    cb[i] = (uint8_t)((cbr * r + cbg * g + cbb * b + chromaOffset) >> 18);
    cr[i] = (uint8_t)((crr * r + crg * g + crb * b + chromaOffset) >> 18);
  }
  if (width & 1) {
    // The odd last column pairs with itself.
    const int x = width - 1;
    const uint8_t *a = top + 4 * x, *c = bottom + 4 * x;
    int32_t b0 = a[0], g0 = a[1], r0 = a[2], b2 = c[0], g2 = c[1], r2 = c[2];
    topLuma[x] = (uint8_t)((yr * r0 + yg * g0 + yb * b0 + yOffset) >> 16);
    bottomLuma[x] = (uint8_t)((yr * r2 + yg * g2 + yb * b2 + yOffset) >> 16);
    int32_t r = 2 * (r0 + r2), g = 2 * (g0 + g2), b = 2 * (b0 + b2);
    cb[pairs] = (uint8_t)((cbr * r + cbg * g + cbb * b + chromaOffset) >> 18);
    cr[pairs] = (uint8_t)((crr * r + crg * g + crb * b + chromaOffset) >> 18);
  }
}

REEL_INLINE void decode_row(const uint8_t *restrict luma, const uint8_t *restrict nearCb,
                            const uint8_t *restrict farCb, const uint8_t *restrict nearCr,
                            const uint8_t *restrict farCr, uint8_t *restrict bgra, int width,
                            const reel_decode_coefficients *k) {
  const int32_t ys = k->luma, rv = k->redFromCr, gu = k->greenFromCb, gv = k->greenFromCr;
  const int32_t bu = k->blueFromCb;
  const int32_t ro = k->redOffset, go = k->greenOffset, bo = k->blueOffset;
  const int chromaWidth = (width + 1) / 2;
  // Pairs whose odd column has a right chroma neighbour.
  const int pairs = width / 2 < chromaWidth - 1 ? width / 2 : chromaWidth - 1;
  for (int i = 0; i < pairs; i++) {
    int32_t u0 = 3 * nearCb[i] + farCb[i], u1 = 3 * nearCb[i + 1] + farCb[i + 1];
    int32_t v0 = 3 * nearCr[i] + farCr[i], v1 = 3 * nearCr[i + 1] + farCr[i + 1];
    int32_t ue = 2 * u0, uo = u0 + u1, ve = 2 * v0, vo = v0 + v1;
    int32_t y0 = ys * luma[2 * i], y1 = ys * luma[2 * i + 1];
    uint8_t *p = bgra + 8 * i;
    p[0] = (uint8_t)clamp_byte((y0 + bu * ue + bo) >> 16);
    p[1] = (uint8_t)clamp_byte((y0 + gu * ue + gv * ve + go) >> 16);
    p[2] = (uint8_t)clamp_byte((y0 + rv * ve + ro) >> 16);
    p[3] = 255;
    p[4] = (uint8_t)clamp_byte((y1 + bu * uo + bo) >> 16);
    p[5] = (uint8_t)clamp_byte((y1 + gu * uo + gv * vo + go) >> 16);
    p[6] = (uint8_t)clamp_byte((y1 + rv * vo + ro) >> 16);
    p[7] = 255;
  }
  for (int x = 2 * pairs; x < width; x++) {
    int i = x / 2;
    int j = i + 1 < chromaWidth ? i + 1 : chromaWidth - 1;
    int32_t u = 3 * nearCb[i] + farCb[i], v = 3 * nearCr[i] + farCr[i];
    if (x & 1) {
      u += 3 * nearCb[j] + farCb[j];
      v += 3 * nearCr[j] + farCr[j];
    } else {
      u *= 2;
      v *= 2;
    }
    int32_t y = ys * luma[x];
    uint8_t *p = bgra + 4 * x;
    p[0] = (uint8_t)clamp_byte((y + bu * u + bo) >> 16);
    p[1] = (uint8_t)clamp_byte((y + gu * u + gv * v + go) >> 16);
    p[2] = (uint8_t)clamp_byte((y + rv * v + ro) >> 16);
    p[3] = 255;
  }
}

#if defined(__x86_64__) && defined(__clang__)
#define REEL_HAS_AVX2_CLONE 1
__attribute__((target("avx2"))) static void encode_row_pair_avx2(
    const uint8_t *top, const uint8_t *bottom, uint8_t *topLuma, uint8_t *bottomLuma,
    uint8_t *cb, uint8_t *cr, int width, const reel_encode_coefficients *k) {
  encode_row_pair(top, bottom, topLuma, bottomLuma, cb, cr, width, k);
}
__attribute__((target("avx2"))) static void decode_row_avx2(
    const uint8_t *luma, const uint8_t *nearCb, const uint8_t *farCb, const uint8_t *nearCr,
    const uint8_t *farCr, uint8_t *bgra, int width, const reel_decode_coefficients *k) {
  decode_row(luma, nearCb, farCb, nearCr, farCr, bgra, width, k);
}
static int has_avx2(void) {
  __builtin_cpu_init();  // idempotent; the feature bits are read after the first call
  return __builtin_cpu_supports("avx2");
}
#endif

void reel_encode_row_pair(const uint8_t *top, const uint8_t *bottom, uint8_t *topLuma,
                          uint8_t *bottomLuma, uint8_t *cb, uint8_t *cr, int width,
                          const reel_encode_coefficients *k) {
#ifdef REEL_HAS_AVX2_CLONE
  if (has_avx2()) {
    encode_row_pair_avx2(top, bottom, topLuma, bottomLuma, cb, cr, width, k);
    return;
  }
#endif
  encode_row_pair(top, bottom, topLuma, bottomLuma, cb, cr, width, k);
}

void reel_decode_row(const uint8_t *luma, const uint8_t *nearCb, const uint8_t *farCb,
                     const uint8_t *nearCr, const uint8_t *farCr, uint8_t *bgra, int width,
                     const reel_decode_coefficients *k) {
#ifdef REEL_HAS_AVX2_CLONE
  if (has_avx2()) {
    decode_row_avx2(luma, nearCb, farCb, nearCr, farCr, bgra, width, k);
    return;
  }
#endif
  decode_row(luma, nearCb, farCb, nearCr, farCr, bgra, width, k);
}
