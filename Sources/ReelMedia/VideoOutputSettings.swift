/// How ``MediaWriter`` encodes the video track.
///
///     var video = VideoOutputSettings(width: 1280, height: 720,
///                                     frameDuration: Time(value: 1, timescale: 30))
///     video.speed = .fast
public struct VideoOutputSettings: Sendable, Hashable {
  /// The codec; `nil` picks the container's default (H.264, or VP9 for `.webm`).
  public var codec: VideoCodec?
  /// Width in pixels of the images that will be appended.
  public var width: Int
  /// Height in pixels of the images that will be appended.
  public var height: Int
  /// The nominal duration of one frame, in seconds as a rational (1/30 for 30 fps,
  /// 1001/30000 for 29.97 fps). It sets the encoder time base and each frame's duration.
  public var frameDuration: Time
  /// Constant rate factor (lower is better quality); `nil` uses the codec's default
  /// (23 for H.264 and HEVC, 32 for VP9). Ignored when ``bitRate`` is set.
  public var crf: Int?
  /// Average bit rate in bits per second, used instead of ``crf`` when set.
  public var bitRate: Int?
  /// Encoder speed preset (default `.veryfast`).
  public var speed: EncoderSpeed
  /// What to do with an odd width or height, which 4:2:0 video cannot encode: `false`
  /// (default) throws ``MediaError/oddDimensions(path:width:height:)``; `true` rounds the
  /// output size down to even numbers and scales each picture to it.
  public var roundOddDimensions: Bool
  /// The RGB → Y′CbCr matrix; `nil` picks by size with ``ColorMatrix/forSize(width:height:)``.
  public var colorMatrix: ColorMatrix?
  /// Encoder choices fixed explicitly (keyframes, B-frames, scene cuts, threads, lossless),
  /// so separately encoded pieces match; `nil` leaves them to the encoder. H.264 only.
  public var pinned: PinnedVideoEncoding?
  /// How many of the appended frames are written, when frames are appended after them only
  /// to show the encoder what follows: x264's lookahead and macroblock tree then weigh the
  /// kept frames as in a longer movie. The last kept frame is coded as a P frame (so no
  /// kept frame refers to a later one) and the packets of the frames after it are dropped.
  /// `nil` (default): every appended frame is written. H.264 only; at least 1.
  public var keptFrameCount: Int?
  /// The time base of the track, in ticks a second, for frames at any times (a slideshow
  /// holding each picture for seconds, variable frame rate): each frame's time is kept to
  /// the nearest 1/`timeScale` s, and ``frameDuration`` is then only the nominal rate
  /// (encoder rate control, the H.264 level, the last frame's duration). `nil` (default):
  /// the reduced ``frameDuration``'s timescale, so times round to whole frames for 1/30.
  /// 1…2³¹ − 1.
  public var timeScale: Int32?
  /// The track's display matrix, how players turn the coded picture to show it (a 90°
  /// rotation for a portrait phone video), written into the file's track header (MP4
  /// family only); `nil` (default): none, the picture is shown as coded. The translation is
  /// in pixels.
  public var displayMatrix: AffineTransform?
  /// The H.264 profile and level to encode at; `nil` (default): the encoder's (High, at the
  /// lowest level the size and rate need). H.264 only.
  public var profileLevel: H264ProfileLevel?
  /// The most frames from one keyframe to the next (the GOP length, ≥ 1); `nil` (default):
  /// the encoder's (x264: 250, and a keyframe at every scene cut). With a value, keyframes
  /// come at least that often (scene cuts may add more).
  public var maxKeyframeInterval: Int?
  /// How many times an animated image (GIF, WebP, APNG) plays: 0 for ever (the default),
  /// 1 once, n times; ignored by video containers.
  public var loopCount = 0
  /// Whether the frames' alpha must be kept (an export with alpha): an animated WebP is then
  /// marked as having alpha even where libwebp wrote no alpha plane (its canvas outside the
  /// frames is transparent). Default false.
  public var keepsAlpha = false

  /// Makes video settings.
  ///
  /// - Parameters:
  ///   - codec: The codec, or `nil` for the container's default.
  ///   - width: Width in pixels of the appended images (> 0).
  ///   - height: Height in pixels of the appended images (> 0).
  ///   - frameDuration: Duration of one frame in seconds (> 0), e.g. `Time(value: 1, timescale: 30)`.
  ///   - crf: Constant rate factor, or `nil` for the codec default.
  ///   - bitRate: Target bit rate in bits per second, or `nil` to use `crf`.
  ///   - speed: Encoder speed preset.
  ///   - roundOddDimensions: Round odd sizes down to even instead of throwing.
  ///   - colorMatrix: The conversion matrix, or `nil` to choose by size.
  public init(
    codec: VideoCodec? = nil, width: Int, height: Int, frameDuration: Time,
    crf: Int? = nil, bitRate: Int? = nil, speed: EncoderSpeed = .veryfast,
    roundOddDimensions: Bool = false, colorMatrix: ColorMatrix? = nil
  ) {
    self.codec = codec
    self.width = width
    self.height = height
    self.frameDuration = frameDuration
    self.crf = crf
    self.bitRate = bitRate
    self.speed = speed
    self.roundOddDimensions = roundOddDimensions
    self.colorMatrix = colorMatrix
  }
}

/// How ``MediaWriter`` encodes the audio track.
public struct AudioOutputSettings: Sendable, Hashable {
  /// The codec; `nil` picks the container's default (AAC, or Opus for `.webm`).
  public var codec: AudioCodec?
  /// The format of the buffers that will be appended. The track keeps this sample rate and
  /// channel count, except that Opus always encodes at 48 kHz (other rates are resampled).
  public var format: AudioFormat
  /// Target bit rate in bits per second (default 128 000).
  public var bitRate: Int

  /// Makes audio settings.
  ///
  /// - Parameters:
  ///   - codec: The codec, or `nil` for the container's default.
  ///   - format: Sample rate and channel count of the appended buffers (default 48 kHz stereo).
  ///   - bitRate: Target bit rate in bits per second.
  public init(codec: AudioCodec? = nil, format: AudioFormat = .standard, bitRate: Int = 128_000) {
    self.codec = codec
    self.format = format
    self.bitRate = bitRate
  }
}
