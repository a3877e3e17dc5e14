import Foundation
import Reel

extension TemplateDescriber {
  /// `subtitles`: nil when the template has none.
  func describeSubtitles(_ top: ObjectReader) -> [SubtitleTrackDescription]? {
    guard let node = top[.subtitles] else { return nil }
    let path = TemplateKey.subtitles.rawValue
    guard let elements = array(node, path) else { return [] }
    return elements.enumerated().compactMap {
      describeSubtitleTrack($0.element, TemplatePath.join(path, $0.offset))
    }
  }

  private func describeSubtitleTrack(_ node: TemplateJSON, _ path: String)
    -> SubtitleTrackDescription?
  {
    guard let reader = object(node, path, .subtitles) else { return nil }
    var style = TextStyleDescription(
      style: TextStyle(alignment: .center), fontFile: nil, family: nil)
    if let styleNode = reader[.style],
      let styleReader = object(styleNode, reader.path(.style), .textStyle)
    {
      style = describeTextStyle(styleReader)
      if !styleReader.has(.align) { style.style.alignment = .center }
    }
    return SubtitleTrackDescription(
      location: TemplateLocation(path, node), style: style,
      placement: reader.get(.position) {
        self.choice($0, $1, TemplateFormat.subtitlePlacements)
      } ?? TemplateFormat.subtitlePlacements[0],
      margin: reader.get(.margin) { self.pixels($0, $1, PixelLimits.layerSide) } ?? 40,
      widthFraction: reader.get(.width) {
        self.number($0, $1, in: TemplateFormat.subtitleWidthRange)
      } ?? 0.9,
      fadeIn: reader.get(.fadeIn) { self.duration($0, $1, allowZero: true) } ?? .zero,
      fadeOut: reader.get(.fadeOut) { self.duration($0, $1, allowZero: true) } ?? .zero,
      file: reader.has(.file) ? fileReference(reader, .file) : nil)
  }
}
