import Foundation
import ReelCore
import ReelMedia

/// What an export of a movie with some settings to some file will write, worked out and
/// checked once before anything is written: the exported range and frames, the sizes, the
/// container and the encoder settings.
///
/// ``ExportSession`` runs the plan; ``ExportSettings/validate(_:fileExtension:)`` and
/// ``ResourceLimits/check(_:exporting:)`` make the same plan and stop there, so a movie
/// the validation accepts is one the export accepts.
///
///     let plan = try ExportPlan(movie: movie, settings: settings,
///                               outputURL: URL(fileURLWithPath: "out.mp4"))
///     print(plan.frameCount, plan.outputSize ?? (0, 0))
public struct ExportPlan: Sendable {
  /// The exported part of the timeline (composition seconds).
  public let range: TimeRange
  /// Seconds per frame.
  public let frameDuration: Time
  /// Video frames to write (0 for audio-only exports).
  public let frameCount: Int
  /// Frames after the range drawn only for the encoder's lookahead, at most: the pinned
  /// encoding's ``PinnedVideoEncoding/lookaheadFrameCount`` as far as the movie goes on
  /// (0 without pinned encoding, with the macroblock tree off, or at the movie's end). They
  /// are never written; the export stops drawing them once the last frame is out.
  public let lookaheadFrameCount: Int
  /// Width in pixels frames are drawn at (the layer tree's render size, else the video
  /// composition's).
  public let drawWidth: Int
  /// Height in pixels frames are drawn at.
  public let drawHeight: Int
  /// Encoded picture size in pixels (even); nil for audio-only exports.
  public let outputSize: (width: Int, height: Int)?
  /// The container, from the output file's extension.
  public let container: OutputContainer
  /// The video encoder's settings; nil for audio-only exports.
  public let video: VideoOutputSettings?
  /// The audio encoder's settings; nil when the export has no audio.
  public let audio: AudioOutputSettings?
  /// Whether frames keep their alpha (``ExportSettings/exportsAlpha``): drawn over a clear
  /// backdrop, in RGB, and encoded with a codec that carries alpha.
  public let keepsAlpha: Bool
  /// Whether the encoder takes pictures in RGB (codecs with alpha, animated images), so
  /// frames are drawn in RGB and handed over in BGRA rather than 4:2:0.
  public var encoderTakesRGB: Bool {
    video.map { VideoCodec.chosen($0.codec, in: container).descriptor.pixelFormat != .yuv420p }
      ?? false
  }

  /// Whether the export writes an audio track.
  public var hasAudio: Bool { audio != nil }

  /// The matrix pictures are converted to Y′CbCr with and the encoder tags: the video
  /// settings' (chosen by size when the plan is made; BT.709 for audio-only exports), so
  /// the pictures the pipeline makes and the writer's matrix cannot differ.
  public var outputMatrix: ColorMatrix { video?.colorMatrix ?? .bt709 }

  /// The composition time of a frame: the range's start plus `index` frame durations.
  ///
  /// - Parameter index: The frame, from 0.
  /// - Returns: Composition seconds.
  public func compositionTime(ofFrame index: Int) -> Time {
    range.start + Time(frame: Int64(index), frameDuration: frameDuration)
  }

  /// Works out and checks the export of `movie` with `settings` to `outputURL`. Nothing is
  /// written or decoded.
  ///
  /// - Parameters:
  ///   - movie: The movie to export.
  ///   - settings: The preset and overrides.
  ///   - outputURL: The file that would be written; only its extension is used here (the
  ///     container).
  /// - Throws: ``ExportError/invalidMovie(_:)`` with the reason — an empty movie, invalid
  ///   instructions, a range outside the movie, a frame duration, size or CRF out of range,
  ///   an odd output size, a budget of ``ExportSettings/limits`` exceeded, an audio-only
  ///   export without audio, a codec the container cannot hold, an audio speed change out
  ///   of range, an audio mix's loudness target or ducking out of range — or
  ///   ``ExportError/media(_:)`` for an extension Reel cannot write.
  public init(movie: Movie, settings: ExportSettings, outputURL: URL) throws(ExportError) {
    let composition = movie.composition
    let video = movie.resolvedVideoComposition
    let duration = composition.duration
    guard duration > .zero else {
      throw .invalidMovie("the movie is empty (duration 0): add a clip before exporting")
    }
    do {
      try video.validate(against: composition)
    } catch {
      throw .invalidMovie(error.description)
    }
    range = try Self.range(settings.timeRange, duration: duration)

    let frameDuration = settings.frameDuration ?? video.frameDuration
    guard frameDuration > .zero else {
      throw .invalidMovie("the frame duration must be greater than 0 (got \(frameDuration))")
    }
    self.frameDuration = frameDuration

    (drawWidth, drawHeight) = movie.drawSize
    guard drawWidth >= 2, drawHeight >= 2 else {
      throw .invalidMovie("the render size \(drawWidth)×\(drawHeight) is too small to encode")
    }

    let fileExtension = outputURL.pathExtension
    let container = OutputContainer(fileExtension: fileExtension)
    let audioOnly = settings.preset == .appleM4A || container == .m4a
    if audioOnly {
      outputSize = nil
      frameCount = 0
      lookaheadFrameCount = 0
    } else {
      outputSize = try Self.outputSize(
        settings: settings, drawWidth: drawWidth, drawHeight: drawHeight)
      frameCount = Int(Self.frameCount(range.duration, frameDuration))
      let framesFromStart = Int(Self.frameCount(duration - range.start, frameDuration))
      lookaheadFrameCount = min(
        settings.pinnedEncoding?.lookaheadFrameCount ?? 0, max(0, framesFromStart - frameCount))
    }
    do {
      if let size = outputSize {
        try settings.limits.checkWork(
          frames: frameCount + lookaheadFrameCount, width: size.width, height: size.height)
      }
      if let tree = movie.layers { try settings.limits.checkLayers(of: tree) }
    } catch {
      throw .invalidMovie(error.description)
    }
    if let problem = movie.layers?.depthProblem { throw .invalidMovie(problem) }
    // The container's natural codec when the settings name none (e.g. VP9 for .webm), or
    // its codec with alpha when the export keeps alpha.
    let encodedCodec = settings.encodedVideoCodec(in: container)
    guard let codec = encodedCodec ?? (audioOnly ? VideoCodec.standard : nil) else {
      throw .invalidMovie(
        "keeping alpha needs a codec that carries it, and \(settings.videoCodec?.rawValue ?? "the preset's codec") does not; use \(VideoCodec.alphaCodecNames)"
      )
    }
    keepsAlpha = settings.exportsAlpha && !audioOnly
    if let crf = settings.crf, !audioOnly { try Self.check(crf: crf, codec: codec) }

    let hasAudioSource =
      composition.audioTracks.contains { $0.hasMedia } || movie.audioMix?.soundtrack != nil
    // Animated images have no audio: a movie's sound is left out of them.
    let hasAudio =
      !settings.excludesAudio && hasAudioSource && container?.isAnimatedImage != true
    if audioOnly && !hasAudio {
      throw .invalidMovie(
        "an audio-only export needs audio: the movie has no audio track and no soundtrack")
    }
    let keptFrameCount = lookaheadFrameCount > 0 ? frameCount : nil
    self.video = outputSize.map { size in
      var video = VideoOutputSettings(
        codec: codec, width: size.width, height: size.height, frameDuration: frameDuration,
        crf: settings.resolvedCRF(for: codec), bitRate: settings.bitRate, speed: settings.speed)
      video.colorMatrix = ColorMatrix.forSize(width: size.width, height: size.height)
      video.pinned = settings.pinnedEncoding
      video.keptFrameCount = keptFrameCount
      video.loopCount = settings.loopCount
      video.keepsAlpha = settings.exportsAlpha
      video.profileLevel = settings.encoderProfile.map { H264ProfileLevel(profile: $0) }
      return video
    }
    audio = hasAudio ? AudioOutputSettings(bitRate: settings.audioBitRate) : nil
    try Self.checkEncoding(url: outputURL, container: container, video: self.video, audio: audio)
    guard let container else {
      throw .media(.unsupportedContainer(path: outputURL.path, fileExtension: fileExtension))
    }
    self.container = container
    if hasAudio {
      try Self.checkTempo(of: composition)
      if let problem = movie.audioMix?.problem { throw .invalidMovie("audio mix: \(problem)") }
    }
    if codec.descriptor.pixelFormat == .pal8, let size = outputSize {
      // The palette is made from every frame, held until the end (``ReelMedia``'s
      // PaletteQuantiser): as many pixels as decoded images may hold.
      do {
        try settings.limits.checkHeldFrames(
          frames: frameCount, width: size.width, height: size.height)
      } catch {
        throw .invalidMovie(error.description)
      }
    }
  }
}
