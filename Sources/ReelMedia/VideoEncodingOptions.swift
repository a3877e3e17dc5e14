/// A video codec ``MediaWriter`` can encode.
public enum VideoCodec: String, Sendable, CaseIterable {
  /// H.264 / AVC, encoded with libx264 (High profile, 4:2:0, 8-bit).
  case h264
  /// H.265 / HEVC, encoded with libx265 (Main profile, 4:2:0, 8-bit; tagged `hvc1` in MP4/MOV).
  case hevc
  /// VP9, encoded with libvpx-vp9 (profile 0, 4:2:0, 8-bit).
  case vp9

  /// The constant rate factors the encoder takes: 1…51 for H.264 (0 would be lossless,
  /// which the High profile Reel writes cannot carry), 0…51 for HEVC, 0…63 for VP9.
  public var crfRange: ClosedRange<Int> {
    switch self {
    case .h264: 1...51
    case .hevc: 0...51
    case .vp9: 0...63
    }
  }
}

/// An audio codec ``MediaWriter`` can encode.
public enum AudioCodec: String, Sendable, CaseIterable {
  /// AAC-LC, encoded with FFmpeg's native AAC encoder.
  case aac
  /// Opus, encoded with libopus at 48 kHz.
  case opus
}

/// How much time the video encoder spends per frame, named after x264's presets.
///
/// Slower presets give smaller files at the same quality. libx264 and libx265 use the
/// name as their `preset`; libvpx-vp9 maps it to a `deadline` and `cpu-used` pair.
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
