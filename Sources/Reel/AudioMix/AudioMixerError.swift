import ReelCore
import ReelMedia

/// What went wrong mixing a composition's audio with an ``AudioMixer``.
///
/// `description` is one line saying what was wrong, where (track, file, times in seconds)
/// and what to do.
public enum AudioMixerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The output format is out of range (1…768 000 Hz, 1…8 channels).
  case invalidFormat(AudioFormat)
  /// A time range to render is invalid or not numeric, or starts before 0.
  case invalidTimeRange(TimeRange)
  /// A time to seek to is not numeric or is negative.
  case invalidTime(Time)
  /// A buffer size is not positive.
  case invalidFrameCount(Int)
  /// Reading or time-stretching a source failed. `track` is the composition audio track,
  /// nil for the soundtrack; the media error names the file.
  case sourceFailed(track: TrackID?, error: MediaError)
  /// The audio mix asks for something out of range (a loudness target, a ducking); the
  /// text says what and the range.
  case invalidAudioMix(String)
  /// The loudness meter failed (it ran out of memory).
  case meterFailed(MediaError)

  public var description: String {
    switch self {
    case .invalidFormat(let format):
      return
        "cannot mix audio at \(format.sampleRate) Hz × \(format.channelCount) channels: use 1…768000 Hz and 1…8 channels"
    case .invalidTimeRange(let range):
      return
        "cannot render audio over \(range.readable): give a numeric range starting at 0 s or later"
    case .invalidTime(let time):
      return "cannot move the audio mixer to \(time.readable) s: give a time of 0 s or later"
    case .invalidFrameCount(let count):
      return "cannot render \(count) audio sample frames: ask for a positive number"
    case .sourceFailed(let track, let error):
      if let track { return "audio track \(track): \(error)" }
      return "soundtrack: \(error)"
    case .invalidAudioMix(let reason):
      return "audio mix: \(reason)"
    case .meterFailed(let error):
      return "measuring the loudness: \(error)"
    }
  }
}
