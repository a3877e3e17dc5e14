internal import Reel

// Apple's preset names (each constant's value is its own name, as on Apple). What each one
// does (codec, the box the picture is fitted inside) is Reel's `ExportPreset` table, found
// by name: the sizes are written once, there.

/// H.264 + AAC, small (Reel's table: fits 224×128).
public let AVAssetExportPresetLowQuality = "AVAssetExportPresetLowQuality"
/// H.264 + AAC, medium (Reel's table: fits 568×320; a 1080p source gives 568×320).
public let AVAssetExportPresetMediumQuality = "AVAssetExportPresetMediumQuality"
/// H.264 + AAC at the render size.
public let AVAssetExportPresetHighestQuality = "AVAssetExportPresetHighestQuality"
/// H.264 + AAC fitted inside 640×480.
public let AVAssetExportPreset640x480 = "AVAssetExportPreset640x480"
/// H.264 + AAC fitted inside 960×540.
public let AVAssetExportPreset960x540 = "AVAssetExportPreset960x540"
/// H.264 + AAC fitted inside 1280×720.
public let AVAssetExportPreset1280x720 = "AVAssetExportPreset1280x720"
/// H.264 + AAC fitted inside 1920×1080.
public let AVAssetExportPreset1920x1080 = "AVAssetExportPreset1920x1080"
/// H.264 + AAC fitted inside 3840×2160.
public let AVAssetExportPreset3840x2160 = "AVAssetExportPreset3840x2160"
/// HEVC + AAC at the render size.
public let AVAssetExportPresetHEVCHighestQuality = "AVAssetExportPresetHEVCHighestQuality"
/// HEVC + AAC fitted inside 1920×1080.
public let AVAssetExportPresetHEVC1920x1080 = "AVAssetExportPresetHEVC1920x1080"
/// HEVC + AAC fitted inside 3840×2160.
public let AVAssetExportPresetHEVC3840x2160 = "AVAssetExportPresetHEVC3840x2160"
/// HEVC with alpha at the render size: written as ProRes 4444 with alpha in `.mov`, with a
/// warning (HEVC with alpha cannot be encoded here) — never an opaque file instead.
public let AVAssetExportPresetHEVCHighestQualityWithAlpha =
  "AVAssetExportPresetHEVCHighestQualityWithAlpha"
/// HEVC with alpha fitted inside 1920×1080: ProRes 4444 with alpha (see the one above).
public let AVAssetExportPresetHEVC1920x1080WithAlpha = "AVAssetExportPresetHEVC1920x1080WithAlpha"
/// HEVC with alpha fitted inside 3840×2160: ProRes 4444 with alpha (see the one above).
public let AVAssetExportPresetHEVC3840x2160WithAlpha = "AVAssetExportPresetHEVC3840x2160WithAlpha"
/// HEVC at 7680×4320: not supported (Reel's presets stop at 3840×2160).
public let AVAssetExportPresetHEVC7680x4320 = "AVAssetExportPresetHEVC7680x4320"
/// The source's samples copied, no re-encoding (video composition and audio mix ignored).
public let AVAssetExportPresetPassthrough = "AVAssetExportPresetPassthrough"
/// AAC audio only, in an .m4a file.
public let AVAssetExportPresetAppleM4A = "AVAssetExportPresetAppleM4A"

/// Apple's preset names and Reel's presets behind them.
enum AppleExportPresets {
  /// Every preset name Reel supports, in Apple's order.
  static let names = [
    AVAssetExportPresetLowQuality, AVAssetExportPresetMediumQuality,
    AVAssetExportPresetHighestQuality, AVAssetExportPresetHEVCHighestQuality,
    AVAssetExportPreset640x480, AVAssetExportPreset960x540, AVAssetExportPreset1280x720,
    AVAssetExportPreset1920x1080, AVAssetExportPreset3840x2160,
    AVAssetExportPresetHEVC1920x1080, AVAssetExportPresetHEVC3840x2160,
    AVAssetExportPresetAppleM4A, AVAssetExportPresetPassthrough,
  ]

  /// Apple's preset names Reel knows but cannot honour, with why.
  static let unsupported: [String: String] = [
    AVAssetExportPresetHEVC7680x4320: "Reel's presets stop at 3840x2160"
  ]

  /// The HEVC-with-alpha presets and the sizes behind them: Reel writes them as ProRes 4444
  /// with alpha (HEVC with alpha cannot be encoded here), in `.mov` only.
  static let withAlpha: [String: ExportPreset] = [
    AVAssetExportPresetHEVCHighestQualityWithAlpha: .highestQuality,
    AVAssetExportPresetHEVC1920x1080WithAlpha: .preset1920x1080,
    AVAssetExportPresetHEVC3840x2160WithAlpha: .preset3840x2160,
  ]

  /// The warning an HEVC-with-alpha preset gives once.
  static func alphaWarning(_ name: String) -> String {
    "\(name): HEVC with alpha cannot be encoded here; Reel writes ProRes 4444 with alpha (prores_ks, yuva444p10le) in a .mov file instead, at the preset's size"
  }

  /// Reel's preset for an Apple preset name (Reel's own lookup, which knows Apple's
  /// names), or nil for names Apple does not have or Reel does not support.
  static func preset(named name: String) -> ExportPreset? {
    guard names.contains(name) else { return nil }
    return try? ExportPreset(name: name)
  }
}
