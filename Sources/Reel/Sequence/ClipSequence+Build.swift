import ReelCore

extension ClipSequence {
  /// A clip with its checked range and picture facts.
  private struct ResolvedClip {
    var clip: Clip
    var duration: Time
    var videoSource: TrackSegment.Source
    var displaySize: Size
  }

  /// Builds the composition, video composition and audio mix.
  ///
  /// - Returns: The three, plus each clip's range in the composition.
  /// - Throws: ``ClipSequenceError`` — `.composition` with the ``CompositionError``
  ///   `.emptySequence`, `.clipHasNoVideo`, range errors of a clip,
  ///   `.invalidTransitionDuration`, `.transitionTooLong` (a transition longer than a clip it
  ///   joins) or `.transitionsExceedClip`; `.invalidVideoComposition` (e.g. an odd
  ///   ``renderSize``).
  public func build() throws(ClipSequenceError) -> Output {
    let output: Output
    do {
      output = try assemble()
    } catch {
      throw .composition(error)
    }
    do {
      try output.videoComposition.validate(against: output.composition)
    } catch {
      throw .invalidVideoComposition(error)
    }
    return output
  }

  /// The composition, video composition (not yet validated) and audio mix of the clips.
  private func assemble() throws(CompositionError) -> Output {
    guard !clips.isEmpty else { throw .emptySequence }
    let resolved = try resolveClips()
    try checkTransitions(resolved)

    // Timeline: each clip starts where the previous ends, minus the overlap.
    var starts: [Time] = [.zero]
    for index in 1..<max(1, resolved.count) {
      starts.append(
        starts[index - 1] + resolved[index - 1].duration - transitions[index - 1].overlap)
    }
    let ranges = zip(starts, resolved).map { TimeRange(start: $0, duration: $1.duration) }

    // Composition: clips alternate between tracks A and B.
    var composition = Composition()
    let videoIDs =
      [composition.addTrack(.video)] + (clips.count > 1 ? [composition.addTrack(.video)] : [])
    let usesAudio =
      includesAudio
      && clips.contains { if case .media(let media, _) = $0 { media.audio != nil } else { false } }
    var audioIDs: [TrackID] = []
    if usesAudio {
      audioIDs.append(composition.addTrack(.audio))
      if clips.count > 1 { audioIDs.append(composition.addTrack(.audio)) }
    }
    for (index, clip) in resolved.enumerated() {
      let lane = index % 2
      switch clip.clip {
      case .still(let image, let duration):
        try composition.insertStill(
          image, duration: duration, at: ranges[index].start, into: videoIDs[lane])
      case .media(let media, let range):
        let sourceRange = range ?? media.naturalTimeRange
        if let video = media.video {
          try composition.modifyTrack(videoIDs[lane]) { (track) throws(CompositionError) in
            try track.insertClipPart(sourceRange, of: video, into: ranges[index])
          }
        }
        if usesAudio, let audio = media.audio {
          try composition.modifyTrack(audioIDs[lane]) { (track) throws(CompositionError) in
            try track.insertClipPart(sourceRange, of: audio, into: ranges[index])
          }
        }
      }
    }

    // Video composition.
    let size = renderSize ?? ClipSequence.defaultRenderSize(resolved.map(\.displaySize))
    var video = VideoComposition(
      renderSize: size,
      frameDuration: VideoComposition.defaultFrameDuration(for: resolved.map(\.videoSource)),
      backgroundColor: backgroundColor)
    let transforms = resolved.map {
      VideoComposition.fittedTransform(for: $0.videoSource, into: size)
    }
    var instructions: [VideoCompositionInstruction] = []
    for index in resolved.indices {
      let track = videoIDs[index % 2]
      let incoming = index > 0 ? transitions[index - 1].clipUse : .zero
      let outgoing = index < transitions.count ? transitions[index].clipUse : .zero
      let solo = TimeRange(start: ranges[index].start + incoming, end: ranges[index].end - outgoing)
      if solo.duration > .zero {
        instructions.append(
          .passThrough(trackID: track, timeRange: solo, transform: transforms[index]))
      }
      if index < transitions.count {
        instructions += transitionInstructions(
          transitions[index], outgoing: (track, transforms[index], resolved[index]),
          incoming: (videoIDs[(index + 1) % 2], transforms[index + 1], resolved[index + 1]),
          outgoingRange: ranges[index], incomingRange: ranges[index + 1], renderSize: size)
      }
    }
    video.instructions = instructions

    // Audio mix.
    var mix = AudioMix()
    if usesAudio {
      var parameters = audioIDs.map { AudioMixInputParameters(trackID: $0) }
      for (index, clip) in resolved.enumerated() {
        guard case .media(let media, _) = clip.clip, media.audio != nil else { continue }
        let lane = index % 2
        parameters[lane].setVolume(1, at: ranges[index].start)
        if index > 0, transitions[index - 1] != .cut {
          let use = transitions[index - 1].clipUse
          parameters[lane].setVolumeRamp(
            from: 0, to: 1, timeRange: TimeRange(start: ranges[index].start, duration: use))
        }
        if index < transitions.count, transitions[index] != .cut {
          let use = transitions[index].clipUse
          parameters[lane].setVolumeRamp(
            from: 1, to: 0, timeRange: TimeRange(start: ranges[index].end - use, duration: use))
        }
      }
      mix.inputParameters = parameters
    }

    return Output(
      composition: composition, videoComposition: video, audioMix: mix, clipTimeRanges: ranges)
  }

  /// The instructions of one transition (none for a cut).
  private func transitionInstructions(
    _ transition: Transition, outgoing: (TrackID, Transform2D, ResolvedClip),
    incoming: (TrackID, Transform2D, ResolvedClip), outgoingRange: TimeRange,
    incomingRange: TimeRange, renderSize: Size
  ) -> [VideoCompositionInstruction] {
    let (outTrack, outTransform, outClip) = outgoing
    let (inTrack, inTransform, _) = incoming
    func layer(_ track: TrackID, _ transform: Transform2D, from start: Time) -> LayerInstruction {
      var layer = LayerInstruction(trackID: track)
      layer.setTransform(transform, at: start)
      return layer
    }
    switch transition {
    case .cut:
      return []
    case .crossFade(let duration):
      let range = TimeRange(start: incomingRange.start, duration: duration)
      var top = layer(outTrack, outTransform, from: range.start)
      top.setOpacityRamp(from: 1, to: 0, timeRange: range)
      let bottom = layer(inTrack, inTransform, from: range.start)
      return [VideoCompositionInstruction(timeRange: range, layerInstructions: [top, bottom])]
    case .filter(let filter, let duration):
      let range = TimeRange(start: incomingRange.start, duration: duration)
      let top = layer(outTrack, outTransform, from: range.start)
      let bottom = layer(inTrack, inTransform, from: range.start)
      var instruction = VideoCompositionInstruction(
        timeRange: range, layerInstructions: [top, bottom])
      instruction.transitionFilter = filter
      return [instruction]
    case .fadeThroughColor(let color, let duration):
      let half = duration.multiplied(byRatio: 1, 2)
      let outRange = TimeRange(start: outgoingRange.end - half, duration: half)
      let inRange = TimeRange(start: incomingRange.start, duration: half)
      var fadingOut = layer(outTrack, outTransform, from: outRange.start)
      fadingOut.setOpacityRamp(from: 1, to: 0, timeRange: outRange)
      var fadingIn = layer(inTrack, inTransform, from: inRange.start)
      fadingIn.setOpacityRamp(from: 0, to: 1, timeRange: inRange)
      return [
        VideoCompositionInstruction(
          timeRange: outRange, layerInstructions: [fadingOut], backgroundColor: color),
        VideoCompositionInstruction(
          timeRange: inRange, layerInstructions: [fadingIn], backgroundColor: color),
      ]
    case .wipe(let direction, let duration):
      let range = TimeRange(start: incomingRange.start, duration: duration)
      let size = outClip.displaySize
      let full = Rect(x: 0, y: 0, width: size.width, height: size.height)
      let gone: Rect
      switch direction {
      case .left: gone = Rect(x: 0, y: 0, width: 0, height: size.height)
      case .right: gone = Rect(x: size.width, y: 0, width: 0, height: size.height)
      case .up: gone = Rect(x: 0, y: 0, width: size.width, height: 0)
      case .down: gone = Rect(x: 0, y: size.height, width: size.width, height: 0)
      }
      // Crop rectangles are in coded pixels: map the upright rectangles back.
      let upright = VideoComposition.preferredTransform(for: outClip.videoSource)
      let toCoded = upright.inverted() ?? .identity
      var top = layer(outTrack, outTransform, from: range.start)
      top.setCropRectangleRamp(
        from: toCoded.apply(to: full), to: toCoded.apply(to: gone),
        timeRange: range)
      let bottom = layer(inTrack, inTransform, from: range.start)
      return [VideoCompositionInstruction(timeRange: range, layerInstructions: [top, bottom])]
    case .slide(let direction, let duration):
      let range = TimeRange(start: incomingRange.start, duration: duration)
      let (dx, dy): (Double, Double)
      switch direction {
      case .left: (dx, dy) = (-renderSize.width, 0)
      case .right: (dx, dy) = (renderSize.width, 0)
      case .up: (dx, dy) = (0, -renderSize.height)
      case .down: (dx, dy) = (0, renderSize.height)
      }
      var leaving = LayerInstruction(trackID: outTrack)
      leaving.setTransformRamp(
        from: outTransform,
        to: outTransform.concatenating(Transform2D(translationX: dx, y: dy)), timeRange: range)
      var entering = LayerInstruction(trackID: inTrack)
      entering.setTransformRamp(
        from: inTransform.concatenating(Transform2D(translationX: -dx, y: -dy)), to: inTransform,
        timeRange: range)
      return [
        VideoCompositionInstruction(timeRange: range, layerInstructions: [entering, leaving])
      ]
    }
  }

  /// Checks each clip and works out its duration and picture.
  private func resolveClips() throws(CompositionError) -> [ResolvedClip] {
    var result: [ResolvedClip] = []
    for (index, clip) in clips.enumerated() {
      switch clip {
      case .still(let image, let duration):
        guard duration.isNumeric, duration > .zero else {
          throw .invalidDuration(operation: "clip \(index)", duration: duration)
        }
        guard image.width > 0, image.height > 0 else {
          throw .invalidStillImage(path: image.path, width: image.width, height: image.height)
        }
        result.append(
          ResolvedClip(
            clip: clip, duration: duration, videoSource: .still(image),
            displaySize: Size(width: Double(image.width), height: Double(image.height))))
      case .media(let media, let range):
        guard let video = media.video else { throw .clipHasNoVideo(clip: index, path: media.path) }
        let sourceRange = range ?? media.naturalTimeRange
        try CompositionTrack.check(sourceRange, "clip \(index)")
        let available = media.naturalTimeRange.duration
        if sourceRange.end > available {
          throw .sourceRangeBeyondSource(
            path: media.path, trackIndex: video.track.index, range: sourceRange,
            availableDuration: available)
        }
        result.append(
          ResolvedClip(
            clip: clip, duration: sourceRange.duration, videoSource: .track(video),
            displaySize: VideoComposition.displaySize(of: video.track)))
      }
    }
    return result
  }

  /// Checks transition durations against the clips they join.
  private func checkTransitions(_ resolved: [ResolvedClip]) throws(CompositionError) {
    for (index, transition) in transitions.enumerated() where transition != .cut {
      let duration = transition.duration
      guard duration.isNumeric, duration > .zero else {
        throw .invalidTransitionDuration(
          transition: index, name: transition.name, duration: duration)
      }
      for clip in [index, index + 1] where transition.clipUse > resolved[clip].duration {
        let clipDuration = resolved[clip].duration
        let maximum =
          clipDuration.scaled(by: duration, over: transition.clipUse) ?? clipDuration
        throw .transitionTooLong(
          transition: index, name: transition.name, duration: duration, clip: clip,
          clipDuration: clipDuration, maximumDuration: maximum)
      }
    }
    for index in resolved.indices {
      let incoming = index > 0 ? transitions[index - 1].clipUse : .zero
      let outgoing = index < transitions.count ? transitions[index].clipUse : .zero
      if incoming + outgoing > resolved[index].duration {
        throw .transitionsExceedClip(
          clip: index, clipDuration: resolved[index].duration, incoming: incoming,
          outgoing: outgoing)
      }
    }
  }

  /// The largest width × the largest height, each rounded up to even.
  private static func defaultRenderSize(_ sizes: [Size]) -> Size {
    Size(
      width: VideoComposition.roundedUpToEven(sizes.map(\.width).max() ?? 0),
      height: VideoComposition.roundedUpToEven(sizes.map(\.height).max() ?? 0))
  }
}
