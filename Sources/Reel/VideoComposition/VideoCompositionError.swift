import ReelCore

/// What is wrong with a ``VideoComposition``, found by
/// ``VideoComposition/validate(against:)``.
///
/// Where Apple's API fails with one opaque error (−11841), each case names the instruction
/// (0-based index), the track and the times in seconds, and says what to do.
public enum VideoCompositionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The composition has content but the video composition has no instructions.
  case noInstructions(compositionDuration: Time)
  /// An instruction's range is invalid, non-numeric, negative or empty.
  case invalidInstructionTimeRange(instruction: Int, range: TimeRange)
  /// The first instruction does not start at 0.
  case firstInstructionStartsLate(start: Time)
  /// An instruction starts after the previous one ends.
  case gap(instruction: Int, start: Time, previousEnd: Time)
  /// An instruction starts before the previous one ends.
  case overlap(instruction: Int, start: Time, previousEnd: Time)
  /// The last instruction ends before the composition does.
  case endsBeforeComposition(instruction: Int, end: Time, compositionDuration: Time)
  /// A layer instruction names a track that is not a video track of the composition.
  case unknownTrack(instruction: Int, layer: Int, track: TrackID, videoTracks: [TrackID])
  /// A composer's instruction asks for (or passes through) a track that is not a video
  /// track of the composition.
  case unknownSourceTrack(instruction: Int, track: TrackID, videoTracks: [TrackID])
  /// Two layer instructions of one instruction name the same track.
  case duplicateTrack(instruction: Int, track: TrackID)
  /// An opacity key is outside 0…1.
  case opacityOutOfRange(instruction: Int, track: TrackID, value: Double)
  /// The frame duration is zero, negative or not a number.
  case nonPositiveFrameDuration(Time)
  /// The render size has no area.
  case emptyRenderSize(width: Double, height: Double)
  /// The render size is not whole pixels.
  case fractionalRenderSize(width: Double, height: Double)
  /// The render size has an odd dimension (4:2:0 video needs even ones).
  case oddRenderSize(width: Int, height: Int)

  /// One line: what, where, and what to do.
  public var description: String {
    switch self {
    case .noInstructions(let duration):
      return
        "the video composition has no instructions but the composition lasts \(duration.readable) s: add instructions covering [0 s, \(duration.readable) s)"
    case .invalidInstructionTimeRange(let instruction, let range):
      return
        "instruction \(instruction) has the time range \(range.readable): give a numeric start ≥ 0 s and a positive duration"
    case .firstInstructionStartsLate(let start):
      return
        "instruction 0 starts at \(start.readable) s: the first instruction must start at 0 s"
    case .gap(let instruction, let start, let previousEnd):
      return
        "instruction \(instruction) starts at \(start.readable) s but instruction \(instruction - 1) ends at \(previousEnd.readable) s: instructions must leave no gap"
    case .overlap(let instruction, let start, let previousEnd):
      return
        "instruction \(instruction) starts at \(start.readable) s but instruction \(instruction - 1) ends at \(previousEnd.readable) s: instructions must not overlap"
    case .endsBeforeComposition(let instruction, let end, let duration):
      return
        "instruction \(instruction) ends at \(end.readable) s but the composition lasts \(duration.readable) s: the last instruction must reach the end of the composition"
    case .unknownTrack(let instruction, let layer, let track, let videoTracks):
      let known =
        videoTracks.isEmpty
        ? "it has none" : "video tracks: \(videoTracks.map(\.description).joined(separator: ", "))"
      return
        "instruction \(instruction), layer instruction \(layer) names track \(track), which is not a video track of the composition (\(known))"
    case .unknownSourceTrack(let instruction, let track, let videoTracks):
      let known =
        videoTracks.isEmpty
        ? "it has none" : "video tracks: \(videoTracks.map(\.description).joined(separator: ", "))"
      return
        "instruction \(instruction) asks the composer for track \(track), which is not a video track of the composition (\(known)): name a composition video track in requiredSourceTrackIDs and passthroughTrackID"
    case .duplicateTrack(let instruction, let track):
      return
        "instruction \(instruction) names track \(track) in two layer instructions: draw each track at most once per instruction"
    case .opacityOutOfRange(let instruction, let track, let value):
      return
        "instruction \(instruction), track \(track): opacity \(value) is outside 0…1"
    case .nonPositiveFrameDuration(let duration):
      return
        "frame duration \(duration.readable) s is not positive: use, e.g., 1/30 s"
    case .emptyRenderSize(let width, let height):
      return
        "render size \(VideoCompositionError.number(width))×\(VideoCompositionError.number(height)) is empty: width and height must be at least 2 pixels"
    case .fractionalRenderSize(let width, let height):
      return
        "render size \(VideoCompositionError.number(width))×\(VideoCompositionError.number(height)) is not a whole number of pixels: use integers"
    case .oddRenderSize(let width, let height):
      let lower = "\(width - width % 2)×\(height - height % 2)"
      let upper = "\(width + width % 2)×\(height + height % 2)"
      return
        "render size \(width)×\(height) has an odd dimension, which 4:2:0 video cannot encode: use \(lower) or \(upper)"
    }
  }

  /// A pixel count without a trailing `.0`.
  private static func number(_ value: Double) -> String {
    ReadableNumber.string(value, decimals: 6)
  }
}
