// The filter engine's pixel loops (ReelFilters): conversions between 8-bit premultiplied
// sRGB and premultiplied linear float RGBA, and the separable passes of its blurs. Plain C
// that the compiler vectorizes; the Swift form of the same loops spent most of its time in
// checked float-to-integer conversions and per-pixel calls (docs/filters.md "Speed").
// A pixel is four floats (red, green, blue, alpha), premultiplied, linear light.
#ifndef REEL_FILTER_KERNELS_H
#define REEL_FILTER_KERNELS_H
#include <stdint.h>

/// The sRGB curve as tables (TransferFunction.swift): `decode256[level]` is linear light for
/// an 8-bit level; `decodeCurve` holds linear light at encoded steps of 1/`decodeSteps` up to
/// `decodeCurveCount` entries; `encodeCurve` holds the encoded value at linear steps of
/// 1/`encodeSteps` (encodeSteps + 2 entries) and `encodeLevels` the nearest 8-bit level
/// (encodeSteps + 1 entries).
typedef struct {
  const float *decode256;
  const float *decodeCurve;
  int32_t decodeSteps;
  int32_t decodeCurveCount;
  const float *encodeCurve;
  const uint8_t *encodeLevels;
  int32_t encodeSteps;
} reel_transfer_tables;

/// 8-bit premultiplied BGRA → premultiplied linear RGBA floats, `count` pixels.
void reel_filter_decode_bgra(const uint8_t *bgra, float *rgba, int count,
                             const reel_transfer_tables *tables);

/// Premultiplied linear RGBA floats → 8-bit premultiplied BGRA, `count` pixels: alpha
/// clamped to 0…1 and rounded; colour unpremultiplied, clamped, encoded, premultiplied by
/// the 8-bit alpha and rounded (opaque pixels through the nearest-level table).
void reel_filter_encode_bgra(const float *rgba, uint8_t *bgra, int count,
                             const reel_transfer_tables *tables);

/// `count` pixels of a row of 8-bit premultiplied BGRA (`width` pixels) decoded as
/// `reel_filter_decode_bgra` does, pixel i being row pixel clamp(first + i, 0, width − 1): the
/// row's ends extended outward.
void reel_filter_decode_clamped_row(const uint8_t *row, int width, int first, int count,
                                    float *rgba, const reel_transfer_tables *tables);

/// `width` pixels of 8-bit premultiplied BGRA interpolated from a row of samples and encoded:
/// pixel c is Σₖ source[index[c] − 1 + k] · weights[4c + k], k = 0…3 (the sums of
/// `reel_filter_interpolate_row`), encoded as `reel_filter_encode_bgra` does.
void reel_filter_interpolate_encode_row(const float *source, uint8_t *bgra, int width,
                                        const int32_t *index, const float *weights,
                                        const reel_transfer_tables *tables);

/// One row of `width` pixels filtered with [1 4 6 4 1]/16 and every other pixel kept:
/// `halfWidth` pixels, pixel j centred on source pixel 2j; beyond the row transparent black.
void reel_filter_halve_row(const float *source, int width, float *target, int halfWidth);

/// target[i] += source[i] · weight for `count` floats.
void reel_filter_accumulate(float *target, const float *source, float weight, int count);

/// `width` pixels of a row convolved with `taps` weights. Unpadded, `source` has
/// width + taps − 1 pixels and pixel c reads c … c + taps − 1. Padded, `source` has
/// `width` pixels, pixel c reads c − taps/2 … c + taps/2, and reads beyond it are zero.
void reel_filter_convolve_row(const float *source, float *target, int width,
                              const float *weights, int taps, int padded);

/// `width` pixels interpolated from a row of samples: pixel c is
/// Σₖ source[index[c] − 1 + k] · weights[4c + k], k = 0…3.
void reel_filter_interpolate_row(const float *source, float *target, int width,
                                 const int32_t *index, const float *weights);

/// target[i] = Σₖ rows[k][i] · weights[k], k = 0…3, for `count` floats.
void reel_filter_combine4(float *target, const float *row0, const float *row1, const float *row2,
                          const float *row3, const float *weights, int count);

/// Opaque 8-bit BGRA pixels through a colour table: `cube` holds size³ outputs — encoded
/// colour (not premultiplied, not clamped) and alpha — for the encoded inputs
/// (r, g, b) = (i, j, k) / (size − 1), red fastest (index (k·size + j)·size + i); each pixel is
/// the trilinear interpolation of its cell, decoded to linear light and premultiplied.
/// Pixels that are not opaque are decoded as `reel_filter_decode_bgra` does and flagged in
/// `notOpaque` (1), for the caller to apply the exact colour operations; the others get 0.
void reel_filter_apply_color_table(const uint8_t *bgra, float *rgba, uint8_t *notOpaque,
                                   int count, const float *cube, int size,
                                   const reel_transfer_tables *tables);

/// A look straight from 8-bit to 8-bit, for opaque pixels: each pixel's encoded colour
/// through the affine map `affine` when given (16 floats: the output (r, g, b, a) for black,
/// then its change per unit of encoded red, green and blue input), else through the colour
/// table `cube` (as `reel_filter_apply_color_table`), else as it is; then, with `gains`, its
/// linear light multiplied by `gains[i]` (`encodedGains[i]` is gains[i]^(1/2.4), for the
/// curve's power part) and encoded again; written opaque to `target` (BGRA). Pixels that are
/// not opaque, or whose alpha the table changes, are left for the caller and flagged in
/// `notOpaque` (1); returns how many. `target` may be `source` (a look written over its
/// picture). With AVX2, opaque pixels through the affine map (or none) go 8 at a time.
int reel_filter_look_row(const uint8_t *source, uint8_t *target, uint8_t *notOpaque, int count,
                         const float *cube, int size, const float *affine, const float *gains,
                         const float *encodedGains, const reel_transfer_tables *tables);

#endif
