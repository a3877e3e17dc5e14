#include "reel_filter_kernels.h"

#include <math.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define REEL_INLINE static inline __attribute__((always_inline))

/// `value` clamped to 0…1; NaN (from a filter's maths) becomes 0, so that no table index
/// made from it can leave its table.
REEL_INLINE float clamp01(float value) {
  return value > 0.0f ? (value < 1.0f ? value : 1.0f) : 0.0f;
}

/// The decoding table in local variables, so that loops keep it in registers.
typedef struct {
  const float *curve;
  float steps;
  float last;
} decode_curve;

REEL_INLINE decode_curve decode_curve_of(const reel_transfer_tables *t) {
  decode_curve curve = {t->decodeCurve, (float)t->decodeSteps, (float)(t->decodeCurveCount - 2)};
  return curve;
}

/// Linear light for an encoded value: the toe exact, then the table, then the formula.
REEL_INLINE float linear_from(float encoded, decode_curve curve) {
  if (!(encoded > 0.04045f)) return encoded != encoded ? 0.0f : encoded / 12.92f;
  float position = encoded * curve.steps;
  if (position >= curve.last) return powf((encoded + 0.055f) / 1.055f, 2.4f);
  int index = (int)position;
  float fraction = position - (float)index;
  return curve.curve[index] + (curve.curve[index + 1] - curve.curve[index]) * fraction;
}

REEL_INLINE float linear_of(float encoded, const reel_transfer_tables *t) {
  return linear_from(encoded, decode_curve_of(t));
}

/// The encoded value (0…1) of linear light, clamped to 0…1 first.
REEL_INLINE float encoded_of(float linear, const reel_transfer_tables *t) {
  float position = clamp01(linear) * (float)t->encodeSteps;
  int index = (int)position;
  float fraction = position - (float)index;
  return t->encodeCurve[index] + (t->encodeCurve[index + 1] - t->encodeCurve[index]) * fraction;
}

void reel_filter_decode_bgra(const uint8_t *restrict bgra, float *restrict rgba, int count,
                             const reel_transfer_tables *t) {
  const float *restrict table = t->decode256;
  for (int i = 0; i < count; i++) {
    const uint8_t *p = bgra + 4 * i;
    float *out = rgba + 4 * i;
    const uint8_t alpha = p[3];
    if (alpha == 255) {
      out[0] = table[p[2]];
      out[1] = table[p[1]];
      out[2] = table[p[0]];
      out[3] = 1.0f;
    } else if (alpha == 0) {
      out[0] = out[1] = out[2] = out[3] = 0.0f;
    } else {
      float a = (float)alpha / 255.0f;
      float inverse = 1.0f / (float)alpha;
      out[0] = linear_of((float)p[2] * inverse, t) * a;
      out[1] = linear_of((float)p[1] * inverse, t) * a;
      out[2] = linear_of((float)p[0] * inverse, t) * a;
      out[3] = a;
    }
  }
}

void reel_filter_encode_bgra(const float *restrict rgba, uint8_t *restrict bgra, int count,
                             const reel_transfer_tables *t) {
  const uint8_t *restrict levels = t->encodeLevels;
  const float steps = (float)t->encodeSteps;
  for (int i = 0; i < count; i++) {
    const float *in = rgba + 4 * i;
    uint8_t *p = bgra + 4 * i;
    const float alpha = clamp01(in[3]);
    if (alpha >= 1.0f - 0.5f / 255.0f) {
      p[0] = levels[(int)(clamp01(in[2]) * steps + 0.5f)];
      p[1] = levels[(int)(clamp01(in[1]) * steps + 0.5f)];
      p[2] = levels[(int)(clamp01(in[0]) * steps + 0.5f)];
      p[3] = 255;
      continue;
    }
    int alphaLevel = (int)(alpha * 255.0f + 0.5f);
    if (alphaLevel == 0) {
      p[0] = p[1] = p[2] = p[3] = 0;
      continue;
    }
    float scale = (float)alphaLevel;
    for (int c = 0; c < 3; c++) {
      float level = encoded_of(in[2 - c] / alpha, t) * scale + 0.5f;
      p[c] = (uint8_t)(level > 0.0f ? (level < scale ? (int)level : (int)scale) : 0);
    }
    p[3] = (uint8_t)alphaLevel;
  }
}

void reel_filter_decode_clamped_row(const uint8_t *restrict row, int width, int first,
                                    int count, float *restrict rgba,
                                    const reel_transfer_tables *t) {
  if (width <= 0 || count <= 0) return;
  // Output pixels [0, before) repeat row pixel 0, [after, count) repeat pixel width − 1.
  int before = -first;
  before = before < 0 ? 0 : (before > count ? count : before);
  int after = width - first;
  after = after < before ? before : (after > count ? count : after);
  if (after > before) {
    reel_filter_decode_bgra(row + 4 * (first + before), rgba + 4 * before, after - before, t);
  }
  if (before > 0) {
    float edge[4];
    reel_filter_decode_bgra(row, edge, 1, t);
    for (int i = 0; i < before; i++) {
      for (int c = 0; c < 4; c++) rgba[4 * i + c] = edge[c];
    }
  }
  if (after < count) {
    float edge[4];
    reel_filter_decode_bgra(row + 4 * (width - 1), edge, 1, t);
    for (int i = after; i < count; i++) {
      for (int c = 0; c < 4; c++) rgba[4 * i + c] = edge[c];
    }
  }
}

void reel_filter_interpolate_encode_row(const float *restrict source, uint8_t *restrict bgra,
                                        int width, const int32_t *restrict index,
                                        const float *restrict weights,
                                        const reel_transfer_tables *t) {
  const uint8_t *restrict levels = t->encodeLevels;
  const float steps = (float)t->encodeSteps;
  const float opaque = 1.0f - 0.5f / 255.0f;
  for (int x = 0; x < width; x++) {
    const float *s = source + 4 * (index[x] - 1);
    const float *w = weights + 4 * x;
    uint8_t *out = bgra + 4 * x;
#if defined(__SSE2__)
    __m128 value = _mm_add_ps(
        _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_loadu_ps(s), _mm_set1_ps(w[0])),
                              _mm_mul_ps(_mm_loadu_ps(s + 4), _mm_set1_ps(w[1]))),
                   _mm_mul_ps(_mm_loadu_ps(s + 8), _mm_set1_ps(w[2]))),
        _mm_mul_ps(_mm_loadu_ps(s + 12), _mm_set1_ps(w[3])));
    float pixel[4];
    _mm_storeu_ps(pixel, value);
    if (pixel[3] >= opaque) {
      // Clamped to 0…1 (NaN to 0) and scaled to the table's steps in one go.
      __m128 position = _mm_add_ps(
          _mm_mul_ps(_mm_min_ps(_mm_max_ps(value, _mm_setzero_ps()), _mm_set1_ps(1.0f)),
                     _mm_set1_ps(steps)),
          _mm_set1_ps(0.5f));
      int32_t at[4];
      _mm_storeu_si128((__m128i *)at, _mm_cvttps_epi32(position));
      out[0] = levels[at[2]];
      out[1] = levels[at[1]];
      out[2] = levels[at[0]];
      out[3] = 255;
      continue;
    }
#else
    float pixel[4];
    for (int c = 0; c < 4; c++) {
      pixel[c] = s[c] * w[0] + s[4 + c] * w[1] + s[8 + c] * w[2] + s[12 + c] * w[3];
    }
    if (pixel[3] >= opaque) {
      out[0] = levels[(int)(clamp01(pixel[2]) * steps + 0.5f)];
      out[1] = levels[(int)(clamp01(pixel[1]) * steps + 0.5f)];
      out[2] = levels[(int)(clamp01(pixel[0]) * steps + 0.5f)];
      out[3] = 255;
      continue;
    }
#endif
    reel_filter_encode_bgra(pixel, out, 1, t);
  }
}

void reel_filter_halve_row(const float *source, int width, float *target, int halfWidth) {
  const float w0 = 1.0f / 16.0f, w1 = 4.0f / 16.0f, w2 = 6.0f / 16.0f;
  for (int j = 0; j < halfWidth; j++) {
    int centre = 2 * j;
    float *out = target + 4 * j;
    if (centre >= 2 && centre + 2 < width) {
      const float *s = source + 4 * (centre - 2);
      for (int c = 0; c < 4; c++) {
        out[c] = (s[c] + s[16 + c]) * w0 + (s[4 + c] + s[12 + c]) * w1 + s[8 + c] * w2;
      }
    } else {
      const float weights[5] = {w0, w1, w2, w1, w0};
      for (int c = 0; c < 4; c++) out[c] = 0.0f;
      for (int k = 0; k < 5; k++) {
        int x = centre + k - 2;
        if (x < 0 || x >= width) continue;
        for (int c = 0; c < 4; c++) out[c] += source[4 * x + c] * weights[k];
      }
    }
  }
}

void reel_filter_accumulate(float *restrict target, const float *restrict source, float weight,
                            int count) {
  for (int i = 0; i < count; i++) target[i] += source[i] * weight;
}

void reel_filter_convolve_row(const float *restrict source, float *restrict target, int width,
                              const float *restrict weights, int taps, int padded) {
  int radius = taps / 2;
  for (int x = 0; x < width; x++) {
    float r = 0, g = 0, b = 0, a = 0;
    int first = 0, last = taps;
    const float *base = source + 4 * x;
    if (padded) {
      base -= 4 * radius;
      if (x < radius) first = radius - x;
      if (width - x + radius < last) last = width - x + radius;
    }
    for (int k = first; k < last; k++) {
      const float *s = base + 4 * k;
      float w = weights[k];
      r += s[0] * w;
      g += s[1] * w;
      b += s[2] * w;
      a += s[3] * w;
    }
    float *out = target + 4 * x;
    out[0] = r;
    out[1] = g;
    out[2] = b;
    out[3] = a;
  }
}

void reel_filter_interpolate_row(const float *restrict source, float *restrict target, int width,
                                 const int32_t *restrict index, const float *restrict weights) {
  for (int x = 0; x < width; x++) {
    const float *s = source + 4 * (index[x] - 1);
    const float *w = weights + 4 * x;
    for (int c = 0; c < 4; c++) {
      target[4 * x + c] = s[c] * w[0] + s[4 + c] * w[1] + s[8 + c] * w[2] + s[12 + c] * w[3];
    }
  }
}

void reel_filter_combine4(float *restrict target, const float *restrict row0,
                          const float *restrict row1, const float *restrict row2,
                          const float *restrict row3, const float *restrict weights, int count) {
  const float w0 = weights[0], w1 = weights[1], w2 = weights[2], w3 = weights[3];
  for (int i = 0; i < count; i++) {
    target[i] = row0[i] * w0 + row1[i] * w1 + row2[i] * w2 + row3[i] * w3;
  }
}

/// The trilinear interpolation of `cube` (size³ encoded outputs + alpha, red fastest) at an
/// opaque 8-bit colour, into `value`: no branches, so that the colours of a picture cost the
/// same whatever their order; the four channels of a corner in one SSE register on x86-64.
/// Each step is a + (b − a)·t, the order ColorTable.swift's check uses.
REEL_INLINE void interpolate_cube(const uint8_t *p, const float *cube, int size,
                                  float value[4]) {
  const float toPosition = (float)(size - 1) / 255.0f;
  const int strideG = 4 * size, strideB = 4 * size * size;
  float pr = (float)p[2] * toPosition, pg = (float)p[1] * toPosition,
        pb = (float)p[0] * toPosition;
  int ir = (int)pr, ig = (int)pg, ib = (int)pb;
  ir = ir < size - 2 ? ir : size - 2;
  ig = ig < size - 2 ? ig : size - 2;
  ib = ib < size - 2 ? ib : size - 2;
  float fr = pr - (float)ir, fg = pg - (float)ig, fb = pb - (float)ib;
  const float *c = cube + ib * strideB + ig * strideG + 4 * ir;
#if defined(__SSE2__)
  const __m128 tr = _mm_set1_ps(fr), tg = _mm_set1_ps(fg), tb = _mm_set1_ps(fb);
#define REEL_LERP(a, b, t) _mm_add_ps((a), _mm_mul_ps(_mm_sub_ps((b), (a)), (t)))
  __m128 c00 = REEL_LERP(_mm_loadu_ps(c), _mm_loadu_ps(c + 4), tr);
  __m128 c10 = REEL_LERP(_mm_loadu_ps(c + strideG), _mm_loadu_ps(c + strideG + 4), tr);
  __m128 c01 = REEL_LERP(_mm_loadu_ps(c + strideB), _mm_loadu_ps(c + strideB + 4), tr);
  __m128 c11 = REEL_LERP(_mm_loadu_ps(c + strideB + strideG),
                         _mm_loadu_ps(c + strideB + strideG + 4), tr);
  __m128 near = REEL_LERP(c00, c10, tg), far = REEL_LERP(c01, c11, tg);
  _mm_storeu_ps(value, REEL_LERP(near, far, tb));
#undef REEL_LERP
#else
  for (int k = 0; k < 4; k++) {
    float c00 = c[k] + (c[4 + k] - c[k]) * fr;
    float c10 = c[strideG + k] + (c[strideG + 4 + k] - c[strideG + k]) * fr;
    float c01 = c[strideB + k] + (c[strideB + 4 + k] - c[strideB + k]) * fr;
    float c11 = c[strideB + strideG + k] +
                (c[strideB + strideG + 4 + k] - c[strideB + strideG + k]) * fr;
    float near = c00 + (c10 - c00) * fg, far = c01 + (c11 - c01) * fg;
    value[k] = near + (far - near) * fb;
  }
#endif
}

/// The encoded value of a colour channel whose linear light is multiplied by `gain`, computed
/// on encoded values: on the sRGB curve's power part, (v + 0.055)/1.055 raised to 2.4 times
/// the gain, encoded again, is (v + 0.055)·gain^(1/2.4) − 0.055 (`encodedGain`); on its linear
/// toe, v·gain. Exact while the value stays on the same part of the curve (`*stays`), which
/// the caller checks before using it.
REEL_INLINE float gained_encoded(float value, float gain, float encodedGain, int *stays) {
  int power = value > 0.04045f;
  float result = power ? (value + 0.055f) * encodedGain - 0.055f : value * gain;
  *stays &= power == (result > 0.04045f);
  return result;
}

#if defined(__SSE2__)
/// The colour step of a look for one opaque pixel, in the lanes (blue, green, red, alpha).
REEL_INLINE __m128 look_colour(const uint8_t *p, const float *cube, int size, int affine,
                               __m128 offset, __m128 fromBlue, __m128 fromGreen,
                               __m128 fromRed) {
  if (affine) {
    const float toUnit = 1.0f / 255.0f;
    return _mm_add_ps(
        offset, _mm_add_ps(_mm_mul_ps(fromBlue, _mm_set1_ps((float)p[0] * toUnit)),
                           _mm_add_ps(_mm_mul_ps(fromGreen, _mm_set1_ps((float)p[1] * toUnit)),
                                      _mm_mul_ps(fromRed, _mm_set1_ps((float)p[2] * toUnit)))));
  }
  if (cube) {
    float value[4];
    interpolate_cube(p, cube, size, value);
    return _mm_setr_ps(value[2], value[1], value[0], value[3]);
  }
  const __m128i zero = _mm_setzero_si128();
  __m128i bytes = _mm_cvtsi32_si128((int)((uint32_t)p[0] | (uint32_t)p[1] << 8 |
                                          (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24));
  return _mm_mul_ps(
      _mm_cvtepi32_ps(_mm_unpacklo_epi16(_mm_unpacklo_epi8(bytes, zero), zero)),
      _mm_set1_ps(1.0f / 255.0f));
}
#endif

/// `reel_filter_look_row` one pixel at a time; returns how many pixels it flagged.
static int look_pixels(const uint8_t *source, uint8_t *target, uint8_t *restrict notOpaque,
                       int count, const float *restrict cube, int size,
                       const float *restrict affine, const float *restrict gains,
                       const float *restrict encodedGains, const reel_transfer_tables *tables) {
  int flagged = 0;
  const uint8_t *restrict levels = tables->encodeLevels;
  const float steps = (float)tables->encodeSteps;
  const decode_curve curve = decode_curve_of(tables);
#if defined(__SSE2__)
  const __m128 toe = _mm_set1_ps(0.04045f), offset = _mm_set1_ps(0.055f),
               zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f), scale = _mm_set1_ps(255.0f),
               half = _mm_set1_ps(0.5f);
  __m128 constant = zero, fromBlue = zero, fromGreen = zero, fromRed = zero;
  if (affine) {
    constant = _mm_setr_ps(affine[2], affine[1], affine[0], affine[3]);
    fromRed = _mm_setr_ps(affine[6], affine[5], affine[4], affine[7]);
    fromGreen = _mm_setr_ps(affine[10], affine[9], affine[8], affine[11]);
    fromBlue = _mm_setr_ps(affine[14], affine[13], affine[12], affine[15]);
  }
#endif
  for (int i = 0; i < count; i++) {
    const uint8_t *p = source + 4 * i;
    uint8_t *out = target + 4 * i;
    if (p[3] != 255) {
      notOpaque[i] = 1;
      flagged++;
      continue;
    }
    notOpaque[i] = 0;
#if defined(__SSE2__)
    __m128 v = look_colour(p, cube, size, affine != 0, constant, fromBlue, fromGreen, fromRed);
    if (!affine && cube && _mm_cvtss_f32(_mm_shuffle_ps(v, v, _MM_SHUFFLE(3, 3, 3, 3))) < 1.0f) {
      // The look changed the alpha: the caller does this pixel exactly.
      notOpaque[i] = 1;
      flagged++;
      continue;
    }
    if (gains) {
      const float gain = gains[i], encodedGain = encodedGains[i];
      __m128 power = _mm_sub_ps(_mm_mul_ps(_mm_add_ps(v, offset), _mm_set1_ps(encodedGain)), offset);
      __m128 toeGained = _mm_mul_ps(v, _mm_set1_ps(gain));
      __m128 onPower = _mm_cmpgt_ps(v, toe);
      __m128 gained = _mm_or_ps(_mm_and_ps(onPower, power), _mm_andnot_ps(onPower, toeGained));
      int stays = _mm_movemask_ps(_mm_xor_ps(onPower, _mm_cmple_ps(gained, toe)));
      if ((stays & 7) != 7 || !(gain > 0.0f)) {
        // Across the curve's two parts (or a gain that is not positive): through linear light.
        float value[4];
        _mm_storeu_ps(value, v);
        for (int c = 0; c < 3; c++) {
          float linear = linear_from(value[c], curve) * gain;
          out[c] = levels[(int)(clamp01(linear) * steps + 0.5f)];
        }
        out[3] = 255;
        continue;
      }
      v = gained;
    }
    __m128i level = _mm_cvttps_epi32(
        _mm_add_ps(_mm_mul_ps(_mm_min_ps(_mm_max_ps(v, zero), one), scale), half));
    level = _mm_packs_epi32(level, level);
    level = _mm_packus_epi16(level, level);
    uint32_t word = (uint32_t)_mm_cvtsi128_si32(level);
    out[0] = (uint8_t)word;
    out[1] = (uint8_t)(word >> 8);
    out[2] = (uint8_t)(word >> 16);
    out[3] = 255;
#else
    float value[4];
    if (affine) {
      const float r = (float)p[2] / 255.0f, g = (float)p[1] / 255.0f, b = (float)p[0] / 255.0f;
      for (int c = 0; c < 4; c++) {
        value[c] = affine[c] + affine[4 + c] * r + affine[8 + c] * g + affine[12 + c] * b;
      }
    } else if (cube) {
      interpolate_cube(p, cube, size, value);
      if (value[3] < 1.0f) {
        notOpaque[i] = 1;
        flagged++;
        continue;
      }
    } else {
      value[0] = (float)p[2] / 255.0f;
      value[1] = (float)p[1] / 255.0f;
      value[2] = (float)p[0] / 255.0f;
      value[3] = 1.0f;
    }
    if (gains) {
      const float gain = gains[i], encodedGain = encodedGains[i];
      int stays = gain > 0.0f;
      float gained[3];
      for (int c = 0; c < 3; c++) gained[c] = gained_encoded(value[c], gain, encodedGain, &stays);
      if (!stays) {
        for (int c = 0; c < 3; c++) {
          float linear = linear_from(value[c], curve) * gain;
          out[2 - c] = levels[(int)(clamp01(linear) * steps + 0.5f)];
        }
        out[3] = 255;
        continue;
      }
      for (int c = 0; c < 3; c++) value[c] = gained[c];
    }
    for (int c = 0; c < 3; c++) out[2 - c] = (uint8_t)(clamp01(value[c]) * 255.0f + 0.5f);
    out[3] = 255;
#endif
  }
  return flagged;
}

#if defined(__x86_64__) && defined(__clang__)
#include <immintrin.h>
#include <string.h>
#define REEL_FILTER_HAS_AVX2 1

static int filter_has_avx2_fma(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

/// The linear-light gain of `look_pixels` on the encoded values of 8 pixels of one channel;
/// sets `*fails` when a value crosses between the sRGB curve's two parts.
__attribute__((target("avx2,fma"))) static inline __m256 gained_avx2(__m256 value, __m256 gain,
                                                                   __m256 encodedGain,
                                                                   int *fails) {
  const __m256 toe = _mm256_set1_ps(0.04045f), offset = _mm256_set1_ps(0.055f);
  __m256 onPower = _mm256_cmp_ps(value, toe, _CMP_GT_OQ);
  __m256 power = _mm256_sub_ps(_mm256_mul_ps(_mm256_add_ps(value, offset), encodedGain), offset);
  __m256 result = _mm256_blendv_ps(_mm256_mul_ps(value, gain), power, onPower);
  *fails |= _mm256_movemask_ps(_mm256_xor_ps(onPower, _mm256_cmp_ps(result, toe, _CMP_GT_OQ)));
  return result;
}

/// `look_pixels` for 8 opaque pixels at once, with the affine map (or none) and the gains
/// (or none); returns 0, writing nothing, when a pixel is not opaque or a gain needs the
/// exact route (a value crossing the curve's parts, a gain that is not positive).
__attribute__((target("avx2,fma"))) static int look_group_avx2(
    const uint8_t *source, uint8_t *target, const float *affine, const float *gains,
    const float *encodedGains) {
  __m256i pixels = _mm256_loadu_si256((const __m256i *)source);
  const __m256i alpha = _mm256_set1_epi32((int)0xFF000000u);
  if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(pixels, alpha), alpha)) != -1) {
    return 0;
  }
  const __m256i byte = _mm256_set1_epi32(0xFF);
  const __m256 toUnit = _mm256_set1_ps(1.0f / 255.0f);
  __m256 b = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_and_si256(pixels, byte)), toUnit);
  __m256 g = _mm256_mul_ps(
      _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(pixels, 8), byte)), toUnit);
  __m256 r = _mm256_mul_ps(
      _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(pixels, 16), byte)), toUnit);
  if (affine) {
    // offset + (from blue · b + (from green · g + from red · r)), as look_colour sums it.
    __m256 channels[3];
    for (int c = 0; c < 3; c++) {
      __m256 sum = _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(affine[8 + c]), g),
                                 _mm256_mul_ps(_mm256_set1_ps(affine[4 + c]), r));
      sum = _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(affine[12 + c]), b), sum);
      channels[c] = _mm256_add_ps(_mm256_set1_ps(affine[c]), sum);
    }
    r = channels[0];
    g = channels[1];
    b = channels[2];
  }
  if (gains) {
    __m256 gain = _mm256_loadu_ps(gains), encodedGain = _mm256_loadu_ps(encodedGains);
    if (_mm256_movemask_ps(_mm256_cmp_ps(gain, _mm256_setzero_ps(), _CMP_GT_OQ)) != 0xFF) {
      return 0;
    }
    int fails = 0;
    r = gained_avx2(r, gain, encodedGain, &fails);
    g = gained_avx2(g, gain, encodedGain, &fails);
    b = gained_avx2(b, gain, encodedGain, &fails);
    if (fails) return 0;
  }
  const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f),
               scale = _mm256_set1_ps(255.0f), half = _mm256_set1_ps(0.5f);
#define REEL_LEVEL(v)                                                                        \
  _mm256_cvttps_epi32(                                                                       \
      _mm256_add_ps(_mm256_mul_ps(_mm256_min_ps(_mm256_max_ps((v), zero), one), scale), half))
  __m256i out = _mm256_or_si256(
      _mm256_or_si256(REEL_LEVEL(b), _mm256_slli_epi32(REEL_LEVEL(g), 8)),
      _mm256_or_si256(_mm256_slli_epi32(REEL_LEVEL(r), 16), alpha));
#undef REEL_LEVEL
  _mm256_storeu_si256((__m256i *)target, out);
  return 1;
}
#endif

int reel_filter_look_row(const uint8_t *source, uint8_t *target, uint8_t *restrict notOpaque,
                         int count, const float *restrict cube, int size,
                         const float *restrict affine, const float *restrict gains,
                         const float *restrict encodedGains,
                         const reel_transfer_tables *tables) {
  int i = 0, flagged = 0;
#if defined(REEL_FILTER_HAS_AVX2)
  if ((affine || !cube) && filter_has_avx2_fma()) {
    for (; i + 8 <= count; i += 8) {
      const float *groupGains = gains ? gains + i : 0;
      const float *groupEncoded = encodedGains ? encodedGains + i : 0;
      if (look_group_avx2(source + 4 * i, target + 4 * i, affine, groupGains, groupEncoded)) {
        memset(notOpaque + i, 0, 8);
      } else {
        flagged += look_pixels(source + 4 * i, target + 4 * i, notOpaque + i, 8, cube, size,
                               affine, groupGains, groupEncoded, tables);
      }
    }
  }
#endif
  return flagged + look_pixels(source + 4 * i, target + 4 * i, notOpaque + i, count - i, cube,
                               size, affine, gains ? gains + i : 0,
                               encodedGains ? encodedGains + i : 0, tables);
}

void reel_filter_apply_color_table(const uint8_t *restrict bgra, float *restrict rgba,
                                   uint8_t *restrict notOpaque, int count,
                                   const float *restrict cube, int size,
                                   const reel_transfer_tables *tables) {
  const decode_curve curve = decode_curve_of(tables);
  for (int i = 0; i < count; i++) {
    const uint8_t *p = bgra + 4 * i;
    float *out = rgba + 4 * i;
    if (p[3] != 255) {
      reel_filter_decode_bgra(p, out, 1, tables);
      notOpaque[i] = 1;
      continue;
    }
    notOpaque[i] = 0;
    float value[4];
    interpolate_cube(p, cube, size, value);
    float alpha = clamp01(value[3]);
    if (alpha <= 0.0f) {
      out[0] = out[1] = out[2] = out[3] = 0.0f;
      continue;
    }
    out[0] = linear_from(value[0], curve) * alpha;
    out[1] = linear_from(value[1], curve) * alpha;
    out[2] = linear_from(value[2], curve) * alpha;
    out[3] = alpha;
  }
}
