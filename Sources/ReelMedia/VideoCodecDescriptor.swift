/// Everything Reel knows about one video codec, in one value: the encoder, its quality
/// scale, its speed presets, the containers it may go in, the pixels it carries, its
/// options and its level limits. ``MediaWriter``, the export plan and the template format
/// read these facts here; none of them is written anywhere else.
///
/// Adding a codec is a ``VideoCodec`` case, its descriptor in
/// `VideoCodecDescriptor+Codecs.swift` and its tests (see `docs/architecture.md`).
public struct VideoCodecDescriptor: Sendable {
  /// The codec's name in messages, such as `H.264`.
  public let displayName: String
  /// The libavcodec encoder's name, such as `libx264`.
  public let encoderName: String
  /// The constant rate factors the encoder takes (lower is better quality); nil for codecs
  /// with no such scale (GIF, animated WebP, APNG), which refuse a CRF.
  public let crfRange: ClosedRange<Int>?
  /// Why a CRF just outside ``crfRange`` is refused, when the encoder itself would take it
  /// (H.264: 0 would be lossless, which the High profile cannot carry); nil otherwise.
  public let crfRangeReason: String?
  /// The CRF the writer uses when the settings give neither a CRF nor a bit rate.
  public let defaultCRF: Int
  /// What the export presets add to their quality levels, which are on x264's CRF scale
  /// (18 for the highest quality, 23 the default), to get the same quality from this codec.
  public let presetCRFOffset: Int
  /// The containers that may hold the codec.
  public let containers: Set<OutputContainer>
  /// The container a file gets when only the codec is known (for an output name without
  /// an extension).
  public let preferredContainer: OutputContainer
  /// The pixel format the encoder is given.
  public let pixelFormat: EncodedPixelFormat
  /// Whether ``PinnedVideoEncoding`` and kept frame counts can be used (they drive
  /// libx264's own parameters).
  public let supportsPinnedEncoding: Bool
  /// The ISO BMFF sample entry the codec must be tagged with in MP4-family files (`hvc1`
  /// for HEVC, which Apple players need instead of `hev1`); nil for the muxer's default.
  let isoSampleEntry: String?
  /// The encoder's private options for a speed preset, in the order they are set.
  let speedOptions: @Sendable (EncoderSpeed) -> [(name: String, value: String)]
  /// Why a picture size, frame rate and bit rate are beyond the codec's highest level, or
  /// nil when they fit (or the codec has no level limits Reel checks).
  let levelProblem: @Sendable (EncodedPictureRate) -> String?
  /// Sets the codec's options on an encoder that is not yet open: speed, profile, level,
  /// pinned parameters and rate control.
  let configure: @Sendable (EncoderContext, MediaWriter.VideoPlan) throws(FFmpegError) -> Void

  /// Why `crf` cannot be used with this codec, as a sentence that says what to do, or nil
  /// when it is in ``crfRange``.
  ///
  /// - Parameters:
  ///   - crf: The constant rate factor asked for.
  ///   - codecName: The codec's name as the user spelled it (``VideoCodec/rawValue``).
  public func crfProblem(_ crf: Int, codecName: String) -> String? {
    guard let crfRange else {
      return "\(displayName) has no constant rate factor; leave crf out for \(codecName)"
    }
    guard !crfRange.contains(crf) else { return nil }
    let reason = crfRangeReason.map { crf == crfRange.lowerBound - 1 ? " (\($0))" : "" } ?? ""
    return
      "CRF \(crf) is outside \(crfRange.lowerBound)…\(crfRange.upperBound) for \(codecName)\(reason): use, e.g., 18 for visually lossless"
  }
}

/// The pixel layouts an encoder can be given.
public enum EncodedPixelFormat: Sendable {
  /// 8-bit Y′CbCr 4:2:0, limited range, no alpha.
  case yuv420p
  /// 8-bit Y′CbCr 4:2:0, limited range, with a full-resolution 8-bit alpha plane (straight,
  /// not premultiplied).
  case yuva420p
  /// 10-bit Y′CbCr 4:4:4, limited range, with a 10-bit alpha plane (straight), little-endian.
  case yuva444p10
  /// 8-bit palette indices with a palette of up to 256 colours (GIF): the picture goes
  /// through a palette quantiser (``PaletteQuantiser``) as straight BGRA.
  case pal8
  /// 8-bit BGRA, straight alpha.
  case bgra
  /// 8-bit RGBA, straight alpha.
  case rgba

  /// Whether the format keeps an alpha channel.
  public var carriesAlpha: Bool {
    switch self {
    case .yuv420p: false
    case .yuva420p, .yuva444p10, .pal8, .bgra, .rgba: true
    }
  }
}

/// A picture size and rate, for the codecs' level limits.
struct EncodedPictureRate: Sendable {
  /// Coded width in pixels.
  let width: Int
  /// Coded height in pixels.
  let height: Int
  /// Seconds per frame as `value / timescale`, both > 0.
  let frameDuration: (value: Int64, timescale: Int64)
  /// Target bit rate in bit/s, or nil for constant-quality coding.
  let bitRate: Int?
}
