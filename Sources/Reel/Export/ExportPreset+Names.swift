import Foundation

extension ExportPreset {
  /// The preset's canonical short name, as used by the command line and JSON templates:
  /// `low`, `medium`, `highest`, `640x480`, `960x540`, `1280x720`, `1920x1080`, `3840x2160`,
  /// `hevc-1920x1080`, `hevc-3840x2160`, `hevc-highest`, `m4a`, `passthrough`, and each
  /// alpha preset by its codec's name (`prores4444`, `vp9alpha`).
  public var name: String {
    switch self {
    case .lowQuality: "low"
    case .mediumQuality: "medium"
    case .highestQuality: "highest"
    case .preset640x480: "640x480"
    case .preset960x540: "960x540"
    case .preset1280x720: "1280x720"
    case .preset1920x1080: "1920x1080"
    case .preset3840x2160: "3840x2160"
    case .hevc1920x1080: "hevc-1920x1080"
    case .hevc3840x2160: "hevc-3840x2160"
    case .hevcHighestQuality: "hevc-highest"
    case .prores4444, .vp9alpha: alphaCodec?.rawValue ?? rawValue
    case .appleM4A: "m4a"
    case .passthrough: "passthrough"
    }
  }

  /// Other spellings accepted by ``init(name:)`` (compared after lower-casing and removing
  /// spaces, `-`, `_` and a leading `AVAssetExportPreset`).
  private var aliases: [String] {
    switch self {
    case .lowQuality: ["low", "lowquality"]
    case .mediumQuality: ["medium", "mediumquality"]
    case .highestQuality: ["highest", "high", "highestquality", "highquality"]
    case .preset640x480: ["640x480", "preset640x480"]
    case .preset960x540: ["960x540", "preset960x540"]
    case .preset1280x720: ["1280x720", "preset1280x720", "720p"]
    case .preset1920x1080: ["1920x1080", "preset1920x1080", "1080p"]
    case .preset3840x2160: ["3840x2160", "preset3840x2160", "2160p", "4k"]
    case .hevc1920x1080: ["hevc1920x1080", "hevc1080p"]
    case .hevc3840x2160: ["hevc3840x2160", "hevc2160p", "hevc4k"]
    case .hevcHighestQuality: ["hevchighest", "hevchighestquality", "hevc"]
    case .prores4444, .vp9alpha: [ExportPreset.normalized(name)]
    case .appleM4A: ["m4a", "applem4a", "audio"]
    case .passthrough: ["passthrough"]
    }
  }

  /// Finds a preset by name: its ``name`` (`"1280x720"`, `"medium"`, `"hevc-1920x1080"`,
  /// `"passthrough"`, `"m4a"`), its case name (`"preset1280x720"`), Apple's constant name
  /// (`"AVAssetExportPresetMediumQuality"`) or a common alias (`"720p"`, `"4k"`), ignoring
  /// case, spaces, `-` and `_`.
  ///
  /// - Parameter name: The name to look up.
  /// - Throws: ``ExportPresetError`` with the closest known name when the name is unknown.
  public init(name: String) throws(ExportPresetError) {
    let key = ExportPreset.normalized(name)
    for preset in ExportPreset.allCases where preset.aliases.contains(key) {
      self = preset
      return
    }
    var best: (distance: Int, name: String)?
    for preset in ExportPreset.allCases {
      for alias in preset.aliases {
        let distance = Suggestion.editDistance(key, alias)
        if distance < (best?.distance ?? Int.max) { best = (distance, preset.name) }
      }
    }
    let threshold = max(2, key.count / 3)
    let suggestion = best.flatMap { $0.distance <= threshold ? $0.name : nil }
    throw ExportPresetError(name: name, suggestion: suggestion)
  }

  /// Lower-cased, without spaces, `-`, `_`, `×` written as `x`, and without Apple's
  /// `AVAssetExportPreset` prefix.
  private static func normalized(_ name: String) -> String {
    var key = name.lowercased().replacingOccurrences(of: "×", with: "x")
    key.removeAll { $0 == " " || $0 == "-" || $0 == "_" }
    let prefix = "avassetexportpreset"
    if key.hasPrefix(prefix) { key.removeFirst(prefix.count) }
    return key
  }
}
