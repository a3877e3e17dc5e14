import Dispatch
import Foundation
import ReelAnimation
import ReelCore
import ReelGraphics
import ReelMedia
import Synchronization

/// A validated export plan and the pipeline that carries it out.
///
/// Everything that can be checked without touching the output is checked in `init`, so an
/// invalid movie never starts writing.
struct ExportJob: Sendable {
  let movie: Movie
  let outputURL: URL
  let settings: ExportSettings
  let videoComposition: VideoComposition
  /// The exported part of the timeline (composition seconds).
  let range: TimeRange
  let frameDuration: Time
  /// Video frames to write (0 for audio-only exports).
  let frameCount: Int
  /// Size frames are drawn at (the layer tree's, else the video composition's).
  let drawWidth: Int
  let drawHeight: Int
  /// Encoded picture size; nil for audio-only exports.
  let outputSize: (width: Int, height: Int)?
  let hasAudio: Bool

  init(movie: Movie, outputURL: URL, settings: ExportSettings) throws(ExportError) {
    self.movie = movie
    self.outputURL = outputURL
    self.settings = settings
    let composition = movie.composition
    let video = movie.resolvedVideoComposition
    videoComposition = video
    let duration = composition.duration
    guard duration > .zero else {
      throw .invalidMovie("the movie is empty (duration 0): add a clip before exporting")
    }
    do {
      try video.validate(against: composition)
    } catch {
      throw .invalidMovie(error.description)
    }
    let whole = TimeRange(start: .zero, duration: duration)
    if let requested = settings.timeRange {
      guard requested.isValid, requested.start >= .zero, requested.duration > .zero,
        requested.start < duration
      else {
        throw .invalidMovie(
          "export time range \(requested) is outside the movie [0, \(duration.seconds) s): choose a range inside it"
        )
      }
      range = requested.intersection(whole)
    } else {
      range = whole
    }

    let frameDuration = settings.frameDuration ?? video.frameDuration
    guard frameDuration > .zero else {
      throw .invalidMovie("the frame duration must be greater than 0 (got \(frameDuration))")
    }
    self.frameDuration = frameDuration

    let drawSize = movie.layers?.renderSize ?? video.renderSize
    drawWidth = PixelLimits.integer(drawSize.width.rounded())
    drawHeight = PixelLimits.integer(drawSize.height.rounded())
    guard drawWidth >= 2, drawHeight >= 2 else {
      throw .invalidMovie("the render size \(drawWidth)×\(drawHeight) is too small to encode")
    }

    let audioOnly = settings.preset == .appleM4A || outputURL.pathExtension.lowercased() == "m4a"
    if audioOnly {
      outputSize = nil
      frameCount = 0
    } else {
      if let explicit = settings.outputSize {
        let side = PixelLimits.renderSide
        guard side.contains(Double(explicit.width)), side.contains(Double(explicit.height)) else {
          throw .invalidMovie(
            "output size \(explicit.width)×\(explicit.height) is out of range: width and height must be \(side.description) pixels"
          )
        }
        guard explicit.width % 2 == 0, explicit.height % 2 == 0 else {
          let lower = (explicit.width & ~1, explicit.height & ~1)
          let upper = ((explicit.width + 1) & ~1, (explicit.height + 1) & ~1)
          throw .invalidMovie(
            "output size \(explicit.width)×\(explicit.height) has an odd dimension, which 4:2:0 video cannot encode: use \(lower.0)×\(lower.1) or \(upper.0)×\(upper.1)"
          )
        }
        outputSize = explicit
      } else {
        outputSize =
          settings.preset.outputSize(
            for: Size(width: Double(drawWidth), height: Double(drawHeight)))
          ?? (drawWidth & ~1, drawHeight & ~1)
      }
      frameCount = Int(ExportJob.frameCount(range.duration, frameDuration))
    }
    do {
      if let size = outputSize {
        try settings.limits.checkWork(frames: frameCount, width: size.width, height: size.height)
      }
      if let tree = movie.layers { try settings.limits.checkLayers(of: tree) }
    } catch {
      throw .invalidMovie(error.description)
    }
    if let crf = settings.crf, !audioOnly {
      let codec =
        settings.resolvedVideoCodec
        ?? (outputURL.pathExtension.lowercased() == "webm" ? .vp9 : .h264)
      let allowed: ClosedRange<Int>
      switch codec {
      case .h264: allowed = 1...51
      case .hevc: allowed = 0...51
      default: allowed = 0...63
      }
      guard allowed.contains(crf) else {
        let lossless =
          codec == .h264 && crf == 0
          ? " (0 is lossless, which the High profile cannot carry)" : ""
        throw .invalidMovie(
          "CRF \(crf) is outside \(allowed.lowerBound)…\(allowed.upperBound) for \(codec)\(lossless): use, e.g., 18 for visually lossless"
        )
      }
    }
    let hasAudioSource =
      composition.audioTracks.contains { $0.hasMedia } || movie.audioMix?.soundtrack != nil
    hasAudio = !settings.excludesAudio && hasAudioSource
    if audioOnly && !hasAudio {
      throw .invalidMovie(
        "an audio-only export needs audio: the movie has no audio track and no soundtrack")
    }
    try checkEncoding()
    if hasAudio { try Self.checkTempo(of: composition) }
  }

  /// Checks the encoder settings as the writer will (codec, container, size, H.264 level),
  /// before anything is written.
  private func checkEncoding() throws(ExportError) {
    let video = frameCount > 0 ? videoSettings() : nil
    guard video != nil || hasAudio else { return }
    do {
      try MediaWriter.validate(url: outputURL, video: video, audio: audioSettings())
    } catch {
      switch error {
      case .invalidArgument(_, let reason): throw .invalidMovie(reason)
      case .codecNotAllowed(_, let codec, let container):
        throw .invalidMovie("codec '\(codec)' cannot be written in a .\(container) file")
      case .oddDimensions(_, let width, let height):
        throw .invalidMovie(
          "\(width)×\(height) has an odd dimension, which 4:2:0 video cannot encode")
      default: throw .media(error)
      }
    }
  }

  /// Checks that every audio segment played at another speed stays within the tempo range
  /// of ``AudioTempo`` (the mixer time-stretches it with one).
  static func checkTempo(of composition: Composition) throws(ExportError) {
    for track in composition.audioTracks {
      for segment in track.segments {
        guard case .track(let source) = segment.source,
          segment.sourceTimeRange.duration != segment.targetTimeRange.duration,
          segment.targetTimeRange.duration > .zero
        else { continue }
        let factor =
          segment.sourceTimeRange.duration.seconds / segment.targetTimeRange.duration.seconds
        do {
          try AudioTempo.check(factor: factor, context: source.path)
        } catch {
          throw .invalidMovie(
            "the audio of \(source.path) at \(segment.targetTimeRange.start.seconds) s is played at \(factor)× its speed; Reel can change the speed of audio 10000 times at most (0.0001…10000×): shorten the stretch"
          )
        }
      }
    }
  }

  /// ⌈duration / frameDuration⌉, exactly.
  static func frameCount(_ duration: Time, _ frameDuration: Time) -> Int64 {
    var count: Int64 = 0
    var time = Time.zero
    // Whole frames first with one division, then settle the last one exactly.
    let estimate = Int64((duration.seconds / frameDuration.seconds).rounded(.down))
    if estimate > 1 {
      count = estimate - 1
      time = Time(frame: count, frameDuration: frameDuration)
    }
    while time < duration {
      count += 1
      time = Time(frame: count, frameDuration: frameDuration)
    }
    return count
  }

  // MARK: - Running

  private typealias Frame = (index: Int, picture: VideoPicture)

  /// Frames each queue between stages holds at most. Two smooth out the stages' jitter as
  /// well as three did (same wall time, measured) with one 3 MB frame less per queue.
  static let queueCapacity = 2

  /// The matrix the encoder converts and tags with (the writer's default for the size).
  private var outputMatrix: ColorMatrix {
    guard let size = outputSize else { return .bt709 }
    return ColorMatrix.forSize(width: size.width, height: size.height)
  }

  /// Runs the pipeline to completion on the calling thread plus two stage threads.
  func run(
    cancellation: ExportCancellation, progress: AsyncStream<ExportProgress>.Continuation
  ) -> Result<ExportResult, ExportError> {
    let clock = ContinuousClock()
    let started = clock.now
    let writer: MediaWriter
    do {
      writer = try MediaWriter(
        url: outputURL, video: videoSettings(), audio: audioSettings(),
        overwrite: settings.overwrite)
    } catch {
      return .failure(.media(error))
    }

    // Every reader the stages open reports what it could not decode here.
    let damage = DamageLog()
    let failure = FirstFailure()
    let busy = StageTimes()
    let yuvFrames = FrameCounter()
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

    // Buffers the pipeline's pictures leave behind for reuse are freed with the pipeline.
    defer { YUVImage.releaseRecycledBuffers() }
    let stages = DispatchGroup()
    if frameCount > 0 {
      startThread("reel.decode", group: stages) {
        DamageLog.$current.withValue(damage) {
          self.decodeStage(into: decoded, cancellation: cancellation, busy: busy, fail: fail)
        }
      }
      startThread("reel.composite", group: stages) {
        self.compositeStage(
          from: decoded, into: composited, cancellation: cancellation, busy: busy,
          yuvFrames: yuvFrames, fail: fail)
      }
    }
    let encodeOutcome = DamageLog.$current.withValue(damage) {
      encodeStage(
        writer: writer, from: composited, cancellation: cancellation, busy: busy,
        progress: progress, started: started, clock: clock)
    }
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
    return .success(
      ExportResult(
        url: outputURL, frameCount: frameCount, duration: range.duration,
        videoSize: outputSize, wallSeconds: Self.seconds(wall),
        stageBusySeconds: busy.snapshot,
        queueHighWater: [
          "decoded": decoded.highWaterMark(), "composited": composited.highWaterMark(),
        ], yuvFrameCount: yuvFrames.count, warnings: damage.warnings))
  }

  private func startThread(
    _ name: String, group: DispatchGroup, _ body: @escaping @Sendable () -> Void
  ) {
    group.enter()
    let thread = Thread {
      body()
      group.leave()
    }
    thread.name = name
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// Stage 1: decode sources and draw the video composition, frame by frame.
  private func decodeStage(
    into output: BlockingQueue<Frame>, cancellation: ExportCancellation,
    busy: StageTimes, fail: @Sendable (ExportError) -> Void
  ) {
    defer { output.close() }
    let clock = ContinuousClock()
    var working = Duration.zero
    defer { busy.set("decode", Self.seconds(working)) }
    do {
      let compositor = try VideoFrameCompositor(
        composition: movie.composition, videoComposition: videoComposition)
      // One decoder thread: measured as fast as frame threading here (the encoder's threads
      // keep the cores busy) with 15 MB less per open decoder (docs/performance.md).
      compositor.decoderThreadCount = 1
      for index in 0..<frameCount {
        if cancellation.isCancelled { return }
        let began = clock.now
        let time = compositionTime(ofFrame: index)
        let picture =
          settings.usesYUVFastPath
          ? try compositor.picture(at: time, matrix: outputMatrix)
          : .bgra(try compositor.frame(at: time))
        working += clock.now - began
        if !output.push((index, picture)) { return }
      }
    } catch {
      fail(ExportError.wrapping(error))
    }
  }

  /// Stage 2: draw the layers over (and around) the video and scale to the output size.
  private func compositeStage(
    from input: BlockingQueue<Frame>, into output: BlockingQueue<Frame>,
    cancellation: ExportCancellation, busy: StageTimes, yuvFrames: FrameCounter,
    fail: @Sendable (ExportError) -> Void
  ) {
    defer { output.close() }
    let clock = ContinuousClock()
    var working = Duration.zero
    defer { busy.set("composite", Self.seconds(working)) }
    guard let size = outputSize else { return }
    do {
      let renderer = try movie.layers.map { tree throws(RenderError) in
        try LayerRenderer(tree: tree, limits: settings.limits)
      }
      let black = Color.black.premultipliedBGRA
      let converter = try PictureConverter()
      let matrix = outputMatrix
      // Scratch images of the RGB path, reused frame after frame: the video picture in BGRA
      // and the canvas. Frames leave this stage in Y′CbCr, so neither escapes it.
      var source = Image(width: 0, height: 0)
      var canvas = Image(width: 0, height: 0)
      while let frame = input.pop() {
        if cancellation.isCancelled { return }
        let began = clock.now
        let time = compositionTime(ofFrame: frame.index)
        var picture = frame.picture
        var drawnInYUV = false
        if let renderer {
          if settings.usesYUVFastPath, case .yuv(let yuv) = picture,
            renderer.width == size.width, renderer.height == size.height,
            let rendered = try renderer.renderYUV(at: time, picture: yuv, matrix: matrix)
          {
            picture = .yuv(rendered)
            drawnInYUV = true
          } else {
            try converter.convert(picture, into: &source)
            if canvas.width != renderer.width || canvas.height != renderer.height {
              canvas = try Image(
                uninitializedCheckedWidth: renderer.width, height: renderer.height)
            }
            try renderer.render(
              at: time, videoFrames: ["main": source], over: black, onto: &canvas)
            picture = .bgra(canvas)
          }
        } else if case .yuv = picture {
          drawnInYUV = true
        }
        if picture.width != size.width || picture.height != size.height {
          drawnInYUV = false
          let image = try converter.image(from: picture)
          picture = .bgra(
            try RenderError.allocating(layer: "frame") { () throws(GraphicsError) in
              try image.scaled(toWidth: size.width, height: size.height)
            })
        }
        if drawnInYUV { yuvFrames.increment() }
        // Converted here rather than by the encoder: the queue then holds 4:2:0 frames (less
        // than half the memory of BGRA) and the scratch images stay unshared.
        if case .bgra(let image) = picture, image.width % 2 == 0, image.height % 2 == 0 {
          picture = .yuv(try converter.yuv(from: image, matrix: matrix))
        }
        working += clock.now - began
        if !output.push((frame.index, picture)) { return }
      }
    } catch {
      fail(ExportError.wrapping(error))
    }
  }

  /// Stage 3 (the calling thread): mix audio up to each frame's end, encode and write.
  private func encodeStage(
    writer: MediaWriter, from input: BlockingQueue<Frame>, cancellation: ExportCancellation,
    busy: StageTimes, progress: AsyncStream<ExportProgress>.Continuation,
    started: ContinuousClock.Instant, clock: ContinuousClock
  ) -> Result<Void, ExportError> {
    var working = Duration.zero
    defer { busy.set("encode", Self.seconds(working)) }
    do {
      let mixer = try hasAudio ? makeMixer() : nil
      let sampleRate = Int64(AudioFormat.standard.sampleRate)
      let audioEnd = Self.sampleFrame(range.duration, sampleRate: sampleRate)
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

      if frameCount == 0 {
        // Audio only: write in one-second chunks, reporting progress on audio time.
        while audioWritten < audioEnd {
          if cancellation.isCancelled { return .success(()) }
          let began = clock.now
          try writeAudio(until: audioWritten + sampleRate)
          working += clock.now - began
          report(
            progress, done: Int(audioWritten), total: Int(audioEnd), frames: 0, started: started,
            clock: clock)
        }
        return .success(())
      }

      var done = 0
      while let frame = input.pop() {
        if cancellation.isCancelled { return .success(()) }
        let began = clock.now
        try writer.appendVideo(
          frame.picture, at: Time(frame: Int64(frame.index), frameDuration: frameDuration))
        let frameEnd = Time(frame: Int64(frame.index + 1), frameDuration: frameDuration)
        try writeAudio(until: Self.sampleFrame(frameEnd, sampleRate: sampleRate))
        working += clock.now - began
        done += 1
        report(
          progress, done: done, total: frameCount, frames: done, started: started, clock: clock)
      }
      if done == frameCount {
        let began = clock.now
        try writeAudio(until: audioEnd)
        working += clock.now - began
      }
      return .success(())
    } catch {
      return .failure(ExportError.wrapping(error))
    }
  }

  private func makeMixer() throws -> AudioMixer {
    let mixer = try AudioMixer(
      composition: movie.composition, audioMix: movie.audioMix ?? AudioMix())
    try mixer.seek(to: range.start)
    return mixer
  }

  private func report(
    _ progress: AsyncStream<ExportProgress>.Continuation, done: Int, total: Int, frames: Int,
    started: ContinuousClock.Instant, clock: ContinuousClock
  ) {
    let elapsed = Self.seconds(clock.now - started)
    let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 1
    let rate = elapsed > 0 ? Double(frames) / elapsed : 0
    let remaining = fraction > 0 ? elapsed * (1 - fraction) / fraction : nil
    progress.yield(
      ExportProgress(
        fraction: fraction, framesDone: frames, totalFrames: frameCount, framesPerSecond: rate,
        secondsRemaining: remaining, secondsElapsed: elapsed))
  }

  private func compositionTime(ofFrame index: Int) -> Time {
    range.start + Time(frame: Int64(index), frameDuration: frameDuration)
  }

  /// `round(time · rate)` as a sample frame (half away from zero), exactly.
  static func sampleFrame(_ time: Time, sampleRate: Int64) -> Int64 {
    AudioMixer.frame(at: time, sampleRate: Int32(sampleRate)) ?? 0
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  // MARK: - Encoder settings

  private func videoSettings() -> VideoOutputSettings? {
    guard let size = outputSize, let codec = settings.resolvedVideoCodec ?? defaultCodec() else {
      return nil
    }
    return VideoOutputSettings(
      codec: codec, width: size.width, height: size.height, frameDuration: frameDuration,
      crf: settings.resolvedCRF, bitRate: settings.bitRate, speed: settings.speed)
  }

  /// The container's natural codec when the preset names none (e.g. VP9 for .webm).
  private func defaultCodec() -> VideoCodec? {
    outputURL.pathExtension.lowercased() == "webm" ? .vp9 : .h264
  }

  private func audioSettings() -> AudioOutputSettings? {
    hasAudio ? AudioOutputSettings(bitRate: settings.audioBitRate) : nil
  }
}

/// Seconds each pipeline stage spent working, written by the stages' threads.
final class StageTimes: Sendable {
  private let times = Mutex<[String: Double]>(["decode": 0, "composite": 0, "encode": 0])

  func set(_ stage: String, _ seconds: Double) { times.withLock { $0[stage] = seconds } }

  var snapshot: [String: Double] { times.withLock { $0 } }
}

/// The first error any stage raised; later ones are consequences and are dropped.
final class FirstFailure: Sendable {
  private let first = Mutex<ExportError?>(nil)

  func record(_ error: ExportError) { first.withLock { if $0 == nil { $0 = error } } }

  var error: ExportError? { first.withLock { $0 } }
}

/// A frame count written by one stage thread and read when the pipeline has finished.
final class FrameCounter: Sendable {
  private let value = Atomic<Int>(0)

  func increment() { value.add(1, ordering: .relaxed) }

  var count: Int { value.load(ordering: .relaxed) }
}
