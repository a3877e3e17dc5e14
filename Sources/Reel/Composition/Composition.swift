import ReelCore
import ReelMedia

/// A timeline of video and audio tracks built from pieces of media files and still images,
/// as `AVMutableComposition`.
///
///     var composition = Composition()
///     let range = try composition.addClip(SourceMedia(asset: asset))   // first video + audio
///     try composition.scaleTimeRange(TimeRange(start: .zero, duration: range.duration),
///                                    toDuration: range.duration * 2)  // half speed
///     let position = composition.position(at: Time(value: 1, timescale: 1),
///                                         track: composition.videoTracks[0].id)
///
/// Tracks keep the order they were added in; their identifiers are never reused. The
/// composition's duration is the latest segment end over all tracks.
public struct Composition: Hashable, Sendable {
  /// The tracks, in the order they were added.
  public private(set) var tracks: [CompositionTrack] = []
  /// The identifier the next new track gets.
  private var nextTrackID: Int32 = 1

  /// Makes an empty composition.
  public init() {}

  /// The video tracks, in the order they were added.
  public var videoTracks: [CompositionTrack] { tracks.filter { $0.mediaType == .video } }
  /// The audio tracks, in the order they were added.
  public var audioTracks: [CompositionTrack] { tracks.filter { $0.mediaType == .audio } }

  /// The latest segment end over all tracks, in seconds (0 when empty).
  public var duration: Time { tracks.map(\.duration).max() ?? .zero }

  /// The track with an identifier, or nil.
  public func track(_ id: TrackID) -> CompositionTrack? {
    tracks.first { $0.id == id }
  }

  // MARK: Tracks

  /// Adds an empty track.
  ///
  /// - Parameter mediaType: Video or audio.
  /// - Returns: The new track's identifier (1, 2, 3, … in order of creation).
  @discardableResult
  public mutating func addTrack(_ mediaType: CompositionMediaType) -> TrackID {
    let id = TrackID(rawValue: nextTrackID)
    nextTrackID += 1
    tracks.append(CompositionTrack(id: id, mediaType: mediaType))
    return id
  }

  /// Removes a track; its identifier is not reused.
  ///
  /// - Parameter id: The track to remove.
  /// - Throws: ``CompositionError/trackNotFound(_:)``.
  public mutating func removeTrack(_ id: TrackID) throws(CompositionError) {
    guard let index = tracks.firstIndex(where: { $0.id == id }) else { throw .trackNotFound(id) }
    tracks.remove(at: index)
  }

  /// Runs an edit on one track.
  ///
  /// - Parameters:
  ///   - id: The track to edit.
  ///   - edit: The edit, given the track to change in place.
  /// - Throws: ``CompositionError/trackNotFound(_:)`` or what `edit` throws; on error the
  ///   track is unchanged.
  public mutating func modifyTrack(
    _ id: TrackID, _ edit: (inout CompositionTrack) throws(CompositionError) -> Void
  ) throws(CompositionError) {
    guard let index = tracks.firstIndex(where: { $0.id == id }) else { throw .trackNotFound(id) }
    var track = tracks[index]
    try edit(&track)
    tracks[index] = track
  }

  // MARK: Editing one track

  /// Inserts part of a source track into one composition track at its natural rate; see
  /// ``CompositionTrack/insertTimeRange(_:of:at:)``.
  ///
  /// - Parameters:
  ///   - range: The part of the source, in source seconds.
  ///   - source: The source track.
  ///   - time: Where to insert, in composition seconds; `.invalid` appends at the track's end.
  ///   - track: The composition track to insert into.
  /// - Throws: ``CompositionError``.
  public mutating func insertTimeRange(
    _ range: TimeRange, of source: SourceTrack, at time: Time, into track: TrackID
  ) throws(CompositionError) {
    try modifyTrack(track) { (edited) throws(CompositionError) in
      try edited.insertTimeRange(range, of: source, at: time)
    }
  }

  /// Inserts a still image shown for a duration into a video track; see
  /// ``CompositionTrack/insertStill(_:duration:at:)``.
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - duration: How long it is shown, in seconds.
  ///   - time: Where, in composition seconds; `.invalid` appends at the track's end.
  ///   - track: A video track.
  /// - Throws: ``CompositionError``.
  public mutating func insertStill(
    _ image: StillImage, duration: Time, at time: Time, into track: TrackID
  ) throws(CompositionError) {
    try modifyTrack(track) { (edited) throws(CompositionError) in
      try edited.insertStill(image, duration: duration, at: time)
    }
  }

  // MARK: Editing every track

  /// Inserts empty time into every track at `range.start`; see
  /// ``CompositionTrack/insertEmptyTimeRange(_:)``.
  ///
  /// - Parameter range: Where and how long, in composition seconds.
  /// - Throws: ``CompositionError/invalidTimeRange(operation:range:)``.
  public mutating func insertEmptyTimeRange(_ range: TimeRange) throws(CompositionError) {
    try CompositionTrack.check(range, "insertEmptyTimeRange")
    for index in tracks.indices { try tracks[index].insertEmptyTimeRange(range) }
  }

  /// Removes a range of the timeline from every track; later content moves earlier.
  ///
  /// - Parameter range: The range to remove, in composition seconds.
  /// - Throws: ``CompositionError/invalidTimeRange(operation:range:)``.
  public mutating func removeTimeRange(_ range: TimeRange) throws(CompositionError) {
    try CompositionTrack.check(range, "removeTimeRange")
    for index in tracks.indices { try tracks[index].removeTimeRange(range) }
  }

  /// Changes the speed of a range in every track (audio and video alike); content after
  /// it shifts by `duration − range.duration`. The audio mixer keeps the pitch using each
  /// segment's ``TrackSegment/rate``.
  ///
  /// - Parameters:
  ///   - range: The range, in composition seconds.
  ///   - duration: Its new length, in seconds.
  /// - Throws: ``CompositionError`` — `.invalidTimeRange`, `.invalidDuration`.
  public mutating func scaleTimeRange(_ range: TimeRange, toDuration duration: Time)
    throws(CompositionError)
  {
    try CompositionTrack.check(range, "scaleTimeRange")
    guard duration.isNumeric, duration > .zero else {
      throw .invalidDuration(operation: "scaleTimeRange", duration: duration)
    }
    for index in tracks.indices { try tracks[index].scaleTimeRange(range, toDuration: duration) }
  }

  // MARK: Clips

  /// Inserts a range of a file's first video and first audio track together, keeping them
  /// in sync (as the seeds do with `insertTimeRange` on two composition tracks).
  ///
  /// The video goes into the first video track and the audio into the first audio track,
  /// each made if missing. The clip is as long as its video (``SourceMedia/naturalTimeRange``):
  /// audio that runs on past the picture is trimmed to it, and audio shorter than the range
  /// is padded with silence, so that both advance by `range.duration`; other tracks of the
  /// composition get empty time inserted at `time` when `time` is inside them, so
  /// everything after stays in sync.
  ///
  /// - Parameters:
  ///   - media: The file's first video and audio track.
  ///   - timeRange: The part of the file in source seconds; nil for all of it
  ///     (``SourceMedia/naturalTimeRange``).
  ///   - time: Where, in composition seconds; `.invalid` (the default) appends at the
  ///     composition's end.
  /// - Returns: Where the clip landed in the composition, in seconds.
  /// - Throws: ``CompositionError`` — `.sourceRangeBeyondSource` when the range passes the
  ///   end of the clip (of its video track when it has one), `.invalidTimeRange`,
  ///   `.invalidTime`.
  @discardableResult
  public mutating func addClip(
    _ media: SourceMedia, timeRange: TimeRange? = nil, at time: Time = .invalid
  ) throws(CompositionError) -> TimeRange {
    let range = timeRange ?? media.naturalTimeRange
    try CompositionTrack.check(range, "addClip")
    let available = media.naturalTimeRange.duration
    if range.end > available {
      let trackIndex = media.video?.track.index ?? media.audio?.track.index ?? 0
      throw .sourceRangeBeyondSource(
        path: media.path, trackIndex: trackIndex, range: range, availableDuration: available)
    }
    let at: Time
    if !time.isValid {
      at = duration
    } else {
      guard time.isNumeric, time >= .zero else {
        throw .invalidTime(operation: "addClip", time: time)
      }
      at = time
    }
    var edited = self
    let videoID = edited.videoTracks.first?.id ?? edited.addTrack(.video)
    var audioID: TrackID? = edited.audioTracks.first?.id
    if media.audio != nil, audioID == nil { audioID = edited.addTrack(.audio) }
    let target = TimeRange(start: at, duration: range.duration)
    for index in edited.tracks.indices {
      let track = edited.tracks[index]
      let source: SourceTrack?
      if track.id == videoID {
        source = media.video
      } else if track.id == audioID {
        source = media.audio
      } else {
        source = nil
      }
      if let source {
        try edited.tracks[index].insertClipPart(range, of: source, into: target)
      } else if at < track.duration {
        try edited.tracks[index].insertEmptyTimeRange(target)
      }
    }
    self = edited
    return target
  }

  // MARK: Looking up

  /// Which source, and which source time, a track plays at a composition time.
  ///
  /// - Parameters:
  ///   - time: A composition time in seconds.
  ///   - track: The track.
  /// - Returns: The segment and exact source time, or nil when the track does not exist or
  ///   `time` is outside it.
  public func position(at time: Time, track: TrackID) -> SegmentPosition? {
    self.track(track)?.position(at: time)
  }

  /// The segment a track plays at a composition time.
  ///
  /// - Parameters:
  ///   - time: A composition time in seconds.
  ///   - track: The track.
  /// - Returns: The segment (possibly empty), or nil outside the track.
  public func segment(at time: Time, track: TrackID) -> TrackSegment? {
    self.track(track)?.segment(at: time)
  }
}

extension CompositionTrack {
  /// Inserts the part of `range` the source has, padding the rest of `target` with empty
  /// time, so that the track advances by exactly `target.duration`.
  mutating func insertClipPart(_ range: TimeRange, of source: SourceTrack, into target: TimeRange)
    throws(CompositionError)
  {
    let available = source.availableDuration ?? range.end
    let usableEnd = Time.min(range.end, available)
    if usableEnd <= range.start {
      try insertEmptyTimeRange(target)
      return
    }
    let used = TimeRange(start: range.start, end: usableEnd)
    try insertTimeRange(used, of: source, at: target.start)
    if used.duration < target.duration {
      try insertEmptyTimeRange(
        TimeRange(start: target.start + used.duration, end: target.end))
    }
  }
}

extension Composition {
  /// Inserts a range of an opened asset's first video and first audio track; see
  /// ``addClip(_:timeRange:at:)``.
  ///
  /// - Parameters:
  ///   - asset: The opened file.
  ///   - timeRange: The part of the file in source seconds; nil for all of it.
  ///   - time: Where, in composition seconds; `.invalid` appends at the end.
  /// - Returns: Where the clip landed, in seconds.
  /// - Throws: ``CompositionError``.
  @discardableResult
  public mutating func addClip(asset: Asset, timeRange: TimeRange? = nil, at time: Time = .invalid)
    throws(CompositionError) -> TimeRange
  {
    try addClip(SourceMedia(asset: asset), timeRange: timeRange, at: time)
  }
}
