/// Every kind of object a template holds; ``format`` describes its keys.
enum TemplateObjectKind: String, CaseIterable, Sendable {
  case root, variable
  case clip, transition, composition, track, segment, instruction, layerInstruction
  case step, ramp, transform2D
  case audio, soundtrack, audioTrack, export
  case loudness, duck
  case layer, border, shadow, gradient, stroke, shapeGeometry, emitter, emitterCell
  case textStyle, font, outline, box, run
  case animation, keyframes, spring
  case subtitles
  case captions, captionWord, activeWord

  /// The object's keys and rules.
  var format: TemplateObjectFormat {
    switch self {
    case .root: .root
    case .variable: .variable
    case .clip: .clip
    case .transition: .transition
    case .composition: .composition
    case .track: .track
    case .segment: .segment
    case .instruction: .instruction
    case .layerInstruction: .layerInstruction
    case .step: .step(of: .anyNumber)
    case .ramp: .ramp(of: .anyNumber)
    case .transform2D: .transform2D
    case .audio: .audio
    case .soundtrack: .soundtrack
    case .audioTrack: .audioTrack
    case .export: .export
    case .loudness: .loudness
    case .duck: .duck
    case .layer: .layer
    case .border: .border
    case .shadow: .shadow
    case .gradient: .gradient
    case .stroke: .stroke
    case .shapeGeometry: .shapeGeometry
    case .emitter: .emitter
    case .emitterCell: .emitterCell
    case .textStyle: .textStyle
    case .font: .font
    case .outline: .outline
    case .box: .box
    case .run: .run
    case .animation: .animation
    case .keyframes: .keyframes
    case .spring: .spring
    case .subtitles: .subtitles
    case .captions: .captions
    case .captionWord: .captionWord
    case .activeWord: .activeWord
    }
  }

  /// The keys the object may hold, in the order messages list them.
  var allowedKeys: [TemplateKey] { format.keys.map(\.key) }
}
