import Foundation
import Reel

/// The timeline part of a template, built.
struct TemplateTimeline {
  var composition: Composition
  var videoComposition: VideoComposition
  var audioMix: AudioMix?
  /// Template track IDs → composition track IDs (the `composition` form only).
  var trackIDs: [Int: TrackID] = [:]
}

/// The building stage's reader of the timeline (`clips` or `composition`): it checks their
/// JSON, opens their files through ``files`` and builds the composition in one pass.
struct TemplateTimelineDecoder: TemplateFileResolving {
  let report: TemplateProblemCollector
  let files: TemplateFiles
}

extension TemplateTimelineDecoder {
  /// The timeline of `description` (`clips`, `composition`, or with neither an empty one of
  /// its `size` and `duration`); nil when it has problems.
  func decodeTimeline(_ description: TemplateDescription) -> TemplateTimeline? {
    let output = description.output
    return decodeTimeline(
      ObjectReader(node: description.root, path: ""), size: output.size,
      background: output.background, frameDuration: output.frameDuration,
      duration: output.duration)
  }

  /// Decodes `clips`, `composition`, or (with neither) an empty timeline of `duration`.
  func decodeTimeline(
    _ top: ObjectReader, size: Size?, background: Color, frameDuration: Time?, duration: Time?
  ) -> TemplateTimeline? {
    if top.has(.clips), let node = top[.composition] {
      problem(
        TemplateKey.composition.rawValue,
        "use either \"clips\" (the short form) or \"composition\", not both",
        at: node)
      return nil
    }
    var timeline: TemplateTimeline?
    if let node = top[.clips] {
      var includesAudio = true
      if case .bool(let value)? = top[.audio]?[.clipAudio]?.kind { includesAudio = value }
      timeline = decodeClips(
        node, TemplateKey.clips.rawValue, size: size, background: background,
        frameDuration: frameDuration,
        includesAudio: includesAudio)
    } else if let node = top[.composition] {
      timeline = decodeComposition(
        node, TemplateKey.composition.rawValue, size: size, background: background,
        frameDuration: frameDuration)
    } else {
      var missing = false
      if size == nil, !top.has(.size) {
        problem("", "missing required key 'size' (a template without clips needs it)", at: top.node)
        missing = true
      }
      if duration == nil, !top.has(.duration) {
        problem(
          "", "missing required key 'duration' (a template without clips needs it)", at: top.node)
        missing = true
      }
      guard !missing, let size, let duration else { return nil }
      return emptyTimeline(
        size: size, duration: duration, background: background,
        frameDuration: frameDuration ?? Time(value: 1, timescale: 30))
    }
    guard var built = timeline else { return nil }
    if let duration {
      fit(&built, to: duration, node: top[.duration])
    }
    return built
  }

  /// A timeline with one empty video track: a movie made of layers only.
  func emptyTimeline(size: Size, duration: Time, background: Color, frameDuration: Time)
    -> TemplateTimeline?
  {
    var composition = Composition()
    let track = composition.addTrack(.video)
    let whole = TimeRange(start: .zero, duration: duration)
    do {
      try composition.modifyTrack(track) { (edited) throws(CompositionError) in
        try edited.insertEmptyTimeRange(whole)
      }
    } catch {
      problem(TemplateKey.duration.rawValue, error.description, at: nil)
      return nil
    }
    let video = VideoComposition(
      renderSize: size, frameDuration: frameDuration, backgroundColor: background,
      instructions: [VideoCompositionInstruction(timeRange: whole)])
    return TemplateTimeline(composition: composition, videoComposition: video, audioMix: nil)
  }

  /// Trims the timeline to `duration`, or extends it with empty time.
  private func fit(_ timeline: inout TemplateTimeline, to duration: Time, node: TemplateJSON?) {
    let end = timeline.composition.duration
    do {
      if duration > end {
        try timeline.composition.insertEmptyTimeRange(TimeRange(start: end, end: duration))
        if var last = timeline.videoComposition.instructions.popLast() {
          last.timeRange = TimeRange(start: last.timeRange.start, end: duration)
          timeline.videoComposition.instructions.append(last)
        }
      } else if duration < end {
        try timeline.composition.removeTimeRange(TimeRange(start: duration, end: end))
      }
    } catch {
      problem(TemplateKey.duration.rawValue, error.description, at: node)
    }
  }

  // MARK: Clips

  func decodeClips(
    _ node: TemplateJSON, _ path: String, size: Size?, background: Color, frameDuration: Time?,
    includesAudio: Bool
  ) -> TemplateTimeline? {
    guard let elements = array(node, path) else { return nil }
    guard !elements.isEmpty else {
      problem(path, "needs at least one clip", at: node)
      return nil
    }
    let before = problemCount
    var sequence = ClipSequence()
    sequence.renderSize = size
    sequence.backgroundColor = background
    sequence.includesAudio = includesAudio
    for (index, element) in elements.enumerated() {
      let clipPath = TemplatePath.join(path, index)
      guard
        let clip = object(element, clipPath, .clip)
      else { continue }
      var transition = ClipSequence.Transition.cut
      if let transitionNode = clip[.transition] {
        if index == 0 {
          problem(
            clip.path(.transition),
            "the first clip cannot have a transition: a transition leads into a clip from the one before",
            at: transitionNode)
        } else if let decoded = decodeTransition(transitionNode, clip.path(.transition)) {
          transition = decoded
        }
      }
      if clip.has(.media), clip.has(.image) {
        problem(clipPath, "give either \"media\" or \"image\", not both", at: element)
        continue
      }
      if let imageNode = clip[.image] {
        _ = clip.get(.start, { self.duration($0, $1, allowZero: true) })
        let shown = clip.get(.duration) { self.duration($0, $1) }
        if !clip.has(.duration) {
          problem(
            clipPath, "missing required key 'duration' (how long the image is shown)", at: element)
        }
        guard let still = stillImage(imageNode, clip.path(.image)), let shown else { continue }
        sequence.append(.still(still, duration: shown), transition: transition)
      } else if let mediaNode = clip[.media] {
        let start = clip.get(.start) { self.duration($0, $1, allowZero: true) }
        let length = clip.get(.duration) { self.duration($0, $1) }
        guard let asset = asset(mediaNode, clip.path(.media)) else { continue }
        guard !asset.isStillImage else {
          problem(
            clip.path(.media),
            "\(asset.path) is a still image (\(asset.formatName)), not a movie: use \"image\" with a \"duration\" for a clip that shows a picture, or an image layer",
            at: mediaNode)
          continue
        }
        let media = SourceMedia(asset: asset)
        guard media.video != nil else {
          problem(
            clip.path(.media),
            "\(asset.path) has no video track: a clip needs video (use \"audio\".\"soundtrack\" for sound only)",
            at: mediaNode)
          continue
        }
        let available = media.naturalTimeRange.duration
        let first = start ?? .zero
        if first >= available, let startNode = clip[.start] {
          problem(
            clip.path(.start),
            "is at or after the end of the media (\(seconds(available)) s): start earlier",
            at: startNode)
          continue
        }
        let used = length ?? (available - first)
        if first + used > available, let lengthNode = clip[.duration] {
          problem(
            clip.path(.duration),
            "the clip would end at \(seconds(first + used)) s, after the end of the media (\(seconds(available)) s): shorten it to at most \(seconds(available - first)) s",
            at: lengthNode)
          continue
        }
        guard
          checkData(
            asset, covers: TimeRange(start: first, duration: used), clip.path(.media),
            at: mediaNode)
        else { continue }
        let range = start == nil && length == nil ? nil : TimeRange(start: first, duration: used)
        sequence.append(.media(media, timeRange: range), transition: transition)
      } else {
        problem(clipPath, "missing required key 'media' (or 'image')", at: element)
      }
    }
    guard problemCount == before else { return nil }
    let output: ClipSequence.Output
    do {
      output = try sequence.build()
    } catch {
      problem(path, error.description, at: node)
      return nil
    }
    var video = output.videoComposition
    if let frameDuration { video.frameDuration = frameDuration }
    return TemplateTimeline(
      composition: output.composition, videoComposition: video,
      audioMix: output.audioMix.inputParameters.isEmpty ? nil : output.audioMix)
  }

  func decodeTransition(_ node: TemplateJSON, _ path: String) -> ClipSequence.Transition? {
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
    let allowed = TemplateObjectFormat.transition.keys(withType: type)
    guard let reader = object(node, path, allowed: allowed) else { return nil }
    let duration = reader.get(.duration) { self.duration($0, $1) } ?? Time(value: 1, timescale: 1)
    let color = reader.get(.color, color) ?? .black
    let direction =
      reader.get(.direction) { self.choice($0, $1, TemplateFormat.directions) }
      .flatMap(ClipSequence.Direction.init(rawValue:)) ?? .left
    switch type {
    case "crossFade": return .crossFade(duration: duration)
    case "fadeThroughColor": return .fadeThroughColor(color, duration: duration)
    case "wipe": return .wipe(direction, duration: duration)
    case "slide": return .slide(direction, duration: duration)
    default: return .cut
    }
  }

  func stillImage(_ node: TemplateJSON, _ path: String) -> StillImage? {
    guard let decoded = image(node, path), let resolved = node.string.map(resolve) else {
      return nil
    }
    // The still keeps the decoded frames, so the export draws them without decoding again.
    return StillImage(path: resolved, decoded: decoded)
  }

  // MARK: Composition

  func decodeComposition(
    _ node: TemplateJSON, _ path: String, size: Size?, background: Color, frameDuration: Time?
  ) -> TemplateTimeline? {
    guard
      let reader = object(node, path, .composition)
    else { return nil }
    let before = problemCount
    var composition = Composition()
    var ids: [Int: TrackID] = [:]
    if let tracks = reader.get(.tracks, array) {
      for (index, trackNode) in tracks.enumerated() {
        decodeTrack(
          trackNode, TemplatePath.join(reader.path(.tracks), index), index: index,
          composition: &composition, ids: &ids)
      }
      if tracks.isEmpty {
        problem(reader.path(.tracks), "needs at least one track", at: reader[.tracks])
      }
    }
    guard problemCount == before else { return nil }
    guard composition.duration > .zero else {
      problem(
        reader.path(.tracks), "the timeline is empty: add a segment with media",
        at: reader[.tracks])
      return nil
    }
    var video = VideoComposition.default(
      for: composition, renderSize: size, backgroundColor: background)
    if let frameDuration { video.frameDuration = frameDuration }
    if let instructionsNode = reader[.instructions] {
      let instructionsPath = reader.path(.instructions)
      guard let elements = array(instructionsNode, instructionsPath) else { return nil }
      video.instructions = elements.enumerated().compactMap {
        decodeInstruction($0.element, TemplatePath.join(instructionsPath, $0.offset), ids: ids)
      }
      guard problemCount == before else { return nil }
      do {
        try video.validate(against: composition)
      } catch {
        problem(instructionsPath, error.description, at: instructionsNode)
        return nil
      }
    } else {
      do {
        try video.validate(against: composition)
      } catch {
        problem(path, error.description, at: node)
        return nil
      }
    }
    return TemplateTimeline(
      composition: composition, videoComposition: video, audioMix: nil, trackIDs: ids)
  }

  private func decodeTrack(
    _ node: TemplateJSON, _ path: String, index: Int, composition: inout Composition,
    ids: inout [Int: TrackID]
  ) {
    guard let track = object(node, path, .track)
    else { return }
    let id = track.get(.id) { self.integer($0, $1, minimum: 1) } ?? (index + 1)
    if ids[id] != nil {
      problem(
        track.path(.id), "another track already has the id \(id): give each track its own",
        at: track[.id] ?? node)
      return
    }
    guard let kind = track.get(.kind, { self.choice($0, $1, TemplateFormat.trackKinds) }) else {
      return
    }
    let mediaType: CompositionMediaType = kind == "video" ? .video : .audio
    let trackID = composition.addTrack(mediaType)
    ids[id] = trackID
    guard let segments = track.get(.segments, array) else { return }
    for (segmentIndex, segmentNode) in segments.enumerated() {
      decodeSegment(
        segmentNode, TemplatePath.join(track.path(.segments), segmentIndex), kind: mediaType,
        trackID: trackID, composition: &composition)
    }
  }

  private func decodeSegment(
    _ node: TemplateJSON, _ path: String, kind: CompositionMediaType, trackID: TrackID,
    composition: inout Composition
  ) {
    guard
      let segment = object(node, path, .segment)
    else { return }
    let sources = TemplateFormat.segmentSources.filter { segment.has($0) }
    guard sources.count == 1 else {
      problem(
        path,
        sources.isEmpty
          ? "missing required key 'media' (or 'image' or 'empty')"
          : "give only one of \"media\", \"image\" and \"empty\"", at: node)
      return
    }
    let at = segment.get(.at) { self.duration($0, $1, allowZero: true) }
    let trackEnd = composition.track(trackID)?.duration ?? .zero
    let start = at ?? trackEnd
    do {
      if let emptyNode = segment[.empty] {
        guard let length = duration(emptyNode, segment.path(.empty)) else { return }
        try composition.modifyTrack(trackID) { (edited) throws(CompositionError) in
          try edited.insertEmptyTimeRange(TimeRange(start: start, duration: length))
        }
      } else if let imageNode = segment[.image] {
        guard kind == .video else {
          problem(segment.path(.image), "an image can only go into a video track", at: imageNode)
          return
        }
        let shown = segment.get(.duration) { self.duration($0, $1) }
        if !segment.has(.duration) {
          problem(path, "missing required key 'duration' (how long the image is shown)", at: node)
        }
        guard let still = stillImage(imageNode, segment.path(.image)), let shown else { return }
        try composition.insertStill(still, duration: shown, at: start, into: trackID)
      } else if let mediaNode = segment[.media] {
        let streamIndex = segment.get(.track) { self.integer($0, $1, minimum: 0) }
        let sourceRange: [Time]? = segment.get(.source) { value, sourcePath in
          guard let pair = self.array(value, sourcePath) else { return nil }
          guard pair.count == 2 else {
            self.problem(
              sourcePath, "expected [start, duration] in seconds, got \(pair.count) numbers",
              at: value)
            return nil
          }
          guard
            let first = self.duration(pair[0], TemplatePath.join(sourcePath, 0), allowZero: true),
            let length = self.duration(pair[1], TemplatePath.join(sourcePath, 1))
          else { return nil }
          return [first, length]
        }
        let target = segment.get(.duration) { self.duration($0, $1) }
        guard let asset = asset(mediaNode, segment.path(.media)) else { return }
        let wanted: TrackKind = kind == .video ? .video : .audio
        let info: TrackInfo
        if let streamIndex {
          guard let found = asset.tracks.first(where: { $0.index == streamIndex }) else {
            problem(
              segment.path(.track),
              "\(asset.path) has no stream \(streamIndex) (its streams: \(asset.tracks.map { "\($0.index) \($0.kind.rawValue)" }.joined(separator: ", ")))",
              at: segment[.track])
            return
          }
          guard found.kind == wanted else {
            problem(
              segment.path(.track),
              "stream \(streamIndex) of \(asset.path) is \(found.kind.rawValue), but this is a \(kind.rawValue) track",
              at: segment[.track])
            return
          }
          info = found
        } else {
          guard let found = asset.tracks.first(where: { $0.kind == wanted }) else {
            problem(
              segment.path(.media), "\(asset.path) has no \(wanted.rawValue) stream", at: mediaNode
            )
            return
          }
          info = found
        }
        // `asset(_:_:)` opened the decoders of the first video and audio tracks; a segment
        // may name another one.
        if streamIndex != nil {
          guard
            reporting(
              segment.path(.track), at: segment[.track],
              { () throws(TemplateFileProblem) in try files.checkDecoders(of: asset, for: [info]) })
              != nil
          else { return }
        }
        let source = SourceTrack(asset: asset, track: info)
        let available = source.availableDuration ?? asset.duration
        let range =
          sourceRange.map { TimeRange(start: $0[0], duration: $0[1]) }
          ?? TimeRange(start: .zero, duration: available)
        if range.end > available {
          problem(
            segment.path(.source),
            "the range ends at \(seconds(range.end)) s, after the end of \(asset.path) (\(seconds(available)) s)",
            at: segment[.source] ?? mediaNode)
          return
        }
        guard checkData(asset, covers: range, segment.path(.media), at: mediaNode) else { return }
        try composition.insertTimeRange(range, of: source, at: start, into: trackID)
        if let target, target != range.duration {
          try composition.modifyTrack(trackID) { (edited) throws(CompositionError) in
            try edited.scaleTimeRange(
              TimeRange(start: start, duration: range.duration), toDuration: target)
          }
        }
      }
    } catch {
      problem(path, error.description, at: node)
    }
  }

  private func decodeInstruction(_ node: TemplateJSON, _ path: String, ids: [Int: TrackID])
    -> VideoCompositionInstruction?
  {
    guard
      let reader = object(node, path, .instruction)
    else { return nil }
    let start = reader.get(.start) { self.duration($0, $1, allowZero: true) }
    let length = reader.get(.duration) { self.duration($0, $1) }
    let background = reader.get(.background, color)
    var layers: [LayerInstruction] = []
    if let elements = reader.get(.layers, array) {
      for (index, element) in elements.enumerated() {
        let layerPath = TemplatePath.join(reader.path(.layers), index)
        guard
          let layer = object(element, layerPath, .layerInstruction)
        else { continue }
        guard let id = layer.get(.track, { self.integer($0, $1) }) else { continue }
        guard let trackID = ids[id] else {
          problem(
            layer.path(.track),
            "no track has the id \(id) (the tracks' ids: \(ids.keys.sorted().map(String.init).joined(separator: ", ")))",
            at: layer[.track])
          continue
        }
        var instruction = LayerInstruction(trackID: trackID)
        if let steps = layer[.opacity] {
          decodeParameterList(
            steps, layer.path(.opacity), value: { self.number($0, $1, in: 0...1) },
            step: { instruction.setOpacity($0, at: $1) },
            ramp: { instruction.setOpacityRamp(from: $0, to: $1, timeRange: $2) })
        }
        if let steps = layer[.transform] {
          decodeParameterList(
            steps, layer.path(.transform), value: decodeTransform2D,
            step: { instruction.setTransform($0, at: $1) },
            ramp: { instruction.setTransformRamp(from: $0, to: $1, timeRange: $2) })
        }
        if let steps = layer[.crop] {
          decodeParameterList(
            steps, layer.path(.crop), value: pixelRect,
            step: { instruction.setCropRectangle($0, at: $1) },
            ramp: { instruction.setCropRectangleRamp(from: $0, to: $1, timeRange: $2) })
        }
        layers.append(instruction)
      }
    }
    guard let start, let length else { return nil }
    return VideoCompositionInstruction(
      timeRange: TimeRange(start: start, duration: length), layerInstructions: layers,
      backgroundColor: background)
  }
}
