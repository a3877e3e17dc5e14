import Foundation
import Reel

/// `image`: a picture file, still or animated.
struct TemplateImageLayer: TemplateLayerKind {
  static let summary =
    "a picture (PNG, JPEG, WebP, GIF, APNG; animated ones play in the movie's time)"
  static let keys: [TemplateKeyFormat] = [
    .init(.image, .named(.file), required: true, "An image file (PNG, JPEG, WebP, GIF, APNG).")
  ]
  static var defaultGravity: ContentsGravity? { .resizeAspect }

  var file: FileReference?

  static func describe(_ reader: ObjectReader, by describer: TemplateDescriber) -> Self {
    Self(file: reader.has(.image) ? describer.fileReference(reader, .image) : nil)
  }

  func resolve(by resolver: TemplateResolver, into resolved: inout ResolvedLayerFiles) {
    if let file { resolver.openImage(file, into: &resolved) }
  }

  func build(_ layer: inout Layer, by builder: TemplateBuilder, files: ResolvedLayerFiles) {
    if let file, let decoded = files.images[file] { layer.content = Self.content(of: decoded) }
  }

  /// An image layer's content: one picture, or a sequence for an animated image.
  static func content(of decoded: DecodedImage) -> LayerContent {
    guard decoded.isAnimated, decoded.frames.count > 1 else {
      if let first = decoded.frames.first { return .image(first.image) }
      return .none
    }
    let frames = decoded.frames.map {
      ImageSequence.Frame(image: $0.image, duration: $0.duration.seconds)
    }
    return .imageSequence(ImageSequence(frames: frames, loopCount: decoded.loopCount ?? 0))
  }
}
