#include "reel_filter_kernels.h"

#include <math.h>

#define REEL_INLINE static inline __attribute__((always_inline))

REEL_INLINE float clamp01(float value) {
  return value < 0.0f ? 0.0f : (value > 1.0f ? 1.0f : value);
}

/// Linear light for an encoded value (≥ 0.04045 inside the table, the toe exact).
REEL_INLINE float linear_of(float encoded, const reel_transfer_tables *t) {
  if (encoded <= 0.04045f) return encoded / 12.92f;
  float position = encoded * (float)t->decodeSteps;
  if (position >= (float)(t->decodeCurveCount - 2)) return powf((encoded + 0.055f) / 1.055f, 2.4f);
  int index = (int)position;
  float fraction = position - (float)index;
  return t->decodeCurve[index] + (t->decodeCurve[index + 1] - t->decodeCurve[index]) * fraction;
}

/// The encoded value (0…1) of linear light, clamped to 0…1 first.
REEL_INLINE float encoded_of(float linear, const reel_transfer_tables *t) {
  float position = clamp01(linear) * (float)t->encodeSteps;
  int index = (int)position;
  float fraction = position - (float)index;
  return t->encodeCurve[index] + (t->encodeCurve[index + 1] - t->encodeCurve[index]) * fraction;
}

void reel_filter_decode_bgra(const uint8_t *bgra, float *rgba, int count,
                             const reel_transfer_tables *t) {
  const float *table = t->decode256;
  for (int i = 0; i < count; i++) {
    const uint8_t *p = bgra + 4 * i;
    float *out = rgba + 4 * i;
    uint8_t alpha = p[3];
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

void reel_filter_encode_bgra(const float *rgba, uint8_t *bgra, int count,
                             const reel_transfer_tables *t) {
  const uint8_t *levels = t->encodeLevels;
  const float steps = (float)t->encodeSteps;
  for (int i = 0; i < count; i++) {
    const float *in = rgba + 4 * i;
    uint8_t *p = bgra + 4 * i;
    float alpha = clamp01(in[3]);
    int alphaLevel = (int)(alpha * 255.0f + 0.5f);
    if (alphaLevel == 255) {
      p[0] = levels[(int)(clamp01(in[2]) * steps + 0.5f)];
      p[1] = levels[(int)(clamp01(in[1]) * steps + 0.5f)];
      p[2] = levels[(int)(clamp01(in[0]) * steps + 0.5f)];
      p[3] = 255;
    } else if (alphaLevel == 0) {
      p[0] = p[1] = p[2] = p[3] = 0;
    } else {
      float scale = (float)alphaLevel;
      for (int c = 0; c < 3; c++) {
        float level = encoded_of(in[2 - c] / alpha, t) * scale + 0.5f;
        if (level > scale) level = scale;
        p[c] = (uint8_t)(level < 0.0f ? 0 : (int)level);
      }
      p[3] = (uint8_t)alphaLevel;
    }
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

void reel_filter_apply_color_table(const uint8_t *restrict bgra, float *restrict rgba,
                                   uint8_t *restrict notOpaque, int count,
                                   const float *restrict cube, int size,
                                   const reel_transfer_tables *tables) {
  const float toPosition = (float)(size - 1) / 255.0f;
  const int strideG = 4 * size, strideB = 4 * size * size;
  for (int i = 0; i < count; i++) {
    const uint8_t *p = bgra + 4 * i;
    float *out = rgba + 4 * i;
    if (p[3] != 255) {
      reel_filter_decode_bgra(p, out, 1, tables);
      notOpaque[i] = 1;
      continue;
    }
    notOpaque[i] = 0;
    float pr = (float)p[2] * toPosition, pg = (float)p[1] * toPosition,
          pb = (float)p[0] * toPosition;
    int ir = (int)pr, ig = (int)pg, ib = (int)pb;
    if (ir > size - 2) ir = size - 2;
    if (ig > size - 2) ig = size - 2;
    if (ib > size - 2) ib = size - 2;
    float fr = pr - (float)ir, fg = pg - (float)ig, fb = pb - (float)ib;
    const float *c000 = cube + ib * strideB + ig * strideG + 4 * ir;
    const float *c111 = c000 + strideB + strideG + 4;
    const float *first, *second;
    float w0, w1, w2, w3;
    // The tetrahedron of the cell that holds the point: walk from c000 to c111 along the
    // axes in order of the largest fraction first.
    if (fr >= fg) {
      if (fg >= fb) {
        first = c000 + 4; second = c000 + strideG + 4;
        w0 = 1 - fr; w1 = fr - fg; w2 = fg - fb; w3 = fb;
      } else if (fr >= fb) {
        first = c000 + 4; second = c000 + strideB + 4;
        w0 = 1 - fr; w1 = fr - fb; w2 = fb - fg; w3 = fg;
      } else {
        first = c000 + strideB; second = c000 + strideB + 4;
        w0 = 1 - fb; w1 = fb - fr; w2 = fr - fg; w3 = fg;
      }
    } else {
      if (fb >= fg) {
        first = c000 + strideB; second = c000 + strideB + strideG;
        w0 = 1 - fb; w1 = fb - fg; w2 = fg - fr; w3 = fr;
      } else if (fb >= fr) {
        first = c000 + strideG; second = c000 + strideB + strideG;
        w0 = 1 - fg; w1 = fg - fb; w2 = fb - fr; w3 = fr;
      } else {
        first = c000 + strideG; second = c000 + strideG + 4;
        w0 = 1 - fg; w1 = fg - fr; w2 = fr - fb; w3 = fb;
      }
    }
    float value[4];
    for (int c = 0; c < 4; c++) {
      value[c] = c000[c] * w0 + first[c] * w1 + second[c] * w2 + c111[c] * w3;
    }
    float alpha = clamp01(value[3]);
    if (alpha <= 0.0f) {
      out[0] = out[1] = out[2] = out[3] = 0.0f;
      continue;
    }
    out[0] = linear_of(value[0], tables) * alpha;
    out[1] = linear_of(value[1], tables) * alpha;
    out[2] = linear_of(value[2], tables) * alpha;
    out[3] = alpha;
  }
}
