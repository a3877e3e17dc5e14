/// The name of a member of a template object, as written in the JSON.
///
/// This is the one place a key's spelling is written: the format description
/// (``TemplateFormat``) says where each key may appear and what it holds, and the describer
/// reads members through these names, never through string literals (a test checks).
enum TemplateKey: String, CaseIterable, Sendable, Comparable {
  // The root.
  case schema = "$schema"
  case version, description, variables, size, frameRate, duration, background, clips
  case composition, audio, layers, subtitles, export
  // Variables.
  case `default`
  // Clips and transitions.
  case media, image, start, transition, type, color, direction, parameters
  // Composition.
  case tracks, instructions, id, kind, segments, track, source, at, empty
  case opacity, transform, crop, value, from, to, translate, scale, rotate, matrix
  // Audio and export.
  case soundtrack, clipAudio, loop, fadeIn, fadeOut, volume
  case loudness, target, truePeak, duck, attack, release, threshold, hold, ranges
  case preset, codec, crf, bitRate, speed, range, audioBitRate
  // Transparent outputs.
  case alpha
  // Layers.
  case name, frame, position, anchor, hidden, zPosition, rotation, rotationX, rotationY
  case translation, perspective, sublayerTransform, cornerRadius, border, borderWidth
  case borderColor, masksToBounds, mask, shadow, gravity, end, animations
  case text, runs, path, shape, fill, fillRule, stroke, strokeStart, strokeEnd, gradient
  case width, offset, radius, colors, locations
  case cap, join, miterLimit, dash, dashPhase, rect, ellipse, polygon
  // Emitters.
  case emitter, cells, birthRate, lifetime, lifetimeRange, velocityRange, longitude
  case emissionRange, acceleration, spin, spinRange, scaleRange, scaleSpeed, colorRange
  case colorSpeed, seed, renderMode, enabled
  // Text.
  case font, align, wrap, lineSpacing, underline, outline, textShadow, box, truncation
  case family, file, weight, italic, bold, padding
  // Animations.
  case property, by, keyframes, spring, group, begin, timing
  case `repeat`, repeatDuration, autoreverse, timeOffset, additive, cumulative
  case values, times, mode, timings, mass, stiffness, damping, velocity
  // Subtitles.
  case style, margin
  // Captions.
  case captions, format, spoken, active, upcoming, words, characters, pause, lines
  case uppercase, fallback
  // Filters.
  case filters, intensity

  static func < (lhs: TemplateKey, rhs: TemplateKey) -> Bool { lhs.rawValue < rhs.rawValue }
}
