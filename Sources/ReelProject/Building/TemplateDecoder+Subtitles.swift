import Foundation
import Reel

extension TemplateDecoder {
  /// Each cue of each subtitle file as a timed text layer.
  func decodeSubtitles(_ node: TemplateJSON, _ path: String) -> [Layer] {
    guard let elements = array(node, path) else { return [] }
    var layers: [Layer] = []
    for (index, element) in elements.enumerated() {
      layers += decodeSubtitleTrack(element, TemplatePath.join(path, index))
    }
    return layers
  }

  private func decodeSubtitleTrack(_ node: TemplateJSON, _ path: String) -> [Layer] {
    guard let reader = object(node, path, .subtitles) else {
      return []
    }
    var style = TextStyle(alignment: .center)
    if let styleNode = reader[.style],
      let styleReader = object(styleNode, reader.path(.style), .textStyle)
    {
      style = decodeTextStyle(styleReader)
      if !styleReader.has(.align) { style.alignment = .center }
    }
    let placement =
      reader.get(.position) { self.choice($0, $1, TemplateFormat.subtitlePlacements) }
      ?? TemplateFormat.subtitlePlacements[0]
    let margin = reader.get(.margin) { self.pixels($0, $1, PixelLimits.layerSide) } ?? 40
    let widthFraction =
      reader.get(.width) { self.number($0, $1, in: TemplateFormat.subtitleWidthRange) } ?? 0.9
    let fadeIn = reader.get(.fadeIn) { self.duration($0, $1, allowZero: true) } ?? .zero
    let fadeOut = reader.get(.fadeOut) { self.duration($0, $1, allowZero: true) } ?? .zero
    guard let fileNode = reader[.file], let file = existingFile(fileNode, reader.path(.file))
    else { return [] }
    // Subtitles are text parsed whole, as the template is: the same size limit holds.
    guard
      let parsed = reporting(
        reader.path(.file), at: fileNode,
        { () throws(TemplateFileProblem) in try files.subtitles(file) })
    else { return [] }
    for warning in parsed.warnings { warn(reader.path(.file), warning.description) }
    let cues = parsed.cues.enumerated().sorted {
      ($0.element.timeRange.start, $0.offset) < ($1.element.timeRange.start, $1.offset)
    }
    let width = (renderSize.width * widthFraction).rounded()
    let x = ((renderSize.width - width) / 2).rounded()
    // Each cue shown is a layer: a file with more than the layer limit is refused before any
    // is built (the limit on the whole tree is checked again once it is built).
    let shownCount = cues.count { cue in
      movieDuration.map { cue.element.timeRange.start < $0 } ?? true
    }
    do {
      try limits.checkLayerCount(shownCount)
    } catch {
      problem(
        reader.path(.file), "\(file) has \(shownCount) cues: \(error.description)", at: fileNode)
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
          reader.path(.file),
          "cue \(cueIndex + 1) starts at \(seconds(cue.timeRange.start)) s, after the movie ends (\(seconds(movieDuration)) s); it is not shown"
        )
        continue
      }
      guard
        checkTextLength(cue.text.string, "\(reader.path(.file)) cue \(cueIndex + 1)", at: fileNode)
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
