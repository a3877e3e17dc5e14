// The inner loop of Reel's perspective warp (PerspectiveWarp.swift): bilinear samples of
// interior positions blended OVER the destination, four pixels per step in 16-bit lanes.
// Written once with clang's generic vector types and built twice, like yuv_kernels.c: the
// baseline (SSE2 on x86-64) and AVX2, chosen at run time. All arithmetic is exact integer
// maths, so every variant (and the one-pixel path) gives the same bytes.
#include "reel_kernels.h"

#include <string.h>

#define REEL_INLINE static inline __attribute__((always_inline))

typedef uint8_t reel_u8x16 __attribute__((vector_size(16)));
typedef uint16_t reel_u16x16 __attribute__((vector_size(32)));
typedef uint32_t reel_u32x4 __attribute__((vector_size(16)));
typedef uint32_t reel_u32x8 __attribute__((vector_size(32)));
typedef uint64_t reel_u64x4 __attribute__((vector_size(32)));

/// One 16-bit lane per channel: 1 in each of the four lanes of a 64-bit word.
#define REEL_LANES 0x0001000100010001ull
#define REEL_LANE_MASK 0x00FF00FF00FF00FFull

/// Spreads a BGRA pixel into four 16-bit lanes (B, R, G, A from the low bits up).
REEL_INLINE uint64_t expand(uint32_t pixel) {
  uint64_t x = pixel;
  return (x & 0x00FF00FFull) | ((x & 0xFF00FF00ull) << 24);
}

REEL_INLINE uint32_t pack(uint64_t lanes) {
  return (uint32_t)((lanes & 0x00FF00FFull) | ((lanes >> 24) & 0xFF00FF00ull));
}

/// `round(lane · factor / 255)` in every lane.
REEL_INLINE uint64_t multiply_lanes(uint64_t lanes, uint64_t factor) {
  uint64_t t = lanes * factor + 0x0080008000800080ull;
  t = (t + ((t >> 8) & REEL_LANE_MASK)) >> 8;
  return t & REEL_LANE_MASK;
}

REEL_INLINE int is_interior(int64_t u, int64_t v, uint64_t lastColumn, uint64_t lastRow) {
  return ((uint64_t)(u >> 24) < lastColumn) & ((uint64_t)(v >> 24) < lastRow);
}

/// One pixel: the bilinear sample at (u, v) OVER `*target`.
REEL_INLINE void blend_one(const uint32_t *source, intptr_t stride, int64_t u, int64_t v,
                           uint32_t *target) {
  const uint32_t *p = source + (v >> 24) * stride + (u >> 24);
  uint64_t fx = (uint64_t)(u >> 16) & 255, fy = (uint64_t)(v >> 16) & 255;
  uint64_t w11 = (fx * fy) >> 8, w01 = fx - w11, w10 = fy - w11, w00 = 256 - fx - fy + w11;
  uint64_t sum = expand(p[0]) * w00 + expand(p[1]) * w01 + expand(p[stride]) * w10 +
                 expand(p[stride + 1]) * w11;
  uint64_t sample = ((sum + 0x0080008000800080ull) >> 8) & REEL_LANE_MASK;
  uint64_t alpha = sample >> 48;
  if (alpha == 255) {
    *target = pack(sample);
  } else if (sample != 0) {
    *target = pack((sample + multiply_lanes(expand(*target), 255 - alpha)) & REEL_LANE_MASK);
  }
}

typedef int64_t reel_i64x4 __attribute__((vector_size(32)));
typedef uint8_t reel_u8x32 __attribute__((vector_size(32)));

/// `round(x / 255)` per lane for x ≤ 65025. (Macros, not functions: 32-byte vectors must not
/// cross a call boundary in the baseline build.)
#define REEL_DIVIDE255(x) ((((x) + 128) + (((x) + 128) >> 8)) >> 8)
#define REEL_WIDEN(pixels) __builtin_convertvector((reel_u8x16)(pixels), reel_u16x16)
/// The 8-bit fraction (bits 16…23) of each 64-bit position, in the four 16-bit lanes of its
/// pixel.
#define REEL_FRACTIONS(positions)                                                             \
  ((reel_u16x16)__builtin_shufflevector((reel_u8x32)(positions), (reel_u8x32){0}, 2, 32, 2,  \
                                        32, 2, 32, 2, 32, 10, 32, 10, 32, 10, 32, 10, 32, 18, \
                                        32, 18, 32, 18, 32, 18, 32, 26, 32, 26, 32, 26, 32, 26, \
                                        32))

/// Four pixels: the bilinear samples whose top-left taps are at `source + index[k]`, with
/// the fractions `*fractionsX`, `*fractionsY` (one per channel lane), OVER `target[0…3]`.
REEL_INLINE void blend_four_taps(const uint32_t *source, intptr_t stride,
                                 const reel_i64x4 *indices, const reel_u16x16 *fractionsX,
                                 const reel_u16x16 *fractionsY, uint32_t *target) {
  const reel_i64x4 index = *indices;
  uint64_t top[4], bottom[4];
  for (int k = 0; k < 4; k++) {
    const uint32_t *p = source + index[k];
    memcpy(&top[k], p, 8);
    memcpy(&bottom[k], p + stride, 8);
  }
  reel_u32x8 t = (reel_u32x8)(reel_u64x4){top[0], top[1], top[2], top[3]};
  reel_u32x8 b = (reel_u32x8)(reel_u64x4){bottom[0], bottom[1], bottom[2], bottom[3]};
  const reel_u16x16 x = *fractionsX, y = *fractionsY;
  reel_u16x16 w11 = (x * y) >> 8;
  reel_u16x16 w01 = x - w11, w10 = y - w11, w00 = 256 - x - y + w11;
  // Weights sum to 256 and channels are ≤ 255: the 16-bit sum cannot overflow.
  reel_u16x16 sum = REEL_WIDEN(__builtin_shufflevector(t, t, 0, 2, 4, 6)) * w00 +
                    REEL_WIDEN(__builtin_shufflevector(t, t, 1, 3, 5, 7)) * w01 +
                    REEL_WIDEN(__builtin_shufflevector(b, b, 0, 2, 4, 6)) * w10 +
                    REEL_WIDEN(__builtin_shufflevector(b, b, 1, 3, 5, 7)) * w11;
  reel_u16x16 sample = (sum + 128) >> 8;
  reel_u8x16 packed = __builtin_convertvector(sample, reel_u8x16);
  uint64_t low, high;
  memcpy(&low, &packed, 8);
  memcpy(&high, (const uint8_t *)&packed + 8, 8);
  if ((low & high & 0xFF000000FF000000ull) == 0xFF000000FF000000ull) {
    memcpy(target, &packed, 16);
    return;
  }
  reel_u32x4 old;
  memcpy(&old, target, 16);
  reel_u16x16 inverse = 255 - __builtin_shufflevector(sample, sample, 3, 3, 3, 3, 7, 7, 7, 7,
                                                      11, 11, 11, 11, 15, 15, 15, 15);
  reel_u16x16 scaled = REEL_WIDEN(old) * inverse;
  packed = __builtin_convertvector(sample + REEL_DIVIDE255(scaled), reel_u8x16);
  memcpy(target, &packed, 16);
}

/// Four pixels: samples at positions `*positionsU`, `*positionsV` (all interior) OVER
/// `target[0…3]`.
REEL_INLINE void blend_four(const uint32_t *source, intptr_t stride,
                            const reel_i64x4 *positionsU, const reel_i64x4 *positionsV,
                            uint32_t *target) {
  const reel_i64x4 us = *positionsU, vs = *positionsV;
  const reel_i64x4 index = (reel_i64x4)(((reel_u64x4)vs >> 24) * (uint64_t)stride) +
                           (reel_i64x4)((reel_u64x4)us >> 24);
  const reel_u16x16 x = REEL_FRACTIONS(us);
  const reel_u16x16 y = REEL_FRACTIONS(vs);
  blend_four_taps(source, stride, &index, &x, &y, target);
}

REEL_INLINE int64_t warp_over_interior(const uint32_t *source, intptr_t stride, int64_t width,
                                       int64_t height, uint32_t *target, int64_t count,
                                       reel_warp_stepper *stepper, intptr_t sourceAhead,
                                       intptr_t targetAhead, int grouped) {
  int64_t u = stepper->u, du = stepper->du, ddu = stepper->ddu;
  int64_t v = stepper->v, dv = stepper->dv, ddv = stepper->ddv;
  const uint64_t lastColumn = (uint64_t)(width - 1), lastRow = (uint64_t)(height - 1);
  int64_t done = 0;
  if (grouped && count >= 4 && ddu == 0 && dv == 0 && ddv == 0 &&
      (uint64_t)(v >> 24) < lastRow) {
    // A row of an axis-aligned scale: v is the same for every pixel, so the two source rows
    // and the vertical fraction are too; only u steps (by du, exactly as one at a time).
    const uint32_t *rows = source + (v >> 24) * stride;
    const reel_i64x4 lane = {0, 1, 2, 3};
    reel_i64x4 us = u + lane * du;
    const int64_t stepU = 4 * du;
    const reel_i64x4 vs = (reel_i64x4){0, 0, 0, 0} + v;
    const reel_u16x16 y = REEL_FRACTIONS(vs);
    const reel_u64x4 columns = (reel_u64x4){0, 0, 0, 0} + lastColumn;
    while (count - done >= 4) {
      const reel_u64x4 texels = (reel_u64x4)us >> 24;
      reel_i64x4 outside = (reel_i64x4)(texels >= columns);
      if (outside[0] | outside[1] | outside[2] | outside[3]) break;
      __builtin_prefetch((const void *)((uintptr_t)(rows + texels[0]) +
                                        (uintptr_t)sourceAhead * 4));
      __builtin_prefetch(
          (const void *)((uintptr_t)(target + done) + (uintptr_t)targetAhead * 4), 1);
      const reel_i64x4 index = (reel_i64x4)texels;
      const reel_u16x16 x = REEL_FRACTIONS(us);
      blend_four_taps(rows, stride, &index, &x, &y, target + done);
      us += stepU;
      done += 4;
    }
    // Back to one pixel at a time from the first pixel not done (du, dv unchanged).
    u = us[0];
  } else if (grouped && count >= 4) {
    // Lane k holds pixel k of each group of four. The positions are the quadratic
    // u + n·du + n(n−1)/2·ddu of the pixel index n, so each lane steps by its own first
    // difference (u[n+4] − u[n] = 4·du + (4k + 6)·ddu) and the common second difference
    // 16·ddu: the same integers as stepping one pixel at a time.
    const reel_i64x4 lane = {0, 1, 2, 3};
    reel_i64x4 us = u + lane * du + (lane * (lane - 1) / 2) * ddu;
    reel_i64x4 vs = v + lane * dv + (lane * (lane - 1) / 2) * ddv;
    reel_i64x4 stepU = 4 * du + (4 * lane + 6) * ddu;
    reel_i64x4 stepV = 4 * dv + (4 * lane + 6) * ddv;
    const int64_t secondU = 16 * ddu, secondV = 16 * ddv;
    const reel_u64x4 columns = (reel_u64x4){0, 0, 0, 0} + lastColumn;
    const reel_u64x4 rows = (reel_u64x4){0, 0, 0, 0} + lastRow;
    while (count - done >= 4) {
      reel_i64x4 outside = (reel_i64x4)((reel_u64x4)us >> 24 >= columns) |
                           (reel_i64x4)((reel_u64x4)vs >> 24 >= rows);
      if (outside[0] | outside[1] | outside[2] | outside[3]) break;
      // Warm the caches for a later destination row of this strip: the source texels it
      // will read (`sourceAhead` pixels from these) and its destination pixels.
      __builtin_prefetch((const void *)((uintptr_t)(source + (vs[0] >> 24) * stride +
                                                    (us[0] >> 24)) +
                                        (uintptr_t)sourceAhead * 4));
      __builtin_prefetch(
          (const void *)((uintptr_t)(target + done) + (uintptr_t)targetAhead * 4), 1);
      blend_four(source, stride, &us, &vs, target + done);
      us += stepU;
      vs += stepV;
      stepU += secondU;
      stepV += secondV;
      done += 4;
    }
    // Back to one pixel at a time from the first pixel not done.
    u = us[0];
    v = vs[0];
    du += done * ddu;
    dv += done * ddv;
  }
  while (done < count && is_interior(u, v, lastColumn, lastRow)) {
    blend_one(source, stride, u, v, target + done);
    u += du;
    du += ddu;
    v += dv;
    dv += ddv;
    done += 1;
  }
  stepper->u = u, stepper->du = du, stepper->v = v, stepper->dv = dv;
  return done;
}

static int64_t warp_over_interior_baseline(const uint32_t *source, intptr_t stride,
                                           int64_t width, int64_t height, uint32_t *target,
                                           int64_t count, reel_warp_stepper *stepper,
                                           intptr_t sourceAhead, intptr_t targetAhead) {
  return warp_over_interior(source, stride, width, height, target, count, stepper, sourceAhead,
                            targetAhead, 1);
}

static int64_t warp_over_interior_single(const uint32_t *source, intptr_t stride,
                                         int64_t width, int64_t height, uint32_t *target,
                                         int64_t count, reel_warp_stepper *stepper,
                                         intptr_t sourceAhead, intptr_t targetAhead) {
  return warp_over_interior(source, stride, width, height, target, count, stepper, sourceAhead,
                            targetAhead, 0);
}

#if defined(__x86_64__) && defined(__clang__)
#define REEL_WARP_HAS_AVX2 1
__attribute__((target("avx2"))) static int64_t warp_over_interior_avx2(
    const uint32_t *source, intptr_t stride, int64_t width, int64_t height, uint32_t *target,
    int64_t count, reel_warp_stepper *stepper, intptr_t sourceAhead,
    intptr_t targetAhead) {
  return warp_over_interior(source, stride, width, height, target, count, stepper, sourceAhead,
                            targetAhead, 1);
}
static int warp_has_avx2(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}
#endif

typedef int64_t (*reel_warp_kernel)(const uint32_t *, intptr_t, int64_t, int64_t, uint32_t *,
                                    int64_t, reel_warp_stepper *, intptr_t, intptr_t);

static reel_warp_kernel kernel_for(reel_warp_variant variant) {
  switch (variant) {
  case REEL_WARP_VARIANT_SINGLE:
    return warp_over_interior_single;
  case REEL_WARP_VARIANT_BASELINE:
    return warp_over_interior_baseline;
  case REEL_WARP_VARIANT_AVX2:
#ifdef REEL_WARP_HAS_AVX2
    return warp_has_avx2() ? warp_over_interior_avx2 : 0;
#else
    return 0;
#endif
  case REEL_WARP_VARIANT_BEST:
#ifdef REEL_WARP_HAS_AVX2
    if (warp_has_avx2()) return warp_over_interior_avx2;
#endif
    return warp_over_interior_baseline;
  }
  return 0;
}

int reel_warp_variant_available(reel_warp_variant variant) { return kernel_for(variant) != 0; }

int64_t reel_warp_over_interior_variant(reel_warp_variant variant, const uint32_t *source,
                                        intptr_t stride, int64_t width, int64_t height,
                                        uint32_t *target, int64_t count,
                                        reel_warp_stepper *stepper, intptr_t sourceAhead,
                                        intptr_t targetAhead) {
  reel_warp_kernel kernel = kernel_for(variant);
  return kernel ? kernel(source, stride, width, height, target, count, stepper, sourceAhead,
                         targetAhead)
                : 0;
}

int64_t reel_warp_over_interior(const uint32_t *source, intptr_t stride, int64_t width,
                                int64_t height, uint32_t *target, int64_t count,
                                reel_warp_stepper *stepper, intptr_t sourceAhead,
                                intptr_t targetAhead) {
#ifdef REEL_WARP_HAS_AVX2
  if (warp_has_avx2())
    return warp_over_interior_avx2(source, stride, width, height, target, count, stepper,
                                   sourceAhead, targetAhead);
#endif
  return warp_over_interior_baseline(source, stride, width, height, target, count, stepper,
                                     sourceAhead, targetAhead);
}
