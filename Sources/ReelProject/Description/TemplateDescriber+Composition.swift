import Foundation
import Reel

extension TemplateDescriber {
  /// `composition`: its tracks, their segments and the instructions.
  func describeComposition(_ node: TemplateJSON, _ path: String) -> CompositionDescription? {
    guard let reader = object(node, path, .composition) else { return nil }
    let before = problemCount
    var tracks: [TrackDescription] = []
    var taken: Set<Int> = []
    if let elements = reader.get(.tracks, array) {
      for (index, trackNode) in elements.enumerated() {
        if let track = describeTrack(
          trackNode, TemplatePath.join(reader.path(.tracks), index), index: index, taken: taken)
        {
          tracks.append(track)
          taken.insert(track.id)
        }
      }
      if elements.isEmpty {
        problem(reader.path(.tracks), "needs at least one track", at: reader[.tracks])
      }
    }
    let isComplete = problemCount == before
    let ids = tracks.map(\.id)
    let instructions = reader[.instructions].map { instructionsNode in
      let instructionsPath = reader.path(.instructions)
      let described = report.setAside { () -> [InstructionDescription]? in
        guard let elements = array(instructionsNode, instructionsPath) else { return nil }
        return elements.enumerated().compactMap {
          describeInstruction(
            $0.element, TemplatePath.join(instructionsPath, $0.offset), trackIDs: ids)
        }
      }
      return InstructionsDescription(
        instructions: described.value, problems: described.problems,
        location: reader.location(.instructions))
    }
    return CompositionDescription(
      tracks: tracks, isComplete: isComplete, tracksLocation: reader.location(.tracks),
      location: TemplateLocation(path, node), instructions: instructions)
  }

  /// One track; nil when its id is `taken` by a track before it or its kind is invalid.
  private func describeTrack(_ node: TemplateJSON, _ path: String, index: Int, taken: Set<Int>)
    -> TrackDescription?
  {
    guard let track = object(node, path, .track) else { return nil }
    let id = integer(track, .id) ?? (index + 1)
    if taken.contains(id) {
      problem(
        track.path(.id), "another track already has the id \(id): give each track its own",
        at: track[.id] ?? node)
      return nil
    }
    guard let kind = choice(track, .kind) else { return nil }
    let mediaType: CompositionMediaType = kind == "video" ? .video : .audio
    let segments = track.get(.segments, array) ?? []
    return TrackDescription(
      id: id, kind: mediaType,
      segments: segments.enumerated().compactMap {
        describeSegment(
          $0.element, TemplatePath.join(track.path(.segments), $0.offset), kind: mediaType)
      })
  }

  private func describeSegment(_ node: TemplateJSON, _ path: String, kind: CompositionMediaType)
    -> SegmentDescription?
  {
    guard let segment = object(node, path, .segment) else { return nil }
    guard !TemplateFormat.segmentSources.contains(where: segment.breaksRule) else { return nil }
    let at = time(segment, .at)
    let source: SegmentSourceDescription
    if segment.has(.empty) {
      guard let length = time(segment, .empty) else { return nil }
      source = .empty(duration: length)
    } else if let imageNode = segment[.image] {
      guard kind == .video else {
        problem(segment.path(.image), "an image can only go into a video track", at: imageNode)
        return nil
      }
      let shown = time(segment, .duration)
      if !segment.has(.duration) {
        problem(path, "missing required key 'duration' (how long the image is shown)", at: node)
      }
      guard let file = fileReference(segment, .image) else { return nil }
      source = .image(file, duration: shown)
    } else {
      let stream = integer(segment, .track)
      let sourceRange = timePair(segment, .source, shape: "[start, duration]").map {
        TimeRange(start: $0.0, duration: $0.1)
      }
      let target = time(segment, .duration)
      guard let file = fileReference(segment, .media) else { return nil }
      source = .media(
        MediaSegmentDescription(
          file: file, stream: stream, streamLocation: segment.location(.track),
          source: sourceRange,
          sourceLocation: TemplateLocation(
            segment.path(.source), segment[.source] ?? segment[.media]),
          duration: target))
    }
    return SegmentDescription(at: at, source: source, location: TemplateLocation(path, node))
  }

  private func describeInstruction(_ node: TemplateJSON, _ path: String, trackIDs: [Int])
    -> InstructionDescription?
  {
    guard let reader = object(node, path, .instruction) else { return nil }
    let start = time(reader, .start)
    let length = time(reader, .duration)
    let background = reader.get(.background, color)
    var layers: [LayerInstructionDescription] = []
    if let elements = reader.get(.layers, array) {
      for (index, element) in elements.enumerated() {
        let layerPath = TemplatePath.join(reader.path(.layers), index)
        guard let layer = object(element, layerPath, .layerInstruction),
          let id = layer.get(.track, { self.integer($0, $1) })
        else { continue }
        guard trackIDs.contains(id) else {
          problem(
            layer.path(.track),
            "no track has the id \(id) (the tracks' ids: \(trackIDs.sorted().map(String.init).joined(separator: ", ")))",
            at: layer[.track])
          continue
        }
        var instruction = LayerInstructionDescription(
          track: id, opacity: [], transform: [], crop: [])
        if let steps = layer[.opacity] {
          let rule = elementRule(layer, .opacity)
          instruction.opacity = changes(steps, layer.path(.opacity)) { node, path in
            rule.flatMap { self.number(node, path, $0) }
          }
        }
        if let steps = layer[.transform] {
          instruction.transform = changes(steps, layer.path(.transform), decodeTransform2D)
        }
        if let steps = layer[.crop] {
          instruction.crop = changes(steps, layer.path(.crop), pixelRect)
        }
        layers.append(instruction)
      }
    }
    guard let start, let length else { return nil }
    return InstructionDescription(
      timeRange: TimeRange(start: start, duration: length), background: background,
      layers: layers)
  }

  /// A list of steps and ramps of values read by `value`.
  private func changes<Value: Sendable>(
    _ node: TemplateJSON, _ path: String, _ value: (TemplateJSON, String) -> Value?
  ) -> [ParameterChange<Value>] {
    var changes: [ParameterChange<Value>] = []
    decodeParameterList(
      node, path, value: value, step: { changes.append(.step($0, at: $1)) },
      ramp: { changes.append(.ramp(from: $0, to: $1, $2)) })
    return changes
  }
}
