import Foundation
import Reel
import ReelFilters

/// The files the layers and subtitles name, opened: decoded images, checked fonts and
/// parsed subtitle files, keyed by the reference that names them.
struct ResolvedLayerFiles: Sendable {
  /// Image layers' pictures, decoded (within the image-pixel budget).
  var images: [FileReference: DecodedImage] = [:]
  /// Font files: the resolved path and why the file cannot be used (nil when it can).
  var fonts: [FileReference: (path: String, problem: String?)] = [:]
  /// Whether each font family named without a file is installed.
  var installedFamilies: [String: Bool] = [:]
  /// `lut` filter steps' `.cube` files, parsed.
  var cubes: [FileReference: ColorCube] = [:]
  /// Subtitle files: the resolved path and the cues parsed from it.
  var subtitles: [FileReference: (path: String, parsed: SubtitleParseResult)] = [:]
  /// Caption tracks' word-timing files, parsed.
  var wordTimings: [FileReference: WordTimingParseResult] = [:]
  /// What layer kinds opened of their own (a Lottie animation), by file: each kind stores and
  /// reads back its own type.
  var kindFiles: [FileReference: any Sendable] = [:]
}

extension TemplateResolver {
  /// The files of `layers` and `subtitles`, in the order the template names them.
  func resolveLayerFiles(
    _ layers: [LayerDescription]?, subtitles: [SubtitleTrackDescription]?,
    captions: [CaptionTrackDescription]? = nil, filters: FilterChainDescription = .init()
  ) -> ResolvedLayerFiles {
    var resolved = ResolvedLayerFiles()
    for layer in layers ?? [] { resolve(layer, into: &resolved) }
    resolve(filters, into: &resolved)
    for track in subtitles ?? [] {
      resolve(track.style, into: &resolved)
      guard let file = track.file,
        let path = reporting(
          file.location, { () throws(TemplateFileProblem) in try files.existingFile(file.text) }),
        // Subtitles are text parsed whole, as the template is: the same size limit holds.
        let parsed = reporting(
          file.location, { () throws(TemplateFileProblem) in try files.subtitles(path) })
      else { continue }
      resolved.subtitles[file] = (path, parsed)
    }
    resolveCaptionFiles(captions, into: &resolved)
    return resolved
  }

  private func resolve(_ layer: LayerDescription, into resolved: inout ResolvedLayerFiles) {
    layer.content.resolve(by: self, into: &resolved)
    resolve(layer.filters, into: &resolved)
    for mask in layer.mask { resolve(mask, into: &resolved) }
    for sublayer in layer.sublayers { resolve(sublayer, into: &resolved) }
  }

  /// Reads and parses the `.cube` files of `lut` steps.
  private func resolve(_ filters: FilterChainDescription, into resolved: inout ResolvedLayerFiles) {
    for step in filters.steps {
      guard case .lut(let file) = step.operation, resolved.cubes[file] == nil else { continue }
      if let cube = reporting(
        file.location, { () throws(TemplateFileProblem) in try files.cube(file.text) })
      {
        resolved.cubes[file] = cube
      }
    }
  }

  /// Opens and decodes an image file (an image layer's, an emitter cell's).
  func openImage(_ file: FileReference, into resolved: inout ResolvedLayerFiles) {
    if let image = reporting(
      file.location, { () throws(TemplateFileProblem) in try files.image(file.text) })
    {
      resolved.images[file] = image
    }
  }

  func resolve(_ style: TextStyleDescription, into resolved: inout ResolvedLayerFiles) {
    if let family = style.family { checkFamily(family.family, into: &resolved) }
    if let file = style.fontFile {
      let path = files.resolve(file.text)
      resolved.fonts[file] = (path, files.fontFileProblem(path))
    }
  }

  func checkFamily(_ family: String, into resolved: inout ResolvedLayerFiles) {
    guard resolved.installedFamilies[family] == nil else { return }
    resolved.installedFamilies[family] = files.isFamilyInstalled(family)
  }
}
