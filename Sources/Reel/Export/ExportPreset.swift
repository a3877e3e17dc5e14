import ReelCore
import ReelMedia

/// A named export setting, as `AVAssetExportSession`'s presets: which codecs, and how large
/// the output picture may be.
///
/// Output sizes (``outputSize(for:)``) are never larger than the render size (no
/// upscaling) and always even:
/// - Sized presets (`preset1280x720`, `hevc1920x1080`, …) fit the picture inside their box,
///   keeping the aspect ratio, then round each side to the nearest even number. The box
///   turns with the picture: a portrait picture (taller than wide) is fitted inside the box
///   with its sides swapped (720×1280 for `preset1280x720`), so portrait stays portrait.
/// - `lowQuality` and `mediumQuality` fit inside 224×128 and 568×320, then round each side
///   to the nearest multiple of 8. This reproduces what Apple's presets were observed to
///   give for a 1080p source (low → 224×128, medium → 568×320: 1920×1080 fitted in 568×320
///   is 568×319.5, and 319.5 rounds to 320).
/// - `highestQuality`, `hevcHighestQuality`, the alpha presets (`prores4444`, `vp9alpha`)
///   and `passthrough` keep the render size (an odd side is rounded down to even for the
///   encoded presets).
/// - `appleM4A` has no video.
public enum ExportPreset: String, CaseIterable, Hashable, Sendable {
  /// H.264 + AAC, small (fits 224×128).
  case lowQuality
  /// H.264 + AAC, medium (fits 568×320).
  case mediumQuality
  /// H.264 + AAC at the render size.
  case highestQuality
  /// H.264 + AAC fitted inside 640×480.
  case preset640x480
  /// H.264 + AAC fitted inside 960×540.
  case preset960x540
  /// H.264 + AAC fitted inside 1280×720.
  case preset1280x720
  /// H.264 + AAC fitted inside 1920×1080.
  case preset1920x1080
  /// H.264 + AAC fitted inside 3840×2160.
  case preset3840x2160
  /// HEVC + AAC fitted inside 1920×1080.
  case hevc1920x1080
  /// HEVC + AAC fitted inside 3840×2160.
  case hevc3840x2160
  /// HEVC + AAC at the render size.
  case hevcHighestQuality
  /// ProRes 4444 with alpha at the render size, in `.mov` (``alphaCodec``): the picture's
  /// alpha is kept, as with ``ExportSettings/keepsAlpha``.
  case prores4444
  /// VP9 with alpha at the render size, in `.webm` (``alphaCodec``): the picture's alpha is
  /// kept, as with ``ExportSettings/keepsAlpha``.
  case vp9alpha
  /// AAC audio only, in an .m4a file.
  case appleM4A
  /// No re-encoding: the source's samples are copied; the video composition and audio mix
  /// are ignored.
  case passthrough

  /// The video codec a preset encodes with: ReelMedia's ``ReelMedia/VideoCodec``, nil for
  /// no video encoding.
  @available(*, deprecated, renamed: "ReelMedia.VideoCodec")
  public typealias VideoCodec = ReelMedia.VideoCodec

  /// The codec with alpha an alpha preset encodes with and is named after (`prores4444`,
  /// `vp9alpha`: one preset per codec whose pixel format carries alpha); nil for the others.
  public var alphaCodec: ReelMedia.VideoCodec? {
    switch self {
    case .prores4444: .prores4444
    case .vp9alpha: .vp9alpha
    default: nil
    }
  }

  /// Whether the preset keeps the picture's alpha (the alpha presets).
  public var keepsAlpha: Bool { alphaCodec?.descriptor.pixelFormat.carriesAlpha ?? false }

  /// The video codec: ``ReelMedia/VideoCodec/h264`` or ``ReelMedia/VideoCodec/hevc``, the
  /// ``alphaCodec`` of an alpha preset; nil for `appleM4A` (audio only) and `passthrough`
  /// (copied as it is).
  public var videoCodec: ReelMedia.VideoCodec? {
    switch self {
    case .hevc1920x1080, .hevc3840x2160, .hevcHighestQuality: .hevc
    case .prores4444, .vp9alpha: alphaCodec
    case .appleM4A, .passthrough: nil
    default: .h264
    }
  }

  /// Whether audio is encoded as AAC (false only for `passthrough`, which copies).
  public var encodesAudio: Bool { self != .passthrough }

  /// Whether the output has a video track.
  public var hasVideo: Bool { self != .appleM4A }

  /// Whether the preset re-encodes (false for `passthrough`).
  public var reencodes: Bool { self != .passthrough }

  /// The box the picture is fitted inside, in pixels, or nil when the render size is kept.
  public var maximumSize: (width: Int, height: Int)? {
    switch self {
    case .lowQuality: (224, 128)
    case .mediumQuality: (568, 320)
    case .preset640x480: (640, 480)
    case .preset960x540: (960, 540)
    case .preset1280x720: (1280, 720)
    case .preset1920x1080, .hevc1920x1080: (1920, 1080)
    case .preset3840x2160, .hevc3840x2160: (3840, 2160)
    case .highestQuality, .hevcHighestQuality, .prores4444, .vp9alpha, .appleM4A, .passthrough:
      nil
    }
  }

  /// The multiple each output side is rounded to: 8 for the low and medium presets, else 2.
  public var sizeGranularity: Int {
    switch self {
    case .lowQuality, .mediumQuality: 8
    default: 2
    }
  }

  /// The encoded picture size for a render size.
  ///
  /// - Parameter renderSize: The video composition's render size in pixels.
  /// - Returns: Width and height in pixels by the rules in the type's discussion, or nil
  ///   for `appleM4A` (no video) and for a render size without area.
  public func outputSize(for renderSize: Size) -> (width: Int, height: Int)? {
    guard hasVideo, renderSize.width >= 1, renderSize.height >= 1, renderSize.width.isFinite,
      renderSize.height.isFinite
    else { return nil }
    if self == .passthrough {
      return PixelLimits.wholePixels(renderSize)
    }
    let width = renderSize.width.rounded(.down)
    let height = renderSize.height.rounded(.down)
    var box = (width: width, height: height)
    if let maximum = maximumSize {
      let portrait = height > width
      box =
        portrait
        ? (Double(maximum.height), Double(maximum.width))
        : (Double(maximum.width), Double(maximum.height))
    }
    let scale = min(1, box.width / width, box.height / height)
    let step = Double(sizeGranularity)
    /// The nearest multiple of `step` to `length · scale`, at least one step and at most
    /// the largest multiple within `limit`.
    func side(_ length: Double, limit: Double) -> Int {
      let largest = max(1, (limit / step).rounded(.down))
      let steps = (length * scale / step).rounded(.toNearestOrAwayFromZero)
      return PixelLimits.integer(min(max(steps, 1), largest) * step)
    }
    return (
      side(width, limit: min(width, box.width)), side(height, limit: min(height, box.height))
    )
  }
}
