// Compositing straight into 8-bit 4:2:0 limited-range Y'CbCr planes (YUVCompositor.swift):
// premultiplied BGRA overlays and solid rectangles blended OVER the planes, bilinear scaling of
// a plane, and cross-fading two planes. Plain C loops the compiler vectorizes, built twice
// (baseline and AVX2, chosen at run time) like yuv_kernels.c. All arithmetic is integer, so
// both builds give the same bytes.
#ifndef REEL_YUV_COMPOSITE_H
#define REEL_YUV_COMPOSITE_H
#include <stdint.h>

/// One picture's planes as the kernels see them.
typedef struct {
  uint8_t *luma;
  intptr_t lumaStride;
  uint8_t *cb;
  uint8_t *cr;
  intptr_t chromaStride;
  /// Picture size in pixels (luma samples).
  int32_t width, height;
} reel_yuv_planes;

/// Fixed-point weights for blending a premultiplied BGRA overlay at some opacity.
/// `alpha` = round(opacity · 2^20 / 255), so A · alpha is the pixel's coverage in units of
/// 2^-20. The colour coefficients already include the opacity, in units of 2^-16:
/// y* = (219/255)·K·opacity, cb* = (224/255)/(2(1 − Kb))·(…)·opacity, likewise cr*, so that
/// Y' = yr·R + yg·G + yb·B and chroma = cbr·R + cbg·G + cbb·B (without the offsets).
typedef struct {
  int32_t alpha;
  int32_t yr, yg, yb;
  int32_t cbr, cbg, cbb;
  int32_t crr, crg, crb;
} reel_yuv_blend_coefficients;

/// Blends the premultiplied BGRA `overlay` (rows `overlayStride` bytes apart) OVER `planes`
/// with the overlay's top-left pixel at picture pixel (`originX`, `originY`), touching only
/// picture pixels in the rectangle [x0, x1) × [y0, y1). The caller has intersected that
/// rectangle with the picture and the overlay, and it is not empty.
///
/// Luma: Y = (Yd · (2^20 − A·alpha) + 16 · A·alpha + 16 · (yr·R + yg·G + yb·B) + 2^19) >> 20.
/// Chroma of each 2×2 block: the same with the block's summed A, R, G, B (pixels outside the
/// rectangle count 0) scaled by 4 / (pixels of the block inside the picture), in units of
/// 2^-22 instead of 2^-20. Runs of 8 pixels (4 blocks) whose alpha is all zero are skipped.
void reel_yuv_blend_image(reel_yuv_planes planes, const uint8_t *overlay, intptr_t overlayStride,
                          int32_t originX, int32_t originY, int32_t x0, int32_t y0, int32_t x1,
                          int32_t y1, const reel_yuv_blend_coefficients *k);

/// Fixed-point terms for a solid-colour rectangle: sample = (old · inverse + add) >> shift
/// with shift 20 for luma and 22 for chroma; `add` includes the rounding half. Chroma terms
/// are indexed by the block's coverage: [0] whole block, [1] half, [2] a quarter.
typedef struct {
  int32_t lumaInverse, lumaAdd;
  int32_t chromaInverse[3], cbAdd[3], crAdd[3];
} reel_yuv_fill_terms;

/// Fills the rectangle [x0, x1) × [y0, y1) (inside the picture, not empty) using `terms`.
/// When an inverse is 0 the samples are set directly (memset) without reading them.
void reel_yuv_fill(reel_yuv_planes planes, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                   const reel_yuv_fill_terms *terms);

/// Replaces the rectangle [x, x + width) × [y, y + height) of `destination` (x and y even;
/// width and height even or reaching the picture's edge; inside the picture) with `source`
/// resampled bilinearly, each plane at its own size: destination sample (i, j) of a plane
/// takes the source position ((i + ½)·sourceWidth/width − ½, (j + ½)·sourceHeight/height − ½),
/// clamped to the edge samples, with 8-bit fractional weights and one rounding. Planes of
/// equal size are copied row by row. Returns 0 when scratch memory could not be allocated
/// (nothing written), 1 otherwise.
int reel_yuv_scale(reel_yuv_planes source, reel_yuv_planes destination, int32_t x, int32_t y,
                   int32_t width, int32_t height);

/// Cross-fades one plane: destination = bottom + ((top − bottom) · weight + 2^14) >> 15
/// (arithmetic shift, so rounded half up), with `weight` = round(α · 2^15) in 0…32768.
/// `destination` may equal `top` or `bottom`.
void reel_yuv_mix_plane(const uint8_t *top, intptr_t topStride, const uint8_t *bottom,
                        intptr_t bottomStride, uint8_t *destination, intptr_t destinationStride,
                        int32_t width, int32_t height, int32_t weight);

#endif
