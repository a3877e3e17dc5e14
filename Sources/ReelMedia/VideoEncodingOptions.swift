/// An audio codec ``MediaWriter`` can encode.
public enum AudioCodec: String, Sendable, CaseIterable {
  /// AAC-LC, encoded with FFmpeg's native AAC encoder.
  case aac
  /// Opus, encoded with libopus at 48 kHz.
  case opus
}

/// How much time the video encoder spends per frame, named after x264's presets.
///
/// Slower presets give smaller files at the same quality. What each codec's encoder is
/// told for a speed is in its ``VideoCodecDescriptor`` (libx264 and libx265 take the name
/// as their `preset`; libvpx-vp9 a `deadline` and `cpu-used` pair).
public enum EncoderSpeed: String, Sendable, CaseIterable {
  /// The fastest preset, largest files.
  case ultrafast
  /// Nearly the fastest.
  case superfast
  /// Fast with reasonable compression (the writer's default).
  case veryfast
  /// Faster than `fast`.
  case faster
  /// A little faster than the encoders' default.
  case fast
  /// The encoders' own default.
  case medium
  /// Better compression, slower.
  case slow
  /// Slower still.
  case slower
  /// The slowest useful preset, smallest files.
  case veryslow
}
