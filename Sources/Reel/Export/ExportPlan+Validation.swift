import Foundation
import ReelCore
import ReelMedia

extension ExportPlan {
  /// The exported range: the requested one clipped to the movie, else the whole movie.
  static func range(_ requested: TimeRange?, duration: Time) throws(ExportError) -> TimeRange {
    let whole = TimeRange(start: .zero, duration: duration)
    guard let requested else { return whole }
    guard requested.isValid, requested.start >= .zero, requested.duration > .zero,
      requested.start < duration
    else {
      throw .invalidMovie(
        "export time range \(requested) is outside the movie [0, \(duration.seconds) s): choose a range inside it"
      )
    }
    return requested.intersection(whole)
  }

  /// The encoded size: the explicit one (checked: in range and even), else the preset's for
  /// the draw size, else the draw size rounded down to even.
  static func outputSize(settings: ExportSettings, drawWidth: Int, drawHeight: Int)
    throws(ExportError) -> (width: Int, height: Int)
  {
    if let width = settings.outputWidth {
      guard settings.outputSize == nil else {
        throw .invalidMovie("give the output size or its width, not both")
      }
      let side = PixelLimits.renderSide
      guard side.contains(Double(width)), width % 2 == 0 else {
        throw .invalidMovie(
          "output width \(width) must be even and \(side.description) pixels")
      }
      // The height of the render's shape at this width, to the nearest even number.
      let exact = Double(width) * Double(drawHeight) / Double(drawWidth)
      let height = max(2, Int((exact / 2).rounded()) * 2)
      guard side.contains(Double(height)) else {
        throw .invalidMovie(
          "output width \(width) makes the height \(height), outside \(side.description) pixels; choose another width"
        )
      }
      return (width, height)
    }
    guard let explicit = settings.outputSize else {
      return settings.preset.outputSize(
        for: Size(width: Double(drawWidth), height: Double(drawHeight)))
        ?? (drawWidth & ~1, drawHeight & ~1)
    }
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
    return explicit
  }

  /// Checks a CRF against the codec's range (``ReelMedia/VideoCodec/crfRange``), with the
  /// writer's reason (``ReelMedia/VideoCodecDescriptor/crfProblem(_:codecName:)``).
  static func check(crf: Int, codec: VideoCodec) throws(ExportError) {
    if let problem = codec.descriptor.crfProblem(crf, codecName: codec.rawValue) {
      throw .invalidMovie(problem)
    }
  }

  /// Checks the encoder settings as the writer will (codec, container, size, H.264 level),
  /// before anything is written.
  static func checkEncoding(
    url: URL, container: OutputContainer?, video: VideoOutputSettings?,
    audio: AudioOutputSettings?
  ) throws(ExportError) {
    guard video != nil || audio != nil else { return }
    do {
      try MediaWriter.validate(url: url, container: container, video: video, audio: audio)
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
}
