import Foundation
import Reel

/// The timeline part of a template, built.
struct TemplateTimeline {
  var composition: Composition
  var videoComposition: VideoComposition
  var audioMix: AudioMix?
  /// Template track IDs → composition track IDs (the `composition` form only).
  var trackIDs: [Int: TrackID] = [:]
  /// The clips and transitions where they lie, for the outline.
  var clips: [TemplateOutline.Clip] = []
  var transitions: [TemplateOutline.Transition] = []
}

extension TemplateBuilder {
  /// The composition, video composition and the clips' audio mix; nil when the timeline, or
  /// one of its files, has a problem.
  func buildTimeline(_ resolved: ResolvedTemplate) -> TemplateTimeline? {
    let description = resolved.description
    let output = description.output
    guard let timeline = description.timeline, let files = resolved.timeline else { return nil }
    var built: TemplateTimeline?
    switch (timeline, files) {
    case (.clips(let clips), .clips(let items)):
      built = buildClips(clips, items, output: output)
    case (.composition(let composition), .composition(let segments)):
      built = buildComposition(composition, segments, output: output)
    case (.empty(let size, let duration), _):
      return emptyTimeline(
        size: size, duration: duration, background: output.background,
        frameDuration: output.frameDuration ?? Time(value: 1, timescale: 30))
    default:
      return nil
    }
    guard var built else { return nil }
    if let duration = output.duration {
      fit(&built, to: duration, at: description.durationLocation)
    }
    return built
  }

  /// A timeline with one empty video track: a movie made of layers only.
  private func emptyTimeline(size: Size, duration: Time, background: Color, frameDuration: Time)
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
  private func fit(
    _ timeline: inout TemplateTimeline, to duration: Time, at location: TemplateLocation
  ) {
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
      report.problem(error.description, at: location)
    }
  }

  // MARK: Clips

  private func buildClips(
    _ clips: ClipsDescription,
    _ items: [(clip: ClipSequence.Clip, transition: ClipSequence.Transition)]?,
    output: OutputDescription
  ) -> TemplateTimeline? {
    guard clips.isComplete, let items else { return nil }
    var sequence = ClipSequence()
    sequence.renderSize = output.size
    sequence.backgroundColor = output.background
    sequence.includesAudio = clips.includesAudio
    for item in items { sequence.append(item.clip, transition: item.transition) }
    let built: ClipSequence.Output
    do {
      built = try sequence.build()
    } catch {
      report.problem(error.description, at: clips.location)
      return nil
    }
    var video = built.videoComposition
    if let frameDuration = output.frameDuration { video.frameDuration = frameDuration }
    let outline = Self.outline(of: clips.clips, at: built.clipTimeRanges)
    return TemplateTimeline(
      composition: built.composition, videoComposition: video,
      audioMix: built.audioMix.inputParameters.isEmpty ? nil : built.audioMix,
      clips: outline.clips, transitions: outline.transitions)
  }

  // MARK: Composition

  private func buildComposition(
    _ description: CompositionDescription, _ resolved: ResolvedComposition,
    output: OutputDescription
  ) -> TemplateTimeline? {
    let before = problemCount
    var composition = Composition()
    var ids: [Int: TrackID] = [:]
    var outline: [TemplateOutline.Clip] = []
    for (index, (track, segments)) in zip(description.tracks, resolved.segments).enumerated() {
      let trackID = composition.addTrack(track.kind)
      ids[track.id] = trackID
      for (segment, source) in zip(track.segments, segments) {
        guard let source else { continue }
        if let placed = insert(source, at: segment, into: trackID, of: &composition) {
          outline.append(
            TemplateOutline.Clip(
              track: index, name: Self.name(of: segment.source), start: placed.start.seconds,
              end: placed.end.seconds))
        }
      }
    }
    guard description.isComplete, resolved.isComplete, problemCount == before else { return nil }
    guard composition.duration > .zero else {
      report.problem(
        "the timeline is empty: add a segment with media", at: description.tracksLocation)
      return nil
    }
    var video = VideoComposition.default(
      for: composition, renderSize: output.size, backgroundColor: output.background)
    if let frameDuration = output.frameDuration { video.frameDuration = frameDuration }
    var location = description.location
    if let instructions = description.instructions {
      report.report(instructions.problems)
      guard instructions.problems.isEmpty, let list = instructions.instructions else {
        return nil
      }
      video.instructions = list.map { instruction($0, ids: ids) }
      location = instructions.location
    }
    do {
      try video.validate(against: composition)
    } catch {
      report.problem(error.description, at: location)
      return nil
    }
    return TemplateTimeline(
      composition: composition, videoComposition: video, audioMix: nil, trackIDs: ids,
      clips: outline)
  }

  /// Inserts one segment where it starts (`at`, or the track's end so far).
  ///
  /// - Returns: Where a still or media segment lies on the track (nil for empty time and
  ///   for a segment that could not be inserted).
  private func insert(
    _ source: ResolvedSegment, at segment: SegmentDescription, into trackID: TrackID,
    of composition: inout Composition
  ) -> TimeRange? {
    let start = segment.at ?? composition.track(trackID)?.duration ?? .zero
    do {
      switch source {
      case .empty(let length):
        try composition.modifyTrack(trackID) { (edited) throws(CompositionError) in
          try edited.insertEmptyTimeRange(TimeRange(start: start, duration: length))
        }
        return nil
      case .still(let still, let shown):
        guard let shown else { return nil }
        try composition.insertStill(still, duration: shown, at: start, into: trackID)
        return TimeRange(start: start, duration: shown)
      case .media(let source, let range, let target):
        try composition.insertTimeRange(range, of: source, at: start, into: trackID)
        if let target, target != range.duration {
          try composition.modifyTrack(trackID) { (edited) throws(CompositionError) in
            try edited.scaleTimeRange(
              TimeRange(start: start, duration: range.duration), toDuration: target)
          }
        }
        return TimeRange(start: start, duration: target ?? range.duration)
      }
    } catch {
      report.problem(error.description, at: segment.location)
      return nil
    }
  }

  private func instruction(_ description: InstructionDescription, ids: [Int: TrackID])
    -> VideoCompositionInstruction
  {
    let layers = description.layers.compactMap { layer -> LayerInstruction? in
      guard let trackID = ids[layer.track] else { return nil }
      var instruction = LayerInstruction(trackID: trackID)
      for change in layer.opacity {
        switch change {
        case .step(let value, let time): instruction.setOpacity(value, at: time)
        case .ramp(let from, let to, let range):
          instruction.setOpacityRamp(from: from, to: to, timeRange: range)
        }
      }
      for change in layer.transform {
        switch change {
        case .step(let value, let time): instruction.setTransform(value, at: time)
        case .ramp(let from, let to, let range):
          instruction.setTransformRamp(from: from, to: to, timeRange: range)
        }
      }
      for change in layer.crop {
        switch change {
        case .step(let value, let time): instruction.setCropRectangle(value, at: time)
        case .ramp(let from, let to, let range):
          instruction.setCropRectangleRamp(from: from, to: to, timeRange: range)
        }
      }
      return instruction
    }
    return VideoCompositionInstruction(
      timeRange: description.timeRange, layerInstructions: layers,
      backgroundColor: description.background)
  }
}
