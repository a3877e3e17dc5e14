import Dispatch
import Foundation
import ReelAnimation
import ReelCore
import ReelGraphics
import ReelMedia
import Synchronization

/// The pipeline that carries out an ``ExportPlan``: three threads with small bounded queues
/// between them — decode (``MovieRenderer/DecodeStep``), composite
/// (``MovieRenderer/CompositeStep``), and encode on the calling thread, which interleaves
/// the mixed audio and reports progress.
///
/// Everything that can be checked without touching the output is checked by the plan in
/// `init`, so an invalid movie never starts writing.
struct ExportJob: Sendable {
  let movie: Movie
  let outputURL: URL
  let settings: ExportSettings
  let plan: ExportPlan

  init(movie: Movie, outputURL: URL, settings: ExportSettings) throws(ExportError) {
    self.movie = movie
    self.outputURL = outputURL
    self.settings = settings
    plan = try ExportPlan(movie: movie, settings: settings, outputURL: outputURL)
  }

  // MARK: - Running

  typealias Frame = (index: Int, picture: VideoPicture)

  /// Frames each queue between stages holds at most. Two smooth out the stages' jitter as
  /// well as three did (same wall time, measured) with one 3 MB frame less per queue.
  static let queueCapacity = 2

  /// Runs the pipeline to completion on the calling thread plus two stage threads.
  func run(
    cancellation: ExportCancellation, progress: AsyncStream<ExportProgress>.Continuation
  ) -> Result<ExportResult, ExportError> {
    let clock = ContinuousClock()
    let started = clock.now
    let writer: MediaWriter
    do {
      writer = try MediaWriter(
        url: outputURL, container: plan.container, video: plan.video, audio: plan.audio,
        overwrite: settings.overwrite, metadata: settings.metadata)
    } catch {
      return .failure(.media(error))
    }

    // Every reader the stages open reports what it could not decode here.
    let damage = DamageLog()
    let failure = FirstFailure()
    let statistics = PipelineStatistics()
    // Each stage's pictures recycle this export's buffers; its readers report damage here.
    let context = PipelineContext(pictures: YUVBufferPool(), damage: damage)
    var frames = MovieRenderer.Configuration(plan: plan, movie: movie, settings: settings)
    frames.pictures = context.pictures
    frames.damage = damage
    let decoded = BlockingQueue<Frame>(capacity: Self.queueCapacity)
    let composited = BlockingQueue<Frame>(capacity: Self.queueCapacity)
    let fail: @Sendable (ExportError) -> Void = { error in
      failure.record(error)
      decoded.cancel()
      composited.cancel()
    }
    cancellation.onCancel {
      decoded.cancel()
      composited.cancel()
    }

    let limit = FrameLimit(plan.frameCount + plan.lookaheadFrameCount)
    let stages = DispatchGroup()
    if plan.frameCount > 0 {
      PipelineContext.startThread("reel.decode", group: stages) { [frames] in
        decodeStage(
          frames, into: decoded, limit: limit, cancellation: cancellation, stats: statistics,
          fail: fail)
      }
      PipelineContext.startThread("reel.composite", group: stages) { [frames] in
        compositeStage(
          frames, from: decoded, into: composited, cancellation: cancellation,
          stats: statistics, fail: fail)
      }
    }
    // Once the writer has every frame it keeps, the lookahead frames still being drawn are
    // not needed: the stages stop at their next push.
    let stopDrawing: @Sendable () -> Void = {
      decoded.cancel()
      composited.cancel()
    }
    let encodeOutcome = encodeStage(
      writer: writer, damage: damage, from: composited, limit: limit,
      cancellation: cancellation, stats: statistics, progress: progress, started: started,
      clock: clock, stopDrawing: stopDrawing)
    if case .failure(let error) = encodeOutcome { fail(error) }
    stages.wait()

    if cancellation.isCancelled {
      writer.cancel()
      return .failure(.cancelled(path: outputURL.path))
    }
    if let error = failure.error {
      writer.cancel()
      return .failure(error)
    }
    // Short damage renders with a warning; too much of a source missing is an error.
    let reports = damage.reports
    if let error = reports.lazy.compactMap(\.error).first {
      writer.cancel()
      return .failure(.media(error))
    }
    do {
      try writer.finish()
    } catch {
      return .failure(.media(error))
    }
    let wall = clock.now - started
    var summary = statistics.snapshot
    summary.queueHighWater = ExportStatistics.QueueHighWater(
      decoded: decoded.highWaterMark(), composited: composited.highWaterMark())
    summary.pictureBuffersAllocated = context.pictures.allocatedCount
    return .success(
      ExportResult(
        url: outputURL, frameCount: plan.frameCount, duration: plan.range.duration,
        videoSize: plan.outputSize, wallSeconds: Self.seconds(wall), statistics: summary,
        warnings: damage.warnings))
  }

  /// Stage 3 (the calling thread): mix audio up to each frame's end, encode and write; the
  /// lookahead frames after the plan's go to the encoder only. Once the encoder's first
  /// packet shows its delay, `limit` is lowered to the frames it needs — drawing further is
  /// waste, about six frames in the queues and stages — and when the writer has all it
  /// keeps, `stopDrawing` ends the other stages.
  private func encodeStage(
    writer: MediaWriter, damage: DamageLog, from input: BlockingQueue<Frame>, limit: FrameLimit,
    cancellation: ExportCancellation,
    stats: PipelineStatistics, progress: AsyncStream<ExportProgress>.Continuation,
    started: ContinuousClock.Instant, clock: ContinuousClock,
    stopDrawing: @Sendable () -> Void
  ) -> Result<Void, ExportError> {
    var working = Duration.zero
    defer { stats.update { $0.busySeconds?.encode = Self.seconds(working) } }
    func report(done: Int, total: Int, frames: Int) {
      progress.yield(
        ExportProgress(
          done: done, of: total, frames: frames, totalFrames: plan.frameCount,
          elapsed: Self.seconds(clock.now - started)))
    }
    do {
      let mixer = try plan.hasAudio ? makeMixer(damage: damage) : nil
      let sampleRate = Int64(AudioFormat.standard.sampleRate)
      let audioEnd = Self.sampleFrame(plan.range.duration, sampleRate: sampleRate)
      var audioWritten: Int64 = 0
      func writeAudio(until end: Int64) throws {
        guard let mixer else { return }
        let target = min(end, audioEnd)
        while audioWritten < target {
          if cancellation.isCancelled { return }
          let count = Int(min(target - audioWritten, 4_800))
          guard var buffer = try mixer.nextBuffer(frameCount: count) else {
            audioWritten = audioEnd
            return
          }
          buffer.startFrame = audioWritten
          try writer.appendAudio(buffer)
          audioWritten += Int64(buffer.frameCount)
        }
      }

      if plan.frameCount == 0 {
        // Audio only: write in one-second chunks, reporting progress on audio time.
        while audioWritten < audioEnd {
          if cancellation.isCancelled { return .success(()) }
          try Self.timed(&working) { try writeAudio(until: audioWritten + sampleRate) }
          report(done: Int(audioWritten), total: Int(audioEnd), frames: 0)
        }
        return .success(())
      }

      var done = 0
      while let frame = input.pop() {
        if cancellation.isCancelled { return .success(()) }
        let kept = frame.index < plan.frameCount
        try Self.timed(&working) {
          try writer.appendVideo(
            frame.picture, at: Time(frame: Int64(frame.index), frameDuration: plan.frameDuration))
          if kept {
            let frameEnd = Time(frame: Int64(frame.index + 1), frameDuration: plan.frameDuration)
            try writeAudio(until: Self.sampleFrame(frameEnd, sampleRate: sampleRate))
          }
        }
        if kept {
          done += 1
          report(done: done, total: plan.frameCount, frames: done)
        }
        if plan.lookaheadFrameCount > 0, let delay = writer.videoEncoderDelay {
          limit.lower(to: plan.frameCount + delay)
        }
        if writer.hasWrittenKeptVideoFrames {
          stopDrawing()
          break
        }
      }
      if done == plan.frameCount {
        try Self.timed(&working) { try writeAudio(until: audioEnd) }
      }
      return .success(())
    } catch {
      return .failure(ExportError.wrapping(error))
    }
  }

  /// The mix of the plan's range: the mixer itself, or normalised when the mix has a
  /// loudness target (measured here: one pass over the range's audio before the first
  /// frame is written).
  private func makeMixer(damage: DamageLog) throws -> MixSource {
    let audioMix = movie.audioMix ?? AudioMix()
    let mixer = try AudioMixer(
      composition: movie.composition, audioMix: audioMix, format: .standard,
      damageLog: damage)
    if let target = audioMix.loudness {
      return .normalized(
        try LoudnessNormalizer(mixer: mixer, range: plan.range, target: target))
    }
    try mixer.seek(to: plan.range.start)
    return .plain(mixer)
  }

  /// Where the export's audio comes from.
  private enum MixSource {
    case plain(AudioMixer)
    case normalized(LoudnessNormalizer)

    func nextBuffer(frameCount: Int) throws(AudioMixerError) -> AudioBuffer? {
      switch self {
      case .plain(let mixer): return try mixer.nextBuffer(frameCount: frameCount)
      case .normalized(let normalizer): return try normalizer.nextBuffer(frameCount: frameCount)
      }
    }
  }

  /// `round(time · rate)` as a sample frame (half away from zero), exactly.
  static func sampleFrame(_ time: Time, sampleRate: Int64) -> Int64 {
    AudioMixer.frame(at: time, sampleRate: Int32(sampleRate)) ?? 0
  }

  /// Runs `body`, adding the time it took to `total`.
  static func timed<T>(_ total: inout Duration, _ body: () throws -> T) rethrows -> T {
    let clock = ContinuousClock()
    let began = clock.now
    defer { total += clock.now - began }
    return try body()
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
