import ReelCore
import ReelMedia

/// How to export a ``Movie``: a preset plus optional explicit overrides.
///
///     var settings = ExportSettings(preset: .preset1280x720)
///     settings.timeRange = TimeRange(start: Time(value: 2, timescale: 1),
///                                    duration: Time(value: 3, timescale: 1))
public struct ExportSettings: Sendable {
  /// The preset: codecs, the largest picture size, the default quality.
  public var preset: ExportPreset
  /// Overrides the preset's video codec.
  public var videoCodec: VideoCodec?
  /// Constant rate factor (lower is better; x264 18 ≈ visually lossless, 23 default); nil uses
  /// the preset's.
  public var crf: Int?
  /// Target video bit rate in bits per second, instead of a CRF.
  public var bitRate: Int?
  /// Encoder speed (x264/x265 preset); slower is smaller at the same quality.
  public var speed: EncoderSpeed
  /// Overrides the video composition's frame duration (seconds per frame, e.g. 1/25).
  public var frameDuration: Time?
  /// Overrides the output picture width and height in pixels (must be even for 4:2:0).
  public var outputSize: (width: Int, height: Int)?
  /// The part of the movie to export, in composition seconds; nil for all of it.
  public var timeRange: TimeRange?
  /// Replace an existing file at the output path. Otherwise the export fails with
  /// `MediaError.fileExists` and the file is kept: before it starts when the file is there,
  /// and at the end when one appeared while exporting (such as another export's).
  public var overwrite: Bool
  /// AAC/Opus bit rate in bits per second.
  public var audioBitRate: Int
  /// Leave the audio out even when the movie has some.
  public var excludesAudio: Bool
  /// Keep the picture's alpha: frames are drawn over a clear backdrop (what a clear
  /// background leaves clear stays clear) and encoded with a codec that carries alpha —
  /// ProRes 4444 in `.mov`, VP9 with alpha in `.webm` (``VideoCodec/chosenWithAlpha(_:in:)``).
  /// False draws every frame opaque, over black, unless the preset is an alpha preset
  /// (``ExportPreset/keepsAlpha``: `prores4444`, `vp9alpha`). Default false. What the export
  /// does is ``exportsAlpha``.
  public var keepsAlpha = false
  /// The output width in pixels, the height following the render's aspect ratio (rounded
  /// to the nearest even number): "a GIF 480 px wide". Even; not with ``outputSize``; nil
  /// for the preset's size.
  public var outputWidth: Int?
  /// How many times an animated image (`.gif`, `.webp`, `.apng`) plays: 0 for ever (the
  /// default), 1 once, n times. Video files ignore it.
  public var loopCount = 0
  /// Keep frames in 4:2:0 Y′CbCr from decoder to encoder where what is drawn allows it (a
  /// clip nothing is drawn on, a cross-fade, overlays on an unrotated video layer), which
  /// skips two colour conversions per frame. The pixels equal the RGB path's up to rounding.
  /// False draws every frame in RGB (for comparisons in tests). Default true.
  package var allowsYUVFastPath = true

  /// Whether frames stay in Y′CbCr where they can (a switch for comparing the two paths).
  @available(*, deprecated, message: "a test switch, no longer public")
  public var usesYUVFastPath: Bool {
    get { allowsYUVFastPath }
    set { allowsYUVFastPath = newValue }
  }
  /// Encoder choices fixed explicitly (keyframes, B-frames, scene cuts, threads, lossless)
  /// so that separately exported pieces are encoded alike (see ``RenderPlan``); nil leaves
  /// them to the encoder. H.264 only.
  public var pinnedEncoding: PinnedVideoEncoding?
  /// Container-level tags written into the file (such as `comment`); empty for none.
  public var metadata: [String: String] = [:]
  /// The memory and work budgets of the export (layer count, raster cache, output pixels;
  /// see ``ResourceLimits``). Default ``ResourceLimits/default``.
  public var limits = ResourceLimits.default
  /// Layer rasters shared with other exports, keyed by what they draw (a batch's movies:
  /// a layer that is the same in every movie is drawn once), or nil for none. Default nil.
  public var sharedRasters: SharedRasterCache?
  /// Smart rendering: copy the groups of pictures a source shows unmodified as compressed
  /// packets and draw and encode only the rest (see ``SmartRenderPlan`` and
  /// docs/smart-render.md). When nothing can be copied the export encodes every frame as
  /// usual. Default false here; `reel render` turns it on unless `--no-smart`.
  public var smart = false
  /// The H.264 profile a smart render's encoded runs use (the copied source's); nil for
  /// the writer's own (High).
  var encoderProfile: H264ProfileLevel.Profile?

  /// Makes settings from a preset (default: highest quality, H.264 + AAC at the render
  /// size, x264 `veryfast`).
  public init(
    preset: ExportPreset = .highestQuality, videoCodec: VideoCodec? = nil, crf: Int? = nil,
    bitRate: Int? = nil, speed: EncoderSpeed = .veryfast, frameDuration: Time? = nil,
    outputSize: (width: Int, height: Int)? = nil, timeRange: TimeRange? = nil,
    overwrite: Bool = false, audioBitRate: Int = 128_000, excludesAudio: Bool = false
  ) {
    self.preset = preset
    self.videoCodec = videoCodec
    self.crf = crf
    self.bitRate = bitRate
    self.speed = speed
    self.frameDuration = frameDuration
    self.outputSize = outputSize
    self.timeRange = timeRange
    self.overwrite = overwrite
    self.audioBitRate = audioBitRate
    self.excludesAudio = excludesAudio
  }

  /// Whether the export keeps the picture's alpha: ``keepsAlpha``, or an alpha preset
  /// (``ExportPreset/keepsAlpha``). The one place this is decided.
  public var exportsAlpha: Bool { keepsAlpha || preset.keepsAlpha }

  /// The video codec used: the override, else the preset's (nil for audio-only and
  /// passthrough presets, which leave it to the container).
  var resolvedVideoCodec: VideoCodec? { videoCodec ?? preset.videoCodec }

  /// The video codec an export to `container` encodes with — the one place this is
  /// decided for settings: for an animated image (`.gif`, `.webp`, `.apng`), the override
  /// else the container's; without alpha, the override, else the preset's, else the
  /// container's (``ReelMedia/VideoCodec/chosen(_:in:)``); keeping alpha, the override (or an
  /// alpha preset's codec), else the container's codec with alpha
  /// (``ReelMedia/VideoCodec/chosenWithAlpha(_:in:)``). Nil when alpha is kept and the codec
  /// asked for cannot carry it.
  ///
  /// - Parameter container: The output container, or nil when not known.
  public func encodedVideoCodec(in container: OutputContainer?) -> VideoCodec? {
    // An animated image's extension names its codec: the preset's video codec is not asked.
    if let container, container.isAnimatedImage, videoCodec == nil {
      return container.defaultVideoCodec
    }
    guard exportsAlpha else { return VideoCodec.chosen(resolvedVideoCodec, in: container) }
    let presetCodec = preset.videoCodec.flatMap {
      $0.descriptor.pixelFormat.carriesAlpha ? $0 : nil
    }
    return VideoCodec.chosenWithAlpha(videoCodec ?? presetCodec, in: container)
  }

  /// The CRF used with `codec`: the override, else one per preset (quality presets trade
  /// size for quality), on x264's scale moved by the codec's
  /// ``ReelMedia/VideoCodecDescriptor/presetCRFOffset`` (HEVC's sits about 5 above).
  func resolvedCRF(for codec: VideoCodec?) -> Int? {
    if bitRate != nil { return nil }
    if let codec, codec.crfRange == nil { return crf }
    if let crf { return crf }
    let base: Int
    switch preset {
    case .lowQuality: base = 30
    case .mediumQuality: base = 26
    case .highestQuality, .hevcHighestQuality, .prores4444, .vp9alpha: base = 18
    default: base = 23
    }
    return base + (codec?.descriptor.presetCRFOffset ?? 0)
  }
}
