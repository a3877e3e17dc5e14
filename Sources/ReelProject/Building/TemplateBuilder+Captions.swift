import Foundation
import Reel

extension TemplateBuilder {
  /// The pages of one caption track: its words moved by `start`, those after the movie's end
  /// left out (with a warning), cut into pages by the track's rules and its line limit (laid
  /// out by the text engine at the box's width). Empty when the file has a problem.
  func captionPages(
    _ track: CaptionTrackDescription, style: CaptionStyle, box: Size,
    files: ResolvedLayerFiles, movieDuration: Time?
  ) -> [CaptionPage] {
    guard let reference = track.file, let parsed = files.wordTimings[reference] else {
      return []
    }
    let offset = track.start.seconds
    var words = parsed.words.map {
      CaptionWord($0.text, start: $0.start + offset, end: $0.end + offset)
    }
    if let end = movieDuration?.seconds, let first = words.firstIndex(where: { $0.start >= end }) {
      warn(
        reference.location.path,
        "\(words.count - first) word(s) start at or after the movie's end (\(ReadableNumber.string(end)) s), from \"\(CaptionText.trimmed(words[first].text))\" at \(ReadableNumber.string(words[first].start)) s; they are not shown"
      )
      words.removeSubrange(first...)
    }
    let maximumLines = style.maximumLines
    return track.paging.pages(words, display: style.displayText) { page in
      let layout = try? CaptionRenderer.layOut(
        page.map { style.displayText($0.text) }, style: style, placement: .top, size: box)
      return (layout?.lineCount ?? 1) <= maximumLines
    }
  }

  /// The caption track's box: its `frame`, or the render frame less `margin` at the top
  /// and bottom, `width` wide and centred.
  func captionBox(_ track: CaptionTrackDescription, renderSize: Size) -> Rect {
    if let frame = track.frame { return frame }
    let width = (renderSize.width * track.widthFraction).rounded()
    let height = max(renderSize.height - 2 * track.margin, 1)
    return Rect(
      x: ((renderSize.width - width) / 2).rounded(), y: min(track.margin, renderSize.height - 1),
      width: width, height: height)
  }

  /// A caption track as one layer over the render frame's box: its pages, drawn at each
  /// time by ``CaptionsContent``.
  func buildCaptionTrack(
    _ track: CaptionTrackDescription, files: ResolvedLayerFiles, frame: TemplateFrame
  ) -> Layer? {
    var style = track.style
    style.text = buildTextStyle(track.textStyle, files: files)
    let box = captionBox(track, renderSize: frame.renderSize)
    let pages = captionPages(
      track, style: style, box: box.size, files: files, movieDuration: frame.movieDuration)
    guard !pages.isEmpty else { return nil }
    let content = CaptionsContent(pages: pages, style: style, placement: track.placement)
    return Layer.captions(content, name: track.location.path, frame: box)
  }
}

extension TemplateBuilder {
  /// The caption pages of every caption layer the tree's root holds, for the outline (what
  /// `reel preview` shows on its timeline), cut at the movie's end.
  static func captionOutline(_ tree: LayerTree?, movieDuration: Time)
    -> [TemplateOutline.CaptionPage]
  {
    let end = movieDuration.seconds
    var entries: [TemplateOutline.CaptionPage] = []
    for layer in tree?.root.sublayers ?? [] {
      guard case .kind(let content) = layer.content, let captions = content as? CaptionsContent
      else { continue }
      for page in captions.pages where page.start < end {
        entries.append(
          TemplateOutline.CaptionPage(
            start: page.start, end: min(page.end, end),
            text: CaptionText.joined(page.words.map { captions.style.displayText($0.text) }).text))
      }
    }
    return entries.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
  }
}
