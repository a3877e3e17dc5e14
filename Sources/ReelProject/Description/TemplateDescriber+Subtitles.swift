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
      placement: choiceOrDefault(reader, .position), margin: numberOrDefault(reader, .margin),
      widthFraction: numberOrDefault(reader, .width), fadeIn: timeOrDefault(reader, .fadeIn),
      fadeOut: timeOrDefault(reader, .fadeOut),
      file: reader.has(.file) ? fileReference(reader, .file) : nil)
  }
}
