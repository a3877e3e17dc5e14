import Foundation
import Reel

/// `video`: a video source's composited picture.
struct TemplateVideoLayer: TemplateLayerKind {
  static let summary = "the composited video of a source, filling the bounds"
  static let keys: [TemplateKeyFormat] = [
    .init(.source, .string, default: .name(VideoSourceID.main.rawValue), "The video source.")
  ]

  var source: VideoSourceID

  static func describe(_ reader: ObjectReader, by describer: TemplateDescriber) -> Self {
    Self(source: reader.get(.source, describer.string).map { VideoSourceID($0) } ?? .main)
  }

  func build(_ layer: inout Layer, by builder: TemplateBuilder, files: ResolvedLayerFiles) {
    layer.content = .video(VideoContent(sourceID: source))
  }
}
