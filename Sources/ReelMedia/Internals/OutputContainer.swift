/// A container ``MediaWriter`` writes, chosen by the output file's extension, with the
/// codecs it may hold.
enum OutputContainer: String, Sendable, CaseIterable {
  case mp4, mov, m4v, mkv, webm, m4a

  /// The container for a file extension (case-insensitive, without the dot), or `nil`.
  init?(fileExtension: String) {
    self.init(rawValue: fileExtension.lowercased())
  }

  /// The FFmpeg muxer's short name (`av_guess_format`'s `short_name`).
  var muxerName: String {
    switch self {
    case .mp4, .m4v: return "mp4"
    case .mov: return "mov"
    case .mkv: return "matroska"
    case .webm: return "webm"
    case .m4a: return "ipod"
    }
  }

  /// Whether the ISO BMFF muxer can move `moov` before `mdat` (`movflags=+faststart`).
  var supportsFastStart: Bool {
    switch self {
    case .mp4, .mov, .m4v, .m4a: return true
    case .mkv, .webm: return false
    }
  }

  /// Whether HEVC needs the `hvc1` sample entry tag (Apple players refuse `hev1`).
  var tagsHEVCAsHVC1: Bool {
    switch self {
    case .mp4, .mov, .m4v: return true
    case .mkv, .webm, .m4a: return false
    }
  }

  /// The video codec used when the settings name none, or `nil` for audio-only containers.
  var defaultVideoCodec: VideoCodec? {
    switch self {
    case .mp4, .mov, .m4v, .mkv: return .h264
    case .webm: return .vp9
    case .m4a: return nil
    }
  }

  /// The audio codec used when the settings name none.
  var defaultAudioCodec: AudioCodec {
    self == .webm ? .opus : .aac
  }

  /// The video codecs the container may hold.
  func allows(_ codec: VideoCodec) -> Bool {
    switch (self, codec) {
    case (.mp4, .h264), (.mov, .h264), (.m4v, .h264), (.mkv, .h264): return true
    case (.mp4, .hevc), (.mov, .hevc), (.mkv, .hevc): return true
    case (.webm, .vp9), (.mkv, .vp9): return true
    default: return false
    }
  }

  /// The audio codecs the container may hold.
  func allows(_ codec: AudioCodec) -> Bool {
    switch (self, codec) {
    case (.webm, .opus), (.mkv, .opus): return true
    case (.webm, .aac): return false
    case (_, .aac): return true
    case (_, .opus): return false
    }
  }
}
