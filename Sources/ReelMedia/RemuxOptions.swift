/// What ``Remuxer`` copies and how it writes the output.
///
/// Rotation (the display matrix) survives only in MP4-family files: FFmpeg 5.1's Matroska
/// muxer cannot store it, so a rotated video into `.mkv` or `.webm` is refused.
public struct RemuxOptions: Sendable, Hashable {
  /// The part of the source to copy, in seconds of asset time (0 is the file's first
  /// instant, as for ``VideoReader``), or `nil` for the whole file. A duration of `+∞` or
  /// indefinite copies to the end.
  ///
  /// Without re-encoding the cut cannot start between keyframes: video starts at the last
  /// keyframe at or before `start`. In MP4-family files an edit list hides the frames before
  /// `start`, so players begin exactly there (as `ffmpeg -ss start -i source -c copy` does);
  /// Matroska and WebM have no edit lists, so their output begins at the keyframe. Each
  /// stream ends before its first packet whose decode time is at or after `end`.
  public var timeRange: TimeRange?
  /// Copy the first video track (ignored for `.m4a`, which is audio only).
  public var includeVideo: Bool
  /// Copy the first audio track.
  public var includeAudio: Bool
  /// Replace an existing file at the destination. When `false`, an existing file makes the
  /// remux fail before anything is written, and a file that appears at the destination
  /// while copying is kept (the remux throws `MediaError.fileExists`).
  public var overwrite: Bool
  /// Put the `moov` box before `mdat` in MP4-family files (ignored for Matroska and WebM).
  public var fastStart: Bool

  /// Makes options; the defaults copy the whole file's first video and audio tracks into a
  /// new file with `moov` first.
  ///
  /// - Parameters:
  ///   - timeRange: The part to copy, in seconds, or `nil` for all of it.
  ///   - includeVideo: Copy the first video track.
  ///   - includeAudio: Copy the first audio track.
  ///   - overwrite: Replace an existing destination file.
  ///   - fastStart: Put `moov` before `mdat` in MP4-family files.
  public init(
    timeRange: TimeRange? = nil, includeVideo: Bool = true, includeAudio: Bool = true,
    overwrite: Bool = false, fastStart: Bool = true
  ) {
    self.timeRange = timeRange
    self.includeVideo = includeVideo
    self.includeAudio = includeAudio
    self.overwrite = overwrite
    self.fastStart = fastStart
  }
}
