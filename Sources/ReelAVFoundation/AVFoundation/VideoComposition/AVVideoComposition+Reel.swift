internal import Reel
internal import ReelAnimation

extension AVVideoComposition {
  /// The video composition as Reel's, for `timeline`'s composition, validated by Reel
  /// (instructions tile the timeline, layer instructions name its video tracks, the render
  /// size is usable).
  ///
  /// - Throws: `CompatFailure` with `.invalidVideoComposition` and Reel's message.
  func reelVideoComposition(for timeline: ReelTimeline) throws(CompatFailure) -> VideoComposition {
    guard renderScale == 1 else {
      throw CompatFailure(
        .invalidVideoComposition,
        "renderScale is \(renderScale): an export needs 1 (other values are for playback only)")
    }
    if let compositorClass = customVideoCompositorClass {
      return try reelCustomVideoComposition(compositorClass, for: timeline)
    }
    var reelInstructions: [VideoCompositionInstruction] = []
    for (index, item) in instructions.enumerated() {
      guard let instruction = item as? AVVideoCompositionInstruction else {
        throw CompatFailure(
          .invalidVideoComposition,
          "instruction \(index) is a \(type(of: item)), which only a custom compositor can draw: set customVideoCompositorClass, or use AVMutableVideoCompositionInstruction"
        )
      }
      if animationTool != nil, !instruction.enablePostProcessing {
        throw CompatFailure(
          .invalidVideoComposition,
          "instruction \(index) turns enablePostProcessing off: Reel draws the Core Animation tool over the whole movie; leave it on"
        )
      }
      var layers: [LayerInstruction] = []
      for (layerIndex, layer) in instruction.layerInstructions.enumerated() {
        guard let reelID = timeline.trackIDs[layer.trackID] else {
          let known = timeline.trackIDs.keys.sorted().map(String.init).joined(separator: ", ")
          throw CompatFailure(
            .invalidVideoComposition,
            "instruction \(index), layer instruction \(layerIndex) names track \(layer.trackID), which the composition does not have (its tracks: \(known.isEmpty ? "none" : known)): set trackID to a composition track's trackID"
          )
        }
        var reel = layer.reel
        reel.trackID = reelID
        layers.append(reel)
      }
      reelInstructions.append(
        VideoCompositionInstruction(
          timeRange: instruction.timeRange.range, layerInstructions: layers,
          backgroundColor: instruction.backgroundColor?.color))
    }
    var video = VideoComposition(
      renderSize: Size(width: Double(renderSize.width), height: Double(renderSize.height)),
      frameDuration: frameDuration.time, instructions: reelInstructions)
    video.frameFilter = storedCIFilterHandler.map(CoreImageFrameFilter.init(handler:))
    do throws(VideoCompositionError) {
      try video.validate(against: timeline.composition)
    } catch {
      throw CompatFailure(error)
    }
    return video
  }

  /// The video composition of a custom compositor: Reel's instructions carry the ranges and
  /// tracks, a new instance of `compositorClass` composes every frame.
  private func reelCustomVideoComposition(
    _ compositorClass: any AVVideoCompositing.Type, for timeline: ReelTimeline
  ) throws(CompatFailure) -> VideoComposition {
    if animationTool != nil,
      let index = instructions.firstIndex(where: { !$0.enablePostProcessing })
    {
      throw CompatFailure(
        .invalidVideoComposition,
        "instruction \(index) turns enablePostProcessing off: Reel draws the Core Animation tool over the whole movie; leave it on"
      )
    }
    var appleIDs: [TrackID: CMPersistentTrackID] = [:]
    for (apple, reel) in timeline.trackIDs { appleIDs[reel] = apple }
    var video = VideoComposition(
      renderSize: Size(width: Double(renderSize.width), height: Double(renderSize.height)),
      frameDuration: frameDuration.time, instructions: try reelCustomInstructions(for: timeline))
    video.composer = try CustomCompositorBridge(
      compositorClass: compositorClass, videoComposition: self, appleTrackIDs: appleIDs)
    video.frameFilter = storedCIFilterHandler.map(CoreImageFrameFilter.init(handler:))
    do throws(VideoCompositionError) {
      try video.validate(against: timeline.composition)
    } catch {
      throw CompatFailure(error)
    }
    return video
  }

  /// The Core Animation tool's layer tree, drawn at the render size; nil without a tool.
  ///
  /// - Throws: `CompatFailure` naming what Reel cannot draw.
  func reelLayerTree() throws(CompatFailure) -> LayerTree? {
    guard let animationTool else { return nil }
    return try animationTool.snapshotLayerTree(renderSize: renderSize)
  }
}
