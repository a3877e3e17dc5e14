internal import Reel
internal import ReelMedia

extension AVAssetExportSession {
  /// Starts the export (``exportAsynchronously(completionHandler:)``).
  func startExport(then handler: @escaping @Sendable () -> Void) {
    let started = run.withLock { state -> Bool in
      guard state.status == .unknown, state.task == nil else { return false }
      state.status = .waiting
      return true
    }
    guard started else {
      CompatWarnings.warnOnce(
        key: "export-twice",
        "AVAssetExportSession.exportAsynchronously was called again on a session that already exported: make a new session for each export"
      )
      return
    }
    // The task holds the session strongly until the handler has run; after it, the session
    // lives on while what the handler dispatched can still reach it, as on Apple: until the
    // main queue has run what the handler (and what that) put on it, and for a second on
    // other queues. A program capturing the session weakly and hopping queues finds it.
    let task = Task.detached { [self] in
      let outcome = await perform()
      finish(outcome)
      DispatchQueue.global().async {
        withExtendedLifetime(self) { handler() }
        DispatchQueue.main.async {
          DispatchQueue.main.async { withExtendedLifetime(self) {} }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(1)) {
          withExtendedLifetime(self) {}
        }
      }
    }
    run.withLock { $0.task = task }
  }

  /// Raises the cancellation flag and cancels the running export (``cancelExport()``).
  func requestCancel() {
    let task = run.withLock { state -> Task<Void, Never>? in
      state.cancelRequested = true
      return state.task
    }
    task?.cancel()
  }

  // MARK: Running

  /// How an export ended.
  enum Outcome {
    case completed
    case failed(CompatFailure)
    case cancelled(CompatFailure)
  }

  /// What one export writes: the movie, Reel's settings and where.
  struct Job {
    var movie: Movie
    var settings: ExportSettings
    /// Where Reel writes (beside the output, with the container's extension, when the URL's
    /// extension names another container).
    var writeURL: URL
    /// The output URL.
    var outputURL: URL
    /// The most bytes the file may take (`fileLengthLimit`), nil for no limit.
    var fileLengthLimit: Int64?
  }

  private func perform() async -> Outcome {
    let cancelled = CompatFailure(.operationCancelled, "the export was cancelled (cancelExport)")
    let job: Job
    do throws(CompatFailure) {
      job = try prepare()
    } catch {
      return .failed(error)
    }
    if Task.isCancelled || run.withLock({ $0.cancelRequested }) { return .cancelled(cancelled) }
    run.withLock { $0.status = .exporting }
    let session = ExportSession(movie: job.movie, outputURL: job.writeURL, settings: job.settings)
    let watcher = Task.detached { [weak self] in
      for await step in session.progress {
        self?.run.withLock { $0.progress = Float(min(1, max(0, step.fraction))) }
      }
    }
    do throws(ExportError) {
      _ = try await session.export()
    } catch {
      watcher.cancel()
      if case .cancelled = error { return .cancelled(cancelled) }
      var failure = CompatFailure(error)
      if let bridge = job.movie.videoComposition?.composer as? CustomCompositorBridge,
        let programError = bridge.errors.firstError
      {
        failure.programError = programError as NSError
      }
      return .failed(failure)
    }
    await watcher.value
    if let limit = job.fileLengthLimit {
      do throws(CompatFailure) {
        try Self.truncate(job.writeURL, toBytes: limit)
      } catch {
        try? FileManager.default.removeItem(at: job.writeURL)
        return .failed(error)
      }
    }
    if job.writeURL != job.outputURL {
      do {
        try FileManager.default.moveItem(at: job.writeURL, to: job.outputURL)
      } catch {
        try? FileManager.default.removeItem(at: job.writeURL)
        if FileManager.default.fileExists(atPath: job.outputURL.path) {
          return .failed(Self.alreadyExists(job.outputURL))
        }
        return .failed(
          CompatFailure(
            .exportFailed,
            "\(job.outputURL.path): the finished export could not be moved there: \(error)"))
      }
    }
    return .completed
  }

  private func finish(_ outcome: Outcome) {
    run.withLock { state in
      switch outcome {
      case .completed:
        state.status = .completed
        state.progress = 1
      case .failed(let failure):
        state.status = .failed
        state.error = failure.nsError
      case .cancelled(let failure):
        state.status = .cancelled
        state.error = failure.nsError
      }
    }
  }

  /// The snapshot: Reel's movie and settings, and where to write.
  private func prepare() throws(CompatFailure) -> Job {
    let current = withSettings { $0 }
    guard let outputURL = current.outputURL else {
      throw CompatFailure(
        .exportFailed, "outputURL is not set: set it before exporting (Apple raises an exception)")
    }
    let fileType = try resolvedFileType(current.outputFileType, for: outputURL)
    guard supportedFileTypes.contains(fileType), let fileExtension = fileType.fileExtension else {
      throw CompatFailure(
        .exportFailed,
        "\(presetName) cannot write \(fileType.rawValue): use one of \(supportedFileTypes.map(\.rawValue).joined(separator: ", "))"
      )
    }
    if FileManager.default.fileExists(atPath: outputURL.path) {
      throw Self.alreadyExists(outputURL)
    }
    let timeline = try asset.reelTimeline()
    var movie = Movie(composition: timeline.composition)
    if preset.reencodes {
      CompatWarnings.warnOnce(
        key: "encoder",
        "\(presetName): Reel encodes with FFmpeg's encoders (x264 for H.264, x265 for HEVC, FFmpeg's AAC), not Apple's: sizes, frame counts, timing and colours are Apple's, bit rates and exact pixel values are not"
      )
      if let videoComposition = current.videoComposition {
        movie.videoComposition = try videoComposition.reelVideoComposition(for: timeline)
        movie.layers = try videoComposition.reelLayerTree()
      } else if timeline.preferredTransforms.values.contains(where: { !$0.isIdentity }) {
        CompatWarnings.warnOnce(
          key: "bakedTransform",
          "exporting without a video composition: Reel turns rotated video upright in the pixels (Apple copies the track's preferredTransform into the file instead); the picture plays the same"
        )
      }
      movie.audioMix = current.audioMix?.reelAudioMix(for: timeline)
    }
    var reelSettings = ExportSettings(preset: preset)
    if keepsAlpha {
      reelSettings.keepsAlpha = true
      reelSettings.videoCodec = .prores4444
    }
    reelSettings.metadata = MetadataTags.tags(for: current.metadata ?? [])
    reelSettings.timeRange = Self.reelTimeRange(
      current.timeRange, duration: timeline.composition.duration)
    let writeURL: URL
    if OutputContainer(fileExtension: outputURL.pathExtension) == fileType.container {
      writeURL = outputURL
    } else {
      writeURL = outputURL.deletingLastPathComponent().appendingPathComponent(
        ".\(outputURL.lastPathComponent).reel-\(UUID().uuidString).\(fileExtension)")
    }
    return Job(
      movie: movie, settings: reelSettings, writeURL: writeURL, outputURL: outputURL,
      fileLengthLimit: current.fileLengthLimit > 0 ? current.fileLengthLimit : nil)
  }

  /// The file type: the one set, else the URL's extension's (warned once).
  private func resolvedFileType(_ fileType: AVFileType?, for url: URL) throws(CompatFailure)
    -> AVFileType
  {
    if let fileType { return fileType }
    guard let derived = AVFileType(fileExtension: url.pathExtension) else {
      throw CompatFailure(
        .invalidOutputURLPathExtension,
        "outputFileType is not set and \(url.lastPathComponent) has no extension Reel knows: set outputFileType (.mov, .mp4, .m4v or .m4a)"
      )
    }
    CompatWarnings.warnOnce(
      key: "outputFileType",
      "outputFileType is not set: Reel uses the output URL's extension (\(derived.rawValue) for .\(url.pathExtension)); Apple raises an exception: set outputFileType"
    )
    return derived
  }

  /// The part of the composition exported: nil for all of it, else the range clamped to
  /// the composition's end.
  static func reelTimeRange(_ range: CMTimeRange, duration: Time) -> TimeRange? {
    let start = range.start.time
    guard start.isNumeric, start >= .zero else { return nil }
    let end = Time.min(range.end.time.isNumeric ? range.end.time : duration, duration)
    if start == .zero, end == duration { return nil }
    return TimeRange(start: start, end: Time.max(start, end))
  }

  /// Cuts the finished file at `url` short so that it takes at most `limit` bytes
  /// (`fileLengthLimit`): its packets are copied again up to an end time estimated from the
  /// bytes per second, shrunk until the copy fits. Copying cuts each stream in decode order,
  /// so every frame kept decodes. A file within the limit is left as it is.
  ///
  /// - Throws: ``CompatFailure`` when even a short start of the movie does not fit, or the
  ///   copy fails.
  static func truncate(_ url: URL, toBytes limit: Int64) throws(CompatFailure) {
    func size(_ url: URL) -> Int64 {
      let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
      return (attributes?[.size] as? NSNumber)?.int64Value ?? Int64.max
    }
    var current = size(url)
    guard current > limit else { return }
    let duration: Double
    do throws(MediaError) {
      duration = try ReelMedia.Asset(path: url.path).duration.seconds
    } catch {
      throw CompatFailure(error)
    }
    let cut = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).limit-\(UUID().uuidString).\(url.pathExtension)")
    defer { try? FileManager.default.removeItem(at: cut) }
    var end = duration
    // Each pass keeps the share of the duration the limit allows of the last size (with a
    // margin for the index that shrinks less than the media), so a few passes suffice.
    for _ in 0..<12 {
      end *= Double(limit) / Double(current) * 0.98
      guard end >= 0.001 else { break }
      do throws(MediaError) {
        _ = try Remuxer.remux(
          from: url.path, to: cut,
          options: RemuxOptions(
            timeRange: TimeRange(start: .zero, end: Time(seconds: end, preferredTimescale: 90_000)),
            overwrite: true))
      } catch {
        throw CompatFailure(error)
      }
      current = size(cut)
      if current <= limit {
        do {
          try FileManager.default.removeItem(at: url)
          try FileManager.default.moveItem(at: cut, to: url)
        } catch {
          throw CompatFailure(
            .exportFailed,
            "\(url.path): the file cut to fileLengthLimit could not replace it: \(error)")
        }
        return
      }
    }
    throw CompatFailure(
      .exportFailed,
      "fileLengthLimit \(limit) bytes is too small for even the first frames of this export; raise the limit"
    )
  }

  static func alreadyExists(_ url: URL) -> CompatFailure {
    CompatFailure(
      .fileAlreadyExists,
      "\(url.path): a file is already there and was left untouched: remove it or choose another outputURL (Apple's export fails the same way)"
    )
  }
}
