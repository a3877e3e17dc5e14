import ReelCore

extension ExportJob {
  /// Stage 1: decode sources and draw the video composition, frame by frame: the plan's
  /// frames, then as many of its lookahead frames as `limit` allows (the encode stage lowers
  /// it once it knows the encoder's delay, and stops the queues when it has every frame).
  func decodeStage(
    _ frames: MovieRenderer.Configuration, into output: BlockingQueue<Frame>, limit: FrameLimit,
    cancellation: ExportCancellation, stats: PipelineStatistics,
    fail: @Sendable (ExportError) -> Void
  ) {
    defer { output.close() }
    var working = Duration.zero
    defer { stats.update { $0.busySeconds?.decode = Self.seconds(working) } }
    do {
      let step = try MovieRenderer.DecodeStep(frames)
      var index = 0
      while index < limit.count {
        defer { index += 1 }
        if cancellation.isCancelled { return }
        let picture = try Self.timed(&working) {
          try step.picture(at: plan.compositionTime(ofFrame: index))
        }
        if !output.push((index, picture)) { return }
      }
    } catch {
      fail(ExportError.wrapping(error))
    }
  }

  /// Stage 2: draw the layers over (and around) the video, scale to the output size and
  /// convert for the encoder.
  func compositeStage(
    _ frames: MovieRenderer.Configuration, from input: BlockingQueue<Frame>,
    into output: BlockingQueue<Frame>, cancellation: ExportCancellation,
    stats: PipelineStatistics, fail: @Sendable (ExportError) -> Void
  ) {
    defer { output.close() }
    var working = Duration.zero
    defer { stats.update { $0.busySeconds?.composite = Self.seconds(working) } }
    do {
      let step = try MovieRenderer.CompositeStep(frames)
      defer {
        stats.update {
          $0.yuvFrameCount = step.yuvFrameCount
          $0.renderListEvaluationCount = step.renderListEvaluationCount
        }
      }
      while let frame = input.pop() {
        if cancellation.isCancelled { return }
        let picture = try Self.timed(&working) {
          try step.encoderPicture(
            from: frame.picture, at: plan.compositionTime(ofFrame: frame.index))
        }
        if !output.push((frame.index, picture)) { return }
      }
    } catch {
      fail(ExportError.wrapping(error))
    }
  }
}
