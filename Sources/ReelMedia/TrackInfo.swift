/// What kind of data a track carries.
public enum TrackKind: String, Sendable, Hashable {
  /// Moving pictures (not cover art, which is an attachment).
  case video
  /// Sound.
  case audio
  /// Subtitles or captions.
  case subtitle
  /// Timed data such as timecode or metadata tracks.
  case data
  /// Attached files and pictures (fonts, cover art).
  case attachment
  /// Anything FFmpeg cannot classify.
  case other
}

/// How a video track's colour values are to be read, as tagged in the file.
public struct ColorDescription: Sendable, Hashable {
  /// The range of the stored values.
  public enum Range: String, Sendable, Hashable {
    /// 16–235 luma, 16–240 chroma (8-bit): "tv", "mpeg".
    case limited
    /// 0–255: "pc", "jpeg".
    case full
    /// Not tagged; Reel treats it as limited for YUV and full for RGB.
    case unspecified
  }

  /// Colour primaries name as FFmpeg spells it (`bt709`, `bt2020`, `smpte170m`, …) or
  /// `unknown`.
  public var primaries: String
  /// Transfer characteristic name (`bt709`, `smpte2084` for PQ, `arib-std-b67` for HLG, …).
  public var transfer: String
  /// Matrix coefficients name (`bt709`, `smpte170m`, `bt470bg`, `bt2020nc`, …).
  public var matrix: String
  /// Value range.
  public var range: Range

  /// The HDR transfer function, when the track is HDR.
  public enum HDRTransfer: String, Sendable, Hashable {
    /// SMPTE ST 2084, perceptual quantiser.
    case pq
    /// ARIB STD-B67, hybrid log-gamma.
    case hlg
  }

  /// `.pq` or `.hlg` for HDR video, nil for SDR.
  public var hdrTransfer: HDRTransfer? {
    switch transfer {
    case "smpte2084": return .pq
    case "arib-std-b67": return .hlg
    default: return nil
    }
  }

  /// Makes a description from FFmpeg's names.
  ///
  /// - Parameters:
  ///   - primaries: Colour primaries name (`bt709`, …) or `unknown`.
  ///   - transfer: Transfer characteristic name (`bt709`, `smpte2084`, …) or `unknown`.
  ///   - matrix: Matrix coefficients name (`bt709`, `smpte170m`, …) or `unknown`.
  ///   - range: The value range.
  public init(primaries: String, transfer: String, matrix: String, range: Range) {
    self.primaries = primaries
    self.transfer = transfer
    self.matrix = matrix
    self.range = range
  }
}

/// A description of one track (stream) of an ``Asset``.
///
/// Fields that do not apply to the track's kind are nil (an audio track has no `width`).
public struct TrackInfo: Sendable, Hashable {
  /// The stream index in the file (0-based, as `ffprobe` numbers them).
  public var index: Int
  /// Video, audio, …
  public var kind: TrackKind
  /// FFmpeg's codec name (`h264`, `hevc`, `aac`, `vp9`, `gif`, …) or `none` when unknown.
  public var codec: String
  /// The codec profile name when known (`High`, `Main 10`, `LC`, …).
  public var profile: String?
  /// Duration of the track in seconds, exact in the stream's time base, when the file says.
  public var duration: Time?
  /// Average bit rate in bits per second, when known.
  public var bitRate: Int?

  // MARK: Video

  /// Coded picture width in pixels.
  public var width: Int?
  /// Coded picture height in pixels.
  public var height: Int?
  /// Width as shown: after the sample aspect ratio and the rotation.
  public var displayWidth: Int?
  /// Height as shown: after the sample aspect ratio and the rotation.
  public var displayHeight: Int?
  /// Clockwise degrees (0, 90, 180 or 270) that turn the coded picture upright, read from the
  /// display matrix. (ffprobe prints the matrix's counter-clockwise angle: −90 here is 90.)
  public var rotation: Int?
  /// The track's display matrix exactly as the file stores it (QuickTime's `tkhd` matrix,
  /// FFmpeg's display-matrix side data), translation included, in the row-vector layout
  /// `(a b c d tx ty)`: a coded-picture point (x, y) is shown at (a·x + c·y + tx,
  /// b·x + d·y + ty), pixels with y down. nil when the file has none (identity).
  public var displayMatrix: AffineTransform?
  /// Pixel aspect ratio (`num/den`, 1 for square pixels).
  public var sampleAspectRatio: Double?
  /// Nominal frame rate in frames per second (the stream's real base rate), when known.
  public var frameRate: Double?
  /// Average frame rate over the track in frames per second, when known.
  public var averageFrameRate: Double?
  /// Exact duration of one frame at the nominal frame rate, in seconds (1001/30000 for
  /// 29.97 fps), when known.
  public var nominalFrameDuration: Time?
  /// FFmpeg's pixel format name (`yuv420p`, `yuv420p10le`, `yuv444p`, …).
  public var pixelFormat: String?
  /// Bits per colour component (8, 10, 12, …).
  public var bitDepth: Int?
  /// Chroma subsampling as `4:2:0`, `4:2:2`, `4:4:4` (nil for RGB and palette formats).
  public var chromaSubsampling: String?
  /// Colour primaries, transfer, matrix and range.
  public var color: ColorDescription?

  // MARK: Audio

  /// Samples per second per channel, in Hz.
  public var sampleRate: Int?
  /// Number of audio channels.
  public var channelCount: Int?
  /// Channel layout as FFmpeg describes it (`mono`, `stereo`, `5.1`, …).
  public var channelLayout: String?

  /// Makes a track description with only the fields every kind has.
  ///
  /// - Parameters:
  ///   - index: The stream index in the file, from 0.
  ///   - kind: What the track carries.
  ///   - codec: FFmpeg's codec name, or `none`.
  public init(index: Int, kind: TrackKind, codec: String) {
    self.index = index
    self.kind = kind
    self.codec = codec
  }
}
