// Reel's pixel-conversion kernels: plain C loops that the compiler vectorizes, built twice
// (baseline x86-64 or the host's default, and AVX2 chosen at run time where available).
// Swift's SIMD type conversions (integer ↔ float, narrowing) compile to per-lane calls, which
// made a Swift version of these loops ~50× slower; see YUVKernels.swift.
#ifndef REEL_KERNELS_H
#define REEL_KERNELS_H
#include <stdint.h>

/// Fixed-point BGRA → limited-range Y'CbCr coefficients (16 fractional bits).
/// Y' = (yr·R + yg·G + yb·B + yOffset) >> 16 per pixel; chroma from the SUM of a 2×2 block:
/// C = (r·ΣR + g·ΣG + b·ΣB + offset) >> 18. Offsets include the rounding half.
typedef struct {
  int32_t yr, yg, yb, yOffset;
  int32_t cbr, cbg, cbb, crr, crg, crb, chromaOffset;
} reel_encode_coefficients;

/// Fixed-point Y'CbCr → RGB coefficients (16 fractional bits). H is 8 × the interpolated
/// chroma sample; channel = (luma·Y + f·H… + offset) >> 16, clamped to 0…255.
typedef struct {
  int32_t luma, redFromCr, greenFromCb, greenFromCr, blueFromCb;
  int32_t redOffset, greenOffset, blueOffset;
} reel_decode_coefficients;

/// Converts two BGRA rows (`bottom` may equal `top`) into two luma rows (`bottomLuma` may
/// equal `topLuma`, then written twice with the same values) and one Cb and one Cr row.
void reel_encode_row_pair(const uint8_t *top, const uint8_t *bottom, uint8_t *topLuma,
                          uint8_t *bottomLuma, uint8_t *cb, uint8_t *cr, int width,
                          const reel_encode_coefficients *k);

/// Converts one row of 4:2:0 samples into BGRA (alpha 255). `nearCb`/`farCb` (and Cr) are the
/// chroma rows weighted 3:1 vertically; chroma is interpolated 1:1 horizontally on odd
/// columns (left-sited), the last chroma column repeated.
void reel_decode_row(const uint8_t *luma, const uint8_t *nearCb, const uint8_t *farCb,
                     const uint8_t *nearCr, const uint8_t *farCr, uint8_t *bgra, int width,
                     const reel_decode_coefficients *k);

/// Sample positions along a run of destination pixels (PerspectiveWarp.swift): 24-bit
/// fixed-point texel coordinates relative to texel centres, stepped per pixel by second-order
/// forward differences (u += du, du += ddu; the same for v).
typedef struct {
  int64_t u, du, ddu, v, dv, ddv;
} reel_warp_stepper;

/// Builds of the warp kernel (for tests that check they agree; use `reel_warp_over_interior`).
typedef enum {
  /// The best build for this CPU.
  REEL_WARP_VARIANT_BEST = 0,
  /// The baseline build (SSE2 on x86-64), four pixels per step.
  REEL_WARP_VARIANT_BASELINE = 1,
  /// The AVX2 build, four pixels per step (x86-64 with AVX2 only).
  REEL_WARP_VARIANT_AVX2 = 2,
  /// One pixel per step, scalar.
  REEL_WARP_VARIANT_SINGLE = 3,
} reel_warp_variant;

/// Composites bilinear samples of premultiplied BGRA `source` (`width` × `height`, rows
/// `stride` pixels apart) OVER `target[0…count)` at full opacity, taking the positions from
/// `stepper`, for as long as every tap of the next position lies inside the source (texel
/// column < width − 1 and row < height − 1). Returns the number of pixels done and leaves
/// `stepper` at the first pixel not done. Weights are the 8-bit fractions (w11 = fx·fy >> 8),
/// the sample is rounded to 8 bits, and OVER rounds exactly: s + round(d·(255 − sa)/255).
/// `sourceAhead` and `targetAhead` (in pixels, may be 0) point from the pixels being done to
/// those a later call will need (a later row of a strip); they are only prefetched.
int64_t reel_warp_over_interior(const uint32_t *source, intptr_t stride, int64_t width,
                                int64_t height, uint32_t *target, int64_t count,
                                reel_warp_stepper *stepper, intptr_t sourceAhead,
                                intptr_t targetAhead);

/// `reel_warp_over_interior` with a chosen build; does nothing and returns 0 when `variant`
/// is not available on this CPU (see `reel_warp_variant_available`).
int64_t reel_warp_over_interior_variant(reel_warp_variant variant, const uint32_t *source,
                                        intptr_t stride, int64_t width, int64_t height,
                                        uint32_t *target, int64_t count,
                                        reel_warp_stepper *stepper, intptr_t sourceAhead,
                                        intptr_t targetAhead);

/// Whether a build of the warp kernel runs on this CPU (1) or not (0).
int reel_warp_variant_available(reel_warp_variant variant);

#endif
