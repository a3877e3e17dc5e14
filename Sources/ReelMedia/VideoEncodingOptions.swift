/// A video codec ``MediaWriter`` can encode.
public enum VideoCodec: String, Sendable, CaseIterable {
  /// H.264 / AVC, encoded with libx264 (High profile, 4:2:0, 8-bit).
  case h264
  /// H.265 / HEVC, encoded with libx265 (Main profile, 4:2:0, 8-bit; tagged `hvc1` in MP4/MOV).
  case hevc
  /// VP9, encoded with libvpx-vp9 (profile 0, 4:2:0, 8-bit).
  case vp9
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

/// The matrix that turns RGB into Y′CbCr (always limited "TV" range, 16–235 / 16–240).
public enum ColorMatrix: String, Sendable, CaseIterable {
  /// ITU-R BT.601 (standard definition), tagged as SMPTE 170M / BT.470BG.
  case bt601
  /// ITU-R BT.709 (high definition), tagged as BT.709.
  case bt709

  /// The matrix video of a size conventionally uses: BT.709 for HD (height > 576 or
  /// width > 1024), BT.601 otherwise.
  ///
  /// - Parameters:
  ///   - width: Picture width in pixels.
  ///   - height: Picture height in pixels.
  /// - Returns: `.bt709` for HD sizes, `.bt601` for SD sizes.
  public static func forSize(width: Int, height: Int) -> ColorMatrix {
    height > 576 || width > 1024 ? .bt709 : .bt601
  }
}
