import Foundation
import Reel

/// The outline (``TemplateOutline``): what the timeline, the layers and the subtitles put
/// where, from the description and what the other building steps placed.
extension TemplateBuilder {
  /// The outline of a built template.
  func outline(
    _ description: TemplateDescription, timeline: TemplateTimeline, files: ResolvedLayerFiles,
    layerTree: LayerTree? = nil, movieDuration: Time
  ) -> TemplateOutline {
    var layers: [TemplateOutline.Layer] = []
    for (index, layer) in (description.layers ?? []).enumerated() {
      Self.outline(of: layer, path: [index], movieDuration: movieDuration.seconds, into: &layers)
    }
    var cues: [TemplateOutline.Cue] = []
    for track in description.subtitles ?? [] {
      guard let file = track.file, let parsed = files.subtitles[file]?.parsed else { continue }
      for cue in parsed.cues where cue.timeRange.start < movieDuration {
        cues.append(
          TemplateOutline.Cue(
            start: cue.timeRange.start.seconds,
            end: min(cue.timeRange.end, movieDuration).seconds, text: cue.text.string))
      }
    }
    var outline = TemplateOutline(
      clips: timeline.clips, transitions: timeline.transitions, layers: layers,
      cues: cues.sorted { ($0.start, $0.end) < ($1.start, $1.end) })
    outline.captionPages = Self.captionOutline(layerTree, movieDuration: movieDuration)
    return outline
  }

  private static func outline(
    of layer: LayerDescription, path: [Int], movieDuration: Double,
    into layers: inout [TemplateOutline.Layer]
  ) {
    let start = layer.visibility.start?.value.seconds ?? 0
    let end = layer.visibility.end.map { min($0.value.seconds, movieDuration) } ?? movieDuration
    let animations = layer.animations.map { entry in
      let timing = entry.animation.timing
      let active = timing.activeDuration
      return TemplateOutline.Animation(
        property: propertyName(of: entry.animation), start: timing.beginTime,
        end: active.isFinite ? timing.beginTime + active : movieDuration)
    }
    layers.append(
      TemplateOutline.Layer(
        id: TemplateOutline.layerID(path: path), name: layer.name, depth: path.count,
        start: start, end: end, animations: animations, path: layer.location.path))
    for (index, sublayer) in layer.sublayers.enumerated() {
      outline(of: sublayer, path: path + [index], movieDuration: movieDuration, into: &layers)
    }
  }

  /// The animated property's name (`group` for a group).
  private static func propertyName(of animation: any Animation) -> String {
    (animation as? any NamedPropertyAnimation)?.propertyName ?? TemplateKey.group.rawValue
  }

  /// The clips of `clips` where the sequence placed them, and the transitions between.
  static func outline(of clips: [ClipDescription], at ranges: [TimeRange])
    -> (clips: [TemplateOutline.Clip], transitions: [TemplateOutline.Transition])
  {
    var placed: [TemplateOutline.Clip] = []
    var transitions: [TemplateOutline.Transition] = []
    for (index, (clip, range)) in zip(clips, ranges).enumerated() {
      placed.append(
        TemplateOutline.Clip(
          track: index % 2, name: name(of: clip.source), start: range.start.seconds,
          end: range.end.seconds))
      guard index > 0 else { continue }
      let previous = ranges[index - 1]
      let kind: String
      switch clip.transition {
      case .cut: continue
      case .crossFade: kind = "crossFade"
      case .fadeThroughColor: kind = "fadeThroughColor"
      case .wipe: kind = "wipe"
      case .slide: kind = "slide"
      case .filter(let filter, _): kind = filter.name
      }
      // Overlapping clips: the overlap; a fade through a colour: around the cut.
      let half = clip.transition.duration.seconds / 2
      let (start, end) =
        range.start < previous.end
        ? (range.start.seconds, previous.end.seconds)
        : (range.start.seconds - half, range.start.seconds + half)
      transitions.append(TemplateOutline.Transition(start: start, end: end, kind: kind))
    }
    return (placed, transitions)
  }

  /// A clip's file name as written (its last path component).
  static func name(of source: ClipSourceDescription) -> String {
    switch source {
    case .image(let file, _): return fileName(file)
    case .media(let media): return fileName(media.file)
    }
  }

  /// A segment's file name as written (its last path component; `empty` for none).
  static func name(of source: SegmentSourceDescription) -> String {
    switch source {
    case .empty: return TemplateKey.empty.rawValue
    case .image(let file, _): return fileName(file)
    case .media(let media): return fileName(media.file)
    }
  }

  private static func fileName(_ file: FileReference) -> String {
    URL(fileURLWithPath: file.text).lastPathComponent
  }
}

/// Animations of one property, whose name the outline shows.
private protocol NamedPropertyAnimation {
  var propertyName: String { get }
}

extension BasicAnimation: NamedPropertyAnimation {
  var propertyName: String { property.name }
}
extension KeyframeAnimation: NamedPropertyAnimation {
  var propertyName: String { property.name }
}
extension SpringAnimation: NamedPropertyAnimation {
  var propertyName: String { property.name }
}
extension PathAnimation: NamedPropertyAnimation {
  var propertyName: String { property.name }
}
