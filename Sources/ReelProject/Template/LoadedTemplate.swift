import Reel

/// A template read, checked and built into the Reel model, ready to export.
public struct LoadedTemplate: Sendable {
  /// The movie: composition, video composition, audio mix and layer tree.
  public var movie: Movie
  /// How to export it (preset, codec, quality, time range).
  public var exportSettings: ExportSettings
  /// Things that work but may not be what was meant (fonts that will fall back, …).
  public var warnings: [TemplateWarning]
  /// The value of every variable after `--set` values were applied over the defaults.
  public var variables: [String: String]
  /// Absolute paths of every media, image, font and subtitle file the template refers to,
  /// in the order first referenced, without duplicates.
  public var mediaFiles: [String]
  /// What the timeline, the layers and the subtitles put where (for `reel preview`).
  public var outline: TemplateOutline

  /// Makes a loaded template.
  public init(
    movie: Movie, exportSettings: ExportSettings, warnings: [TemplateWarning],
    variables: [String: String], mediaFiles: [String], outline: TemplateOutline = TemplateOutline()
  ) {
    self.outline = outline
    self.movie = movie
    self.exportSettings = exportSettings
    self.warnings = warnings
    self.variables = variables
    self.mediaFiles = mediaFiles
  }
}
