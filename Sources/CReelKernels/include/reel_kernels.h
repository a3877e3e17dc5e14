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

#endif
