import Foundation
import Reel
import ReelFilters

extension TemplateDescriber {
  /// `clips`, `composition`, or (with neither) an empty timeline of the template's `size`
  /// and `duration`; nil when nothing can be built.
  func describeTimeline(_ top: ObjectReader, output: OutputDescription) -> TimelineDescription? {
    if top.breaksRule(.composition) { return nil }
    if let node = top[.clips] {
      var includesAudio = true
      if case .bool(let value)? = top[.audio]?[.clipAudio]?.kind { includesAudio = value }
      return describeClips(node, TemplateKey.clips.rawValue, includesAudio: includesAudio)
        .map(TimelineDescription.clips)
    }
    if let node = top[.composition] {
      return describeComposition(node, TemplateKey.composition.rawValue)
        .map(TimelineDescription.composition)
    }
    var missing = false
    if output.size == nil, !top.has(.size) {
      problem("", "missing required key 'size' (a template without clips needs it)", at: top.node)
      missing = true
    }
    if output.duration == nil, !top.has(.duration) {
      problem(
        "", "missing required key 'duration' (a template without clips needs it)", at: top.node)
      missing = true
    }
    guard !missing, let size = output.size, let duration = output.duration else { return nil }
    return .empty(size: size, duration: duration)
  }

  // MARK: Clips

  private func describeClips(_ node: TemplateJSON, _ path: String, includesAudio: Bool)
    -> ClipsDescription?
  {
    guard let elements = array(node, path) else { return nil }
    guard !elements.isEmpty else {
      problem(path, "needs at least one clip", at: node)
      return nil
    }
    let before = problemCount
    var clips: [ClipDescription] = []
    for (index, element) in elements.enumerated() {
      let clipPath = TemplatePath.join(path, index)
      guard let clip = object(element, clipPath, .clip) else { continue }
      var transition = ClipSequence.Transition.cut
      if let transitionNode = clip[.transition] {
        if index == 0 {
          problem(
            clip.path(.transition),
            "the first clip cannot have a transition: a transition leads into a clip from the one before",
            at: transitionNode)
        } else if let described = describeTransition(transitionNode, clip.path(.transition)) {
          transition = described
        }
      }
      if clip.breaksRule(.media) { continue }
      if clip.has(.image) {
        _ = time(clip, .start)
        let shown = time(clip, .duration)
        if !clip.has(.duration) {
          problem(
            clipPath, "missing required key 'duration' (how long the image is shown)", at: element)
        }
        guard let file = fileReference(clip, .image) else { continue }
        clips.append(ClipDescription(transition: transition, source: .image(file, duration: shown)))
      } else if clip.has(.media) {
        let start = time(clip, .start)
        let length = time(clip, .duration)
        guard let file = fileReference(clip, .media) else { continue }
        let media = MediaClipDescription(
          file: file, start: start, startLocation: clip.has(.start) ? clip.location(.start) : nil,
          duration: length,
          durationLocation: clip.has(.duration) ? clip.location(.duration) : nil)
        clips.append(ClipDescription(transition: transition, source: .media(media)))
      }
    }
    return ClipsDescription(
      clips: clips, isComplete: problemCount == before, includesAudio: includesAudio,
      location: TemplateLocation(path, node))
  }

  func describeTransition(_ node: TemplateJSON, _ path: String) -> ClipSequence.Transition? {
    guard node.members != nil else {
      problem(path, "expected an object, got \(node.typeDescription)", at: node)
      return nil
    }
    guard let typeNode = node[.type] else {
      _ = object(node, path, .transition)
      return nil
    }
    guard
      let type = choice(typeNode, TemplatePath.join(path, .type), TemplateFormat.transitionTypes)
    else { return nil }
    let format = TemplateObjectFormat.transition
    guard
      let reader = object(
        node, path, .transition, rows: format.keys, allowed: format.keys(withType: type),
        required: format.requiredKeys)
    else { return nil }
    // `type` was read from the node, to choose the rows.
    report.recordRead(.type, of: .transition)
    let duration = timeOrDefault(reader, .duration)
    let color = colorOrDefault(reader, .color)
    guard let direction = ClipSequence.Direction(rawValue: choiceOrDefault(reader, .direction))
    else { return nil }
    switch type {
    case "crossFade": return .crossFade(duration: duration)
    case "fadeThroughColor": return .fadeThroughColor(color, duration: duration)
    case "wipe": return .wipe(direction, duration: duration)
    case "slide": return .slide(direction, duration: duration)
    default:
      if let descriptor = TemplateFilterFormat.transitions.first(where: { $0.name == type }) {
        let values =
          reader[.parameters].map {
            describeTransitionParameters($0, reader.path(.parameters), of: descriptor)
          } ?? [:]
        return .filter(
          TransitionFilter(
            TemplateTransitionFilter(descriptor, values: values), name: descriptor.name),
          duration: duration)
      }
      return .cut
    }
  }

  /// The file `key` of `reader` names (a string; nil with a problem otherwise).
  func fileReference(_ reader: ObjectReader, _ key: TemplateKey) -> FileReference? {
    reader.get(key, string).map { FileReference(text: $0, location: reader.location(key)) }
  }
}
