/// A video codec ``MediaWriter`` can encode: its name; everything Reel knows about it is its
/// ``descriptor`` (one per codec, in `VideoCodecDescriptor+Codecs.swift`).
///
///     VideoCodec.vp9.crfRange                 // 0...63
///     VideoCodec.vp9.descriptor.encoderName   // "libvpx-vp9"
public enum VideoCodec: String, Sendable, CaseIterable {
  /// H.264 / AVC, encoded with libx264 (High profile, 4:2:0, 8-bit).
  case h264
  /// H.265 / HEVC, encoded with libx265 (Main profile, 4:2:0, 8-bit; tagged `hvc1` in MP4/MOV).
  case hevc
  /// VP9, encoded with libvpx-vp9 (profile 0, 4:2:0, 8-bit).
  case vp9
  /// ProRes 4444 with alpha, encoded with prores_ks (`yuva444p10le`, `ap4h` in `.mov`): the
  /// interchange format of transparent video for editors.
  case prores4444
  /// VP9 with alpha, encoded with libvpx-vp9 (`yuva420p`: the alpha plane coded beside
  /// the picture, `alpha_mode` = 1 in `.webm`): transparent video browsers play.
  case vp9alpha
  /// GIF (`.gif`): one palette for the whole animation, dithered (``PaletteQuantiser``).
  case gif
  /// Animated WebP (`.webp`), encoded with libwebp.
  case webp
  /// Animated PNG (`.apng`), lossless.
  case apng

  /// The codec's facts: encoder, quality range, speeds, containers, pixel format, options
  /// and level limits.
  public var descriptor: VideoCodecDescriptor {
    switch self {
    case .h264: .h264
    case .hevc: .hevc
    case .vp9: .vp9
    case .prores4444: .prores4444
    case .vp9alpha: .vp9Alpha
    case .gif: .gif
    case .webp: .webp
    case .apng: .apng
    }
  }

  /// The constant rate factors the encoder takes (``VideoCodecDescriptor/crfRange``); nil
  /// for codecs without such a scale.
  public var crfRange: ClosedRange<Int>? { descriptor.crfRange }

  /// The smallest range that holds every codec's CRFs (0…63 today): what a format that
  /// checks a CRF before it knows the codec may accept. The export then checks the chosen
  /// codec's own ``crfRange``.
  public static var crfRangeOfAnyCodec: ClosedRange<Int> {
    let ranges = allCases.compactMap(\.crfRange)
    return (ranges.map(\.lowerBound).min() ?? 0)...(ranges.map(\.upperBound).max() ?? 0)
  }

  /// The codec written when neither the settings nor the container choose one.
  public static let standard = VideoCodec.h264

  /// The codec a writer encodes with: the one asked for, else the container's default
  /// (``OutputContainer/defaultVideoCodec``), else ``standard``. The one place this choice
  /// is made, for ``MediaWriter`` and the export plan alike.
  ///
  /// - Parameters:
  ///   - requested: The codec the settings name, or nil.
  ///   - container: The output container, or nil when it is not known (yet).
  public static func chosen(_ requested: VideoCodec?, in container: OutputContainer?)
    -> VideoCodec
  {
    requested ?? container?.defaultVideoCodec ?? standard
  }

  /// The codec an export that keeps the picture's alpha encodes with: the one asked for
  /// (which must carry alpha), else the container's first codec that carries alpha
  /// (``OutputContainer/defaultAlphaVideoCodec``: ProRes 4444 in `.mov`, VP9 with alpha in
  /// `.webm` and `.mkv`), else ProRes 4444.
  ///
  /// - Parameters:
  ///   - requested: The codec the settings name, or nil.
  ///   - container: The output container, or nil when it is not known (yet).
  /// - Returns: The codec, or nil when `requested` cannot carry alpha.
  public static func chosenWithAlpha(_ requested: VideoCodec?, in container: OutputContainer?)
    -> VideoCodec?
  {
    if let requested { return requested.descriptor.pixelFormat.carriesAlpha ? requested : nil }
    return container?.defaultAlphaVideoCodec ?? .prores4444
  }

  /// The codecs that carry alpha, for messages: `prores4444 (.mov), vp9alpha (.webm)`.
  public static var alphaCodecNames: String {
    allCases.filter(\.descriptor.pixelFormat.carriesAlpha).map {
      "\($0.rawValue) (.\($0.descriptor.preferredContainer.rawValue))"
    }.joined(separator: ", ")
  }
}
