import Foundation
import Reel

extension TemplateBuilder {
  /// A text layer's content, its style's fonts checked; warns when the text's first line is
  /// taller than the layer (`size`, pixels), which then shows only its top part.
  func buildText(_ text: TextDescription, size: Size, files: ResolvedLayerFiles)
    -> LayerContent
  {
    for run in text.runFamilies { warnIfMissing(run.family, run.path, files: files) }
    let style = buildTextStyle(text.style, files: files)
    guard text.isWithinLength else { return .text(text.text, style) }
    if size.height > 0, !text.text.string.isEmpty,
      let overflow = try? TextRenderer.measure(
        text.text, style: style, width: size.width > 0 ? size.width : nil, height: size.height
      ).overflow
    {
      warn(text.path, overflow.description)
    }
    return .text(text.text, style)
  }

  /// The style with its font file, warning about fonts that will fall back.
  func buildTextStyle(_ description: TextStyleDescription, files: ResolvedLayerFiles)
    -> TextStyle
  {
    var style = description.style
    if let family = description.family { warnIfMissing(family.family, family.path, files: files) }
    if let file = description.fontFile, let font = files.fonts[file] {
      style.fontFile = font.path
      if let problem = font.problem {
        warn(
          file.location.path,
          "\(problem); the text will use the family \"\(style.fontFamily)\" or a fallback font")
      }
    }
    return style
  }

  /// Warns when a font family is not installed (the text will fall back).
  private func warnIfMissing(_ family: String, _ path: String, files: ResolvedLayerFiles) {
    guard files.installedFamilies[family] == false else { return }
    warn(path, "the font family \"\(family)\" is not installed; the text will use a fallback font")
  }

  // MARK: Subtitles

  /// Each cue of a subtitle file as a timed text layer.
  func buildSubtitleTrack(
    _ track: SubtitleTrackDescription, files: ResolvedLayerFiles, frame: TemplateFrame
  ) -> [Layer] {
    let style = buildTextStyle(track.style, files: files)
    guard let reference = track.file, let (file, parsed) = files.subtitles[reference] else {
      return []
    }
    let filePath = reference.location.path
    let path = track.location.path
    let renderSize = frame.renderSize
    let movieDuration = frame.movieDuration
    let placement = track.placement
    let margin = track.margin
    let fadeIn = track.fadeIn
    let fadeOut = track.fadeOut
    for warning in parsed.warnings { warn(filePath, warning.description) }
    let cues = parsed.cues.enumerated().sorted {
      ($0.element.timeRange.start, $0.offset) < ($1.element.timeRange.start, $1.offset)
    }
    let width = (renderSize.width * track.widthFraction).rounded()
    let x = ((renderSize.width - width) / 2).rounded()
    // Each cue shown is a layer: a file with more than the layer limit is refused before any
    // is built (the limit on the whole tree is checked again once it is built).
    let shownCount = cues.count { cue in
      movieDuration.map { cue.element.timeRange.start < $0 } ?? true
    }
    do {
      try limits.checkLayerCount(shownCount)
    } catch {
      report.problem("\(file) has \(shownCount) cues: \(error.description)", at: reference.location)
      return []
    }
    // Cues shown at the same time as the one being placed; cues come in order of start, so
    // one that has ended before a cue starts can be forgotten.
    var placed: [(range: TimeRange, offset: Double, height: Double)] = []
    var layers: [Layer] = []
    for (cueIndex, cue) in cues {
      placed.removeAll { $0.range.end <= cue.timeRange.start }
      if let movieDuration, cue.timeRange.start >= movieDuration {
        warn(
          filePath,
          "cue \(cueIndex + 1) starts at \(seconds(cue.timeRange.start)) s, after the movie ends (\(seconds(movieDuration)) s); it is not shown"
        )
        continue
      }
      guard
        checkTextLength(
          cue.text.string,
          at: TemplateLocation(
            at: reference.location, path: "\(filePath) cue \(cueIndex + 1)"))
      else { continue }
      let height = textHeight(cue.text, style: style, width: width)
      // First fit: the lowest offset from the edge not used by a cue shown at the same time.
      let busy = placed.filter { $0.range.overlaps(cue.timeRange) }.sorted { $0.offset < $1.offset }
      var offset = 0.0
      for other in busy where offset + height > other.offset && offset < other.offset + other.height
      {
        offset = other.offset + other.height
      }
      placed.append((cue.timeRange, offset, height))
      let y =
        placement == "top" ? margin + offset : renderSize.height - margin - offset - height
      var layer = Layer.text(
        cue.text, style: style, name: "\(path) cue \(cueIndex + 1)",
        frame: Rect(x: x, y: y, width: width, height: height))
      let half = cue.timeRange.duration.multiplied(byRatio: 1, 2)
      layer.animations = Self.visibilityAnimations(
        start: cue.timeRange.start, end: cue.timeRange.end,
        fadeIn: Time.min(fadeIn, half), fadeOut: Time.min(fadeOut, half), opacity: 1,
        movieDuration: movieDuration)
      layers.append(layer)
    }
    return layers
  }

  /// The height a cue's text needs at `width`, with its background box.
  private func textHeight(_ text: StyledText, style: TextStyle, width: Double) -> Double {
    let padding = style.background?.padding ?? 0
    let measured = try? TextRenderer.measure(text, style: style, width: width - 2 * padding)
    let lines = Double(text.string.split(separator: "\n", omittingEmptySubsequences: false).count)
    let layout = measured?.layoutSize.height ?? style.fontSize * 1.25 * style.lineSpacing * lines
    return (layout + 2 * padding + 2 * style.strokeWidth).rounded(.up)
  }
}
