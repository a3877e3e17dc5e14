import Foundation
import Reel

extension TemplateKey {
  /// The frames of a Lottie animation a `lottie` layer plays.
  static let segment = TemplateKey("segment")
}

/// `lottie`: a Lottie (Bodymovin JSON) animation, drawn by rlottie (``LottieContent``).
struct TemplateLottieLayer: TemplateLayerKind {
  static let summary =
    "a Lottie (Bodymovin JSON) animation, played from the layer's `start` at its own frame rate × `speed`"
  static let keys: [TemplateKeyFormat] = [
    .init(
      .file, .named(.file), required: true,
      "A Lottie JSON file; its images embedded (base64) or PNG/JPEG files beside it."),
    .init(
      .speed, .number(TemplateNumberBounds(minimum: 0, maximum: 100, excludesMinimum: true)),
      default: 1, "Times the animation's own frame rate."),
    .init(
      .loop, .boolean, default: false,
      "Start the segment again after its last frame (otherwise hold the last frame)."),
    .init(
      .segment, .array(.number(.nonNegative), minItems: 2, maxItems: 2),
      default: .text("the whole animation (its ip…op)"),
      "[from, to]: the animation's own frame numbers to play, from < to."),
  ]
  static var defaultGravity: ContentsGravity? { .resizeAspect }
  static var contentKind: (any LayerContentKind.Type)? { LottieContent.self }

  var file: FileReference?
  var speed: Double
  var loops: Bool
  var segment: ClosedRange<Double>?

  static func describe(_ reader: ObjectReader, by describer: TemplateDescriber) -> Self {
    var segment: ClosedRange<Double>?
    if let node = reader[.segment], let elements = describer.array(node, reader.path(.segment)),
      elements.count == 2
    {
      let numbers = elements.enumerated().compactMap { index, element in
        describer.number(element, TemplatePath.join(reader.path(.segment), index))
      }
      if numbers.count == 2 {
        if numbers[0] < numbers[1] {
          segment = numbers[0]...numbers[1]
        } else {
          describer.problem(
            reader.path(.segment),
            "the segment's first frame (\(ReadableNumber.string(numbers[0]))) must come before its last (\(ReadableNumber.string(numbers[1])))",
            at: node)
        }
      }
    }
    return Self(
      file: reader.has(.file) ? describer.fileReference(reader, .file) : nil,
      speed: describer.numberOrDefault(reader, .speed),
      loops: describer.boolOrDefault(reader, .loop), segment: segment)
  }

  func resolve(by resolver: TemplateResolver, into resolved: inout ResolvedLayerFiles) {
    guard let file else { return }
    let files = resolver.files
    if let animation = resolver.reporting(
      file.location, { () throws(TemplateFileProblem) in try files.lottie(file.text) })
    {
      resolved.kindFiles[file] = animation
    }
  }

  func build(
    _ layer: inout Layer, by builder: TemplateBuilder, files: ResolvedLayerFiles, start: Double?
  ) {
    guard let file, let animation = files.kindFiles[file] as? LottieAnimation else { return }
    if let segment, segment.lowerBound >= animation.document.outPoint {
      builder.warn(
        file.location.path,
        "the segment starts at frame \(ReadableNumber.string(segment.lowerBound)), after the animation's last (\(ReadableNumber.string(animation.document.outPoint))); its last frame shows"
      )
    }
    layer.content = .kind(
      LottieContent(
        animation: animation, startTime: start ?? 0, speed: speed, loops: loops, segment: segment))
  }
}

extension TemplateFiles {
  /// The Lottie animation `text` names, read, checked and parsed by
  /// ``LottieAnimation/load(contentsOf:limits:locate:)`` within the template's budgets; the
  /// images it names beside it are resolved as the template's own files.
  func lottie(_ text: String) throws(TemplateFileProblem) -> LottieAnimation {
    let resolved = try existingFile(text)
    do throws(LottieError) {
      return try LottieAnimation.load(contentsOf: resolved, limits: limits) { resolve($0) }
    } catch {
      if case .unreadable(let reason) = error { throw TemplateFileProblem(message: reason) }
      throw TemplateFileProblem(message: "\(text): \(error.description)")
    }
  }
}
