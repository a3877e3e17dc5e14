import Foundation
import ReelCore
import ReelMedia

extension RenderPlan {
  /// How a movie's frames are divided.
  public enum Chunking: Sendable, Hashable {
    /// Into this many chunks of (nearly) equal length: the first `frames % count` chunks
    /// get one frame more.
    case count(Int)
    /// Into chunks of this many seconds each, the frame count rounded to the nearest whole
    /// frame (at least one); the last chunk takes what is left.
    case seconds(Time)
  }

  /// Where a plan comes from: the template and every file it reads.
  public struct Source: Sendable, Hashable {
    /// The template's absolute path.
    public var template: String
    /// Every variable's value.
    public var variables: [String: String]
    /// The files read (the template first), as ``Input/read(path:)`` records them.
    public var inputs: [Input]
    /// The preset that overrides the template's, if any (already applied to the settings).
    public var preset: ExportPreset?

    /// Makes a source.
    public init(
      template: String, variables: [String: String], inputs: [Input], preset: ExportPreset? = nil
    ) {
      self.template = template
      self.variables = variables
      self.inputs = inputs
      self.preset = preset
    }
  }

  /// Makes the plan for rendering `movie` with `settings` in chunks.
  ///
  /// The encoder parameters are the ones ``ExportPlan`` derives for `settings` with
  /// `pinned` added; the range, frame rate and frame count are the export's.
  ///
  /// - Parameters:
  ///   - movie: The movie.
  ///   - settings: The export settings a single render would use (the template's).
  ///   - chunking: How to divide the frames.
  ///   - pinned: The pinned encoder choices.
  ///   - source: The template, its variables and its files.
  ///   - planFile: Where the plan will be written: the chunks go in
  ///     `<plan-stem>.chunks/` beside it.
  ///   - output: The joined movie's path, relative to the plan's folder or absolute.
  /// - Throws: ``RenderPlanError/cannotSplit(_:)`` for a bit-rate target, a codec other
  ///   than H.264 (named or `output`'s natural one), an audio-only movie or output, a
  ///   chunking out of range or pinned values out of range; ``RenderPlanError/export(_:)``
  ///   when the export itself, or a single render to `output`, is invalid (a codec its
  ///   container cannot hold).
  public init(
    movie: Movie, settings: ExportSettings, chunking: Chunking, pinned: PinnedVideoEncoding,
    source: Source, planFile: URL, output: String
  ) throws(RenderPlanError) {
    if let bitRate = settings.bitRate {
      throw .cannotSplit(
        "the export has a bit-rate target (\(bitRate) bit/s), and a bit rate cannot be split between chunks encoded apart; use constant quality (crf) instead"
      )
    }
    if let problem = pinned.problem { throw .cannotSplit(problem) }
    if settings.preset == .passthrough {
      throw .cannotSplit("the passthrough preset copies a file; chunks are rendered")
    }
    // The joined movie is checked first, as a single render to it would be: its container
    // must hold the codecs, and it must have video to divide in H.264 (the codec the
    // chunks are pinned to; a file's natural codec, such as VP9 for .webm, counts).
    let joined: ExportPlan
    do {
      joined = try ExportPlan(
        movie: movie, settings: settings,
        outputURL: RenderPlan.url(of: output, planFolder: planFile.deletingLastPathComponent()))
    } catch {
      throw .export(error)
    }
    guard let joinedVideo = joined.video else {
      throw .cannotSplit(
        "the output \(output) holds audio only, which is one task, not chunks; render it whole, as one export"
      )
    }
    guard VideoCodec.chosen(joinedVideo.codec, in: joined.container) == .h264 else {
      throw .cannotSplit(
        "chunks are encoded with H.264 only, and this export encodes \(joinedVideo.codec?.rawValue ?? "?"); render it whole, as one export, or choose codec h264 with an output that holds it, such as .mp4"
      )
    }
    var pinnedSettings = settings
    pinnedSettings.pinnedEncoding = pinned
    let planName = planFile.deletingPathExtension().lastPathComponent
    let folder = "\(planName).chunks"
    let export: ExportPlan
    do {
      export = try ExportPlan(
        movie: movie, settings: pinnedSettings,
        outputURL: planFile.deletingLastPathComponent().appendingPathComponent("chunk.mp4"))
    } catch {
      throw .export(error)
    }
    guard let video = export.video, export.frameCount > 0 else {
      throw .cannotSplit("the movie has no video frames to divide")
    }
    guard let level = video.h264Level else {
      throw .cannotSplit("no H.264 level holds \(video.width)×\(video.height) at this frame rate")
    }
    let frameDuration = export.frameDuration
    guard frameDuration.value <= Int64(Int32.max) else {
      throw .cannotSplit("the frame duration \(frameDuration) is too long")
    }
    let ranges = try Self.ranges(
      frameCount: export.frameCount, frameDuration: frameDuration, chunking: chunking)

    version = Self.currentVersion
    template = source.template
    templateDigest = source.inputs.first { $0.path == source.template }?.digest ?? ""
    variables = source.variables
    preset = source.preset?.name
    inputs = source.inputs
    frameRate = Rational(
      numerator: Int64(frameDuration.timescale), denominator: Int32(frameDuration.value))
    start = Rational(export.range.start)
    duration = Rational(export.range.duration)
    frameCount = export.frameCount
    chunks = ranges.enumerated().map { index, range in
      Chunk(
        index: index, firstFrame: range.lowerBound, frameCount: range.count,
        file: "\(folder)/chunk-\(Self.fourDigits(index)).mp4")
    }
    audio = export.hasAudio ? AudioTask(file: "\(folder)/audio.m4a") : nil
    self.output = output
    let divisor = Self.gcd(frameDuration.value, Int64(frameDuration.timescale))
    encoder = Encoder(
      codec: VideoCodec.h264.rawValue, profile: video.h264ProfileName, level: level,
      width: video.width, height: video.height,
      timeBase: Rational(
        numerator: 1, denominator: Int32(Int64(frameDuration.timescale) / divisor)),
      colorMatrix: export.outputMatrix == .bt601 ? "bt601" : "bt709",
      crf: pinned.lossless ? nil : video.crf, speed: video.speed.rawValue, pinned: pinned)
    resources = Resources(
      cpusPerTask: pinned.threadCount,
      memoryMegabytesPerTask: Self.memoryEstimate(width: video.width, height: video.height))
  }

  /// The frame ranges for a chunking.
  static func ranges(frameCount: Int, frameDuration: Time, chunking: Chunking)
    throws(RenderPlanError) -> [Range<Int>]
  {
    switch chunking {
    case .count(let count):
      guard count >= 1, count <= frameCount else {
        throw .cannotSplit(
          "the number of chunks must be 1…\(frameCount) (one frame each at most; got \(count))")
      }
      let base = frameCount / count
      let extra = frameCount % count
      var ranges: [Range<Int>] = []
      var first = 0
      for index in 0..<count {
        let length = base + (index < extra ? 1 : 0)
        ranges.append(first..<(first + length))
        first += length
      }
      return ranges
    case .seconds(let seconds):
      guard seconds > .zero, seconds.isNumeric else {
        throw .cannotSplit("the chunk length must be more than 0 seconds (got \(seconds))")
      }
      let perChunk = max(1, Int((seconds.seconds / frameDuration.seconds).rounded()))
      return stride(from: 0, to: frameCount, by: perChunk).map {
        $0..<min(frameCount, $0 + perChunk)
      }
    }
  }

  /// Memory per task in MiB: 256 for the program and the encoder, plus 24 frames of 4
  /// bytes a pixel (the pipeline's queues, the decoders' pictures and x264's lookahead).
  package static func memoryEstimate(width: Int, height: Int) -> Int {
    let frame = width * height * 4
    return 256 + (24 * frame + (1 << 20) - 1) / (1 << 20)
  }

  static func fourDigits(_ index: Int) -> String {
    let text = String(index)
    return String(repeating: "0", count: max(0, 4 - text.count)) + text
  }

  static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
    var (x, y) = (a.magnitude, b.magnitude)
    while y != 0 { (x, y) = (y, x % y) }
    return Int64(clamping: max(x, 1))
  }
}

extension RenderPlan.Input.Identity {
  /// The recorded part of a file's identity (its size is the input's own).
  init(_ file: LocalFile.Identity) {
    self.init(
      inode: file.inode, changedNanoseconds: file.changedNanoseconds,
      modifiedNanoseconds: file.modifiedNanoseconds)
  }
}

extension RenderPlan.Input {
  /// How long before a file is recorded its status must have last changed for its identity
  /// to be recorded (seconds): a write in the same timestamp tick as the one before would
  /// leave the times as they were, so only a file that has been still for a while is told
  /// by them. Two seconds cover the coarsest common timestamps (1 s) and some clock skew
  /// between a network file system's server and its clients.
  static let settledSeconds: Int64 = 2

  /// Records a file: its size, modification time, SHA-256 and identity.
  ///
  /// - Parameters:
  ///   - path: An absolute path.
  ///   - now: The time of recording (for the identity's rule; the present by default).
  /// - Throws: ``RenderPlanError/cannotSplit(_:)`` naming the file when it cannot be read or
  ///   changed while it was read.
  public static func read(path: String, now: Date = Date()) throws(RenderPlanError)
    -> RenderPlan.Input
  {
    func unreadable(_ reason: String) -> RenderPlanError {
      .cannotSplit("\(path) cannot be read to record it (\(reason))")
    }
    let before: LocalFile.Identity
    let digest: String
    let after: LocalFile.Identity
    do {
      before = try LocalFile.identity(path)
      digest = try ContentDigest.sha256(ofFileAt: path)
      after = try LocalFile.identity(path)
    } catch let error as LocalFile.Problem {
      throw unreadable(MediaError(path: path, fileProblem: error).description)
    } catch let error as MediaError {
      throw unreadable(error.description)
    } catch {
      throw unreadable("\(error)")
    }
    guard before == after else {
      throw .cannotSplit(
        "\(path) changed while it was being read; make the plan again once nothing writes it")
    }
    // In seconds, as doubles: `now` may be any date (no integer conversion to overflow).
    let settled =
      Double(after.changedNanoseconds) / 1e9
      <= now.timeIntervalSince1970 - Double(settledSeconds)
    return RenderPlan.Input(
      path: path, size: after.size, mtime: Double(after.modifiedNanoseconds) / 1e9,
      digest: digest,
      identity: settled ? Identity(after) : nil)
  }

  /// What changed in the file since it was recorded (without the path), or nil when it is
  /// the same. A file with the recorded identity (inode, size, status-change and
  /// modification times) is the same without being read — any write would have moved its
  /// status-change time — so tasks on many machines do not each read every input again;
  /// otherwise its size and SHA-256 must match (a file only touched, or copied back, is
  /// still the same).
  public func change() -> String? {
    guard FileManager.default.fileExists(atPath: path) else {
      return "is missing (the plan was made with it)"
    }
    if let identity, let current = try? LocalFile.identity(path), current.size == size,
      Identity(current) == identity
    {
      return nil
    }
    guard let nowSize = try? LocalFile.checkRegular(path),
      let nowDigest = try? ContentDigest.sha256(ofFileAt: path)
    else { return "cannot be read" }
    if nowSize != size {
      return "changed since the plan was made (\(size) bytes then, \(nowSize) now)"
    }
    if nowDigest != digest {
      return "changed since the plan was made (same size, different content)"
    }
    return nil
  }
}

extension RenderPlan {
  /// Every input that is missing or changed, one line each naming the file; empty when
  /// all are as recorded.
  public func changedInputs() -> [String] {
    inputs.compactMap { input in input.change().map { "\(input.path): \($0)" } }
  }

  /// Writes the plan as JSON (``json()``, pretty: two-space indents, sorted keys, ending
  /// with a newline), atomically.
  ///
  /// - Throws: ``RenderPlanError/unwritablePlan(path:reason:)``.
  public func write(to url: URL) throws(RenderPlanError) {
    do {
      try Data(json().prettyText.utf8).write(to: url, options: .atomic)
    } catch let error as EncodingError {
      throw .unwritablePlan(path: url.path, reason: "it cannot be written as JSON (\(error))")
    } catch {
      throw .unwritablePlan(path: url.path, reason: error.localizedDescription)
    }
  }

  /// Reads a plan file.
  ///
  /// - Throws: ``RenderPlanError/unreadablePlan(path:reason:)`` for a missing or unreadable
  ///   file, JSON that is not a plan, or another version.
  public static func read(from url: URL) throws(RenderPlanError) -> RenderPlan {
    let data: Data
    do {
      // Read under the rule for every input (a FIFO or device is refused, not waited on),
      // and no further than any plan can be.
      data = try LocalFile.read(url.path, upTo: maximumPlanBytes + 1)
    } catch {
      throw .unreadablePlan(path: url.path, reason: Self.reason(for: error))
    }
    guard data.count <= maximumPlanBytes else {
      throw .unreadablePlan(
        path: url.path,
        reason: "it is over \(maximumPlanBytes >> 20) MiB, far more than a plan (is it a plan?)")
    }
    let plan: RenderPlan
    do {
      // Written by ``JSONValue`` and read by Foundation's decoder: ReelCore has no JSON
      // parser (the template's reader lives in ReelProject, above this module), and the
      // `Codable` conformance spells the keys for both directions.
      plan = try JSONDecoder().decode(RenderPlan.self, from: data)
    } catch {
      throw .unreadablePlan(path: url.path, reason: "it is not a render plan (\(error))")
    }
    guard plan.version == currentVersion else {
      throw .unreadablePlan(
        path: url.path, reason: "version \(plan.version) is not \(currentVersion)")
    }
    guard !plan.chunks.isEmpty,
      plan.chunks.enumerated().allSatisfy({ $0.offset == $0.element.index })
    else {
      throw .unreadablePlan(path: url.path, reason: "its chunks are not numbered 0, 1, 2, …")
    }
    return plan
  }

  /// The largest plan file ``read(from:)`` accepts: 64 MiB (a plan of 10 000 chunks and
  /// 10 000 inputs is about 3 MB).
  public static let maximumPlanBytes = 64 << 20

  /// Why ``LocalFile`` refused a plan's path, in words.
  private static func reason(for problem: LocalFile.Problem) -> String {
    switch problem {
    case .notFound: return "there is no file there"
    case .directory: return "it is a folder"
    case .notRegular(let kind): return "it is \(kind), not a file"
    case .unreadable(let why): return "it cannot be read (\(why))"
    }
  }
}
