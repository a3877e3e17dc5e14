import Foundation
import ReelCore
import ReelMedia

/// A smart render (``ExportSettings/smart``): the runs ``SmartRenderPlan`` marks encoded are
/// exported one by one as H.264 pieces (each from an IDR frame, with the copied source's
/// profile and SPS/PPS numbers it does not use), the audio is mixed and encoded once, and
/// ``Remuxer/splice(_:frameDuration:reorderDepth:parameterSets:audio:to:overwrite:)`` joins
/// the source's copied packets and the pieces into the output. The pieces live in a hidden
/// folder beside the output, removed at the end. When the splice fails (a source it cannot
/// take), the export encodes every frame instead and says why in a warning.
struct SmartRenderJob: Sendable {
  let movie: Movie
  let outputURL: URL
  let settings: ExportSettings
  let export: ExportPlan
  let plan: SmartRenderPlan

  /// Plans a smart render; nil when no frame can be copied (the export then encodes every
  /// frame as usual).
  ///
  /// - Throws: ``ExportError`` from checking the export (``ExportPlan``).
  init?(movie: Movie, outputURL: URL, settings: ExportSettings) throws(ExportError) {
    let plan = try SmartRenderPlan.planning(
      movie: movie, settings: settings, outputURL: outputURL)
    guard plan.copiedFrameCount > 0 else { return nil }
    let export = try ExportPlan(movie: movie, settings: settings, outputURL: outputURL)
    self.movie = movie
    self.outputURL = outputURL
    self.settings = settings
    self.export = export
    self.plan = plan
  }

  /// Encodes the runs and the audio, then splices.
  func run(
    cancellation: ExportCancellation, progress: AsyncStream<ExportProgress>.Continuation
  ) -> Result<ExportResult, ExportError> {
    let clock = ContinuousClock()
    let started = clock.now
    let folder = outputURL.deletingLastPathComponent().appendingPathComponent(
      ".\(outputURL.lastPathComponent).reel-smart-\(UUID().uuidString)", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    } catch {
      return .failure(
        .media(.unwritable(path: folder.path, reason: error.localizedDescription)))
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = Result { () throws(ExportError) -> ExportResult in
      try render(into: folder, cancellation: cancellation, progress: progress, clock: clock)
    }
    switch result {
    case .success(var finished):
      finished.wallSeconds = ExportJob.seconds(clock.now - started)
      return .success(finished)
    case .failure(.cancelled(let path)):
      return .failure(.cancelled(path: path))
    case .failure(let error):
      if cancellation.isCancelled { return .failure(.cancelled(path: outputURL.path)) }
      // A source the splice cannot take still renders: every frame encoded, as without
      // smart rendering, with a warning naming what stopped the copy.
      var whole = settings
      whole.smart = false
      let fallback = Result { () throws(ExportError) -> ExportJob in
        try ExportJob(movie: movie, outputURL: outputURL, settings: whole)
      }
      return fallback.flatMap { $0.run(cancellation: cancellation, progress: progress) }.map {
        var finished = $0
        finished.warnings.append(
          "smart rendering stopped (\(error)); every frame was encoded instead")
        return finished
      }
    }
  }

  private func render(
    into folder: URL, cancellation: ExportCancellation,
    progress: AsyncStream<ExportProgress>.Continuation, clock: ContinuousClock
  ) throws(ExportError) -> ExportResult {
    let started = clock.now
    guard let source = plan.source else { throw .invalidMovie("nothing is copied") }
    let sourceSets = try mediaResult { () throws(MediaError) in
      try H264ParameterSets(avcC: source.parameters.extradata)
    }
    guard let parameterSetID = sourceSets.unusedParameterSetID else {
      throw .invalidMovie(
        "\(source.path) uses every SPS/PPS number; render with --no-smart (smart: false)")
    }
    var parameterSets = sourceSets
    var reorderDepth = source.reorderDepth
    var pieces: [Remuxer.SplicePiece] = []
    var warnings: [String] = []
    var encoded = 0
    let total = plan.frameCount
    var copied = 0
    func report(_ done: Int) {
      let elapsed = ExportJob.seconds(clock.now - started)
      let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 1
      var step = ExportProgress(
        fraction: fraction, framesDone: done, totalFrames: total,
        framesPerSecond: elapsed > 0 ? Double(done) / elapsed : 0,
        secondsRemaining: fraction > 0 ? elapsed * (1 - fraction) / fraction : nil,
        secondsElapsed: elapsed)
      step.framesCopied = copied
      progress.yield(step)
    }
    for (number, run) in plan.runs.enumerated() {
      if cancellation.isCancelled { throw .cancelled(path: outputURL.path) }
      switch run {
      case .copy(let frames, let path, let packets):
        guard path == source.path else {
          throw .invalidMovie("copied runs come from \(source.path) only, not \(path)")
        }
        pieces.append(
          try mediaResult { () throws(MediaError) in
            try Remuxer.SplicePiece(source, packets: packets, firstFrame: frames.lowerBound)
          })
        copied += frames.count
      case .encode(let frames, _):
        let url = folder.appendingPathComponent("run-\(number).mp4")
        let result = try encode(
          frames, to: url, parameterSetID: parameterSetID, cancellation: cancellation)
        warnings += result.warnings
        let index = try mediaResult { () throws(MediaError) in try VideoPacketIndex(path: url.path)
        }
        guard index.packets.count == frames.count else {
          throw .invalidMovie(
            "the encoder wrote \(index.packets.count) frames for frames \(frames); expected \(frames.count)"
          )
        }
        parameterSets = try mediaResult { () throws(MediaError) in
          try parameterSets.merged(with: H264ParameterSets(avcC: index.parameters.extradata))
        }
        reorderDepth = max(reorderDepth, index.reorderDepth)
        pieces.append(
          try mediaResult { () throws(MediaError) in
            try Remuxer.SplicePiece(
              index, packets: 0..<index.packets.count, firstFrame: frames.lowerBound)
          })
        encoded += frames.count
        report(encoded + copied)
      }
    }
    var audioPath: String?
    if export.hasAudio {
      let url = folder.appendingPathComponent("audio.m4a")
      var audioSettings = settings
      audioSettings.smart = false
      audioSettings.overwrite = true
      audioSettings.timeRange = export.range
      audioSettings.metadata = [:]
      let job = try ExportJob(movie: movie, outputURL: url, settings: audioSettings)
      warnings += try job.run(cancellation: cancellation, progress: Self.unwatched()).get()
        .warnings
      audioPath = url.path
    }
    if cancellation.isCancelled { throw .cancelled(path: outputURL.path) }
    let depth = reorderDepth
    let sets = parameterSets
    let audio = audioPath
    _ = try mediaResult { () throws(MediaError) in
      try Remuxer.splice(
        pieces, frameDuration: export.frameDuration, reorderDepth: depth, parameterSets: sets,
        audio: audio, to: outputURL, overwrite: settings.overwrite)
    }
    report(total)
    var result = ExportResult(
      url: outputURL, frameCount: total, duration: export.range.duration,
      videoSize: export.outputSize, wallSeconds: 0, statistics: ExportStatistics(),
      warnings: warnings)
    result.copiedFrameCount = plan.copiedFrameCount
    return result
  }

  /// Exports output frames `frames` alone into `url`: H.264 from an IDR frame, the source's
  /// profile, SPS/PPS number `parameterSetID`, no audio.
  private func encode(
    _ frames: Range<Int>, to url: URL, parameterSetID: Int, cancellation: ExportCancellation
  ) throws(ExportError) -> ExportResult {
    var runSettings = settings
    runSettings.smart = false
    runSettings.overwrite = true
    runSettings.excludesAudio = true
    runSettings.metadata = [:]
    let start = export.compositionTime(ofFrame: frames.lowerBound)
    let end = min(export.compositionTime(ofFrame: frames.upperBound), export.range.end)
    runSettings.timeRange = TimeRange(start: start, end: end)
    var pinned = PinnedVideoEncoding()
    pinned.parameterSetID = parameterSetID
    runSettings.pinnedEncoding = pinned
    runSettings.encoderProfile = plan.encoderProfile
    let job = try ExportJob(movie: movie, outputURL: url, settings: runSettings)
    guard job.plan.frameCount == frames.count else {
      throw .invalidMovie(
        "frames \(frames) of the export would be \(job.plan.frameCount) frames when encoded alone"
      )
    }
    return try job.run(cancellation: cancellation, progress: Self.unwatched()).get()
  }

  /// A progress continuation nobody reads (a run's own progress; the job reports its own).
  private static func unwatched() -> AsyncStream<ExportProgress>.Continuation {
    AsyncStream.makeStream(of: ExportProgress.self, bufferingPolicy: .bufferingNewest(1))
      .continuation
  }

  private func mediaResult<T>(_ body: () throws(MediaError) -> T) throws(ExportError) -> T {
    do {
      return try body()
    } catch {
      throw .media(error)
    }
  }
}
