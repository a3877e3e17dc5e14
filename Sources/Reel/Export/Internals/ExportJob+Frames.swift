import ReelCore

extension ExportJob {
  /// How long the decode stage waits for a composer's answer before looking at the
  /// cancellation flag again, in seconds.
  static let answerPollSeconds = 0.05

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
      // Frames begun and not yet finished, oldest first: more than one only with a composer,
      // which may compose several at once; they are pushed in frame order.
      var pending: [(index: Int, picture: VideoFrameCompositor.PendingPicture)] = []
      defer { if !pending.isEmpty { step.cancelPendingPictures() } }
      var index = 0
      while index < limit.count || !pending.isEmpty {
        if cancellation.isCancelled { return }
        if index < limit.count, pending.count < step.framesInFlight {
          let begun = try Self.timed(&working) {
            try step.startPicture(at: plan.compositionTime(ofFrame: index))
          }
          pending.append((index, begun))
          index += 1
          continue
        }
        let oldest = pending.removeFirst()
        // The composer's answer, waited for in slices so that a cancelled export stops at once.
        var waited = 0.0
        while waited < VideoFrameCompositor.composerTimeout,
          !oldest.picture.isReady(waiting: Self.answerPollSeconds)
        {
          if cancellation.isCancelled {
            pending.insert(oldest, at: 0)
            return
          }
          waited += Self.answerPollSeconds
        }
        let picture = try Self.timed(&working) {
          try step.finishPicture(oldest.picture, waitingUpTo: 0)
        }
        if !output.push((oldest.index, picture)) { return }
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
