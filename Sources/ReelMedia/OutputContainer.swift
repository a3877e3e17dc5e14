/// A container ``MediaWriter`` writes, chosen by the output file's extension, with the
/// codecs it may hold: the one place Reel maps a file extension to a container and a
/// container to its default codecs.
///
///     let container = OutputContainer(fileExtension: "webm")   // .webm
///     container?.defaultVideoCodec                              // .vp9
public enum OutputContainer: String, Sendable, CaseIterable {
  /// MPEG-4 (`.mp4`): H.264 or HEVC, AAC.
  case mp4
  /// QuickTime (`.mov`): H.264, HEVC or ProRes 4444, AAC.
  case mov
  /// iTunes video (`.m4v`, MPEG-4): H.264, AAC.
  case m4v
  /// Matroska (`.mkv`): H.264, HEVC or VP9 (with or without alpha), AAC or Opus.
  case mkv
  /// WebM (`.webm`): VP9 (with or without alpha), Opus.
  case webm
  /// MPEG-4 audio (`.m4a`): AAC only, no video.
  case m4a
  /// GIF (`.gif`): an animated image, no audio.
  case gif
  /// WebP (`.webp`): an animated image, no audio.
  case webp
  /// Animated PNG (`.apng`): an animated image, no audio.
  case apng

  /// The container for a file extension (case-insensitive, without the dot), or `nil`.
  ///
  /// - Parameter fileExtension: Such as `"mp4"` or `"WebM"`; `""` for a name without one.
  public init?(fileExtension: String) {
    self.init(rawValue: fileExtension.lowercased())
  }

  /// Whether the container carries video (false for `.m4a`).
  public var carriesVideo: Bool { defaultVideoCodec != nil }

  /// The FFmpeg muxer's short name (`av_guess_format`'s `short_name`).
  var muxerName: String {
    switch self {
    case .mp4, .m4v: return "mp4"
    case .mov: return "mov"
    case .mkv: return "matroska"
    case .webm: return "webm"
    case .m4a: return "ipod"
    case .gif: return "gif"
    case .webp: return "webp"
    case .apng: return "apng"
    }
  }

  /// Whether the file is ISO base media (MP4, QuickTime and their kin), where codecs are
  /// named by sample entry tags.
  var isISOMediaFamily: Bool {
    switch self {
    case .mp4, .mov, .m4v, .m4a: return true
    case .mkv, .webm, .gif, .webp, .apng: return false
    }
  }

  /// Whether the ISO BMFF muxer can move `moov` before `mdat` (`movflags=+faststart`).
  var supportsFastStart: Bool { isISOMediaFamily }

  /// Whether HEVC needs the `hvc1` sample entry tag (Apple players refuse `hev1`), for
  /// streams copied as they are.
  var tagsHEVCAsHVC1: Bool { carriesVideo && isISOMediaFamily }

  /// The video codec used when the settings name none: the first of ``VideoCodec``'s
  /// cases the container allows (H.264, or VP9 for `.webm`), or `nil` for the audio-only
  /// `.m4a`.
  public var defaultVideoCodec: VideoCodec? {
    VideoCodec.allCases.first { allows($0) }
  }

  /// The video codec used when the export keeps alpha and the settings name no codec: the
  /// first of ``VideoCodec``'s cases that carries alpha and that the container allows
  /// (ProRes 4444 for `.mov`, VP9 with alpha for `.webm` and `.mkv`); nil when none does.
  public var defaultAlphaVideoCodec: VideoCodec? {
    VideoCodec.allCases.first { $0.descriptor.pixelFormat.carriesAlpha && allows($0) }
  }

  /// The audio codec used when the settings name none (Opus for `.webm`, else AAC).
  public var defaultAudioCodec: AudioCodec {
    self == .webm ? .opus : .aac
  }

  /// Whether the container may hold video encoded with `codec`
  /// (``VideoCodecDescriptor/containers``).
  public func allows(_ codec: VideoCodec) -> Bool {
    codec.descriptor.containers.contains(self)
  }

  /// Whether the file is an animated image (GIF, WebP, APNG): no audio, a loop count, and
  /// every frame held until the palette is made (GIF).
  public var isAnimatedImage: Bool {
    switch self {
    case .gif, .webp, .apng: true
    case .mp4, .mov, .m4v, .mkv, .webm, .m4a: false
    }
  }

  /// The play counts an animated image can say (0: for ever, 1: once): GIF's and WebP's
  /// loop fields hold 16 bits. The one owner of the range for the template's `"export"`
  /// `loop` and `reel render --loop`.
  public static let playCountRange: ClosedRange<Int> = 0...65535

  /// Whether the container may hold audio encoded with `codec`.
  public func allows(_ codec: AudioCodec) -> Bool {
    switch (self, codec) {
    case (.gif, _), (.webp, _), (.apng, _): return false
    case (.webm, .opus), (.mkv, .opus): return true
    case (.webm, .aac): return false
    case (_, .aac): return true
    case (_, .opus): return false
    }
  }
}
