internal import Reel
internal import ReelMedia

/// A composition a program edits, as AVFoundation's `AVMutableComposition`. Every edit is
/// one of Reel's `Composition` edits; Reel owns the rules (content moves later on insert,
/// earlier on remove, scaling changes the rate).
///
/// The edits that cannot throw on Apple (`insertEmptyTimeRange`, `removeTimeRange`,
/// `scaleTimeRange`) print a warning naming the problem when Reel refuses them (Apple
/// ignores or raises), and change nothing.
open class AVMutableComposition: AVComposition, @unchecked Sendable {
  /// An empty composition.
  public init() {
    super.init(model: CompositionModel())
  }

  /// A composition over an existing model (a copy's).
  override init(model: CompositionModel) {
    super.init(model: model)
  }

  /// An empty composition; the options for the assets it makes are accepted and ignored.
  public convenience init(urlAssetInitializationOptions: [String: Any]? = nil) {
    self.init()
  }

  // MARK: Tracks

  /// The tracks of one media type, in the order they were added.
  open func tracks(withMediaType mediaType: AVMediaType) -> [AVMutableCompositionTrack] {
    mutableTracks.filter { $0.mediaType == mediaType }
  }

  @_disfavoredOverload
  open override func tracks(withMediaType mediaType: AVMediaType) -> [AVAssetTrack] {
    mutableTracks.filter { $0.mediaType == mediaType }
  }

  /// The track with an identifier, or nil.
  open override func track(withTrackID trackID: CMPersistentTrackID) -> AVMutableCompositionTrack? {
    mutableTracks.first { $0.trackID == trackID }
  }

  private var mutableTracks: [AVMutableCompositionTrack] {
    compositionTracks.compactMap { $0 as? AVMutableCompositionTrack }
  }

  /// Adds an empty track.
  ///
  /// - Parameters:
  ///   - mediaType: `.video` or `.audio` (other types give nil: Reel composes only those).
  ///   - preferredTrackID: The identifier to use, or `kCMPersistentTrackID_Invalid` for a
  ///     fresh one.
  /// - Returns: The track, or nil when `preferredTrackID` is already used.
  open func addMutableTrack(
    withMediaType mediaType: AVMediaType, preferredTrackID: CMPersistentTrackID
  ) -> AVMutableCompositionTrack? {
    guard let type = mediaType.compositionMediaType else {
      CompatWarnings.warnOnce(
        key: "addMutableTrack|\(mediaType.rawValue)",
        "addMutableTrack(withMediaType: \(mediaType.rawValue)) returns nil: Reel composes video and audio tracks only"
      )
      return nil
    }
    guard let trackID = model.addTrack(type, preferred: preferredTrackID) else { return nil }
    let track = AVMutableCompositionTrack(trackID: trackID, mediaType: mediaType, composition: self)
    append(track)
    return track
  }

  /// A track of `track`'s media type that a segment of it could go into (the first one).
  open func mutableTrack(compatibleWith track: AVAssetTrack) -> AVMutableCompositionTrack? {
    tracks(withMediaType: track.mediaType).first
  }

  /// Removes a track; its identifier is not handed out again.
  open func removeTrack(_ track: AVCompositionTrack) {
    model.removeTrack(track.trackID)
    drop(track.trackID)
  }

  /// An identifier no track of the composition has (one above the highest used).
  open func unusedTrackID() -> CMPersistentTrackID { model.unusedTrackID() }

  /// The composition's natural size: set by the program, else the first video track's.
  open override var naturalSize: CGSize {
    get { super.naturalSize }
    set { model.naturalSize = newValue }
  }

  // MARK: Editing every track

  /// Inserts a range of every video and audio track of `asset` at `startTime`: the n-th
  /// track of a media type goes into the n-th composition track of that type (added when
  /// missing); other tracks get empty time there, so everything after stays in sync.
  ///
  /// - Parameters:
  ///   - timeRange: The part of the asset, in asset seconds.
  ///   - asset: A file asset or a composition (its tracks' segments are copied, as they are
  ///     now).
  ///   - startTime: Where, in composition time; `.invalid` appends at the end.
  /// - Throws: An `NSError` in `AVFoundationErrorDomain` (Reel's message as the failure
  ///   reason); on error nothing changes.
  open func insertTimeRange(_ timeRange: CMTimeRange, of asset: AVAsset, at startTime: CMTime)
    throws
  {
    do {
      try insert(timeRange, of: asset, at: startTime)
    } catch {
      throw error.nsError
    }
  }

  private func insert(_ timeRange: CMTimeRange, of asset: AVAsset, at startTime: CMTime)
    throws(CompatFailure)
  {
    if case .failure(let failure) = asset.file?.probe() { throw failure }
    // The sources, snapshotted before this composition's lock is taken (the asset may be
    // this very composition).
    let sources = asset.tracks.compactMap { track -> (AVMediaType, TrackSource)? in
      guard track.mediaType.compositionMediaType != nil, let source = TrackSource(track) else {
        return nil
      }
      return (track.mediaType, source)
    }
    // Tracks that will receive media, made first so a failure leaves no new track behind.
    var targets: [(CMPersistentTrackID, TrackSource)] = []
    var made: [AVMutableCompositionTrack] = []
    var used: [AVMediaType: Int] = [:]
    for (mediaType, source) in sources {
      let index = used[mediaType, default: 0]
      used[mediaType] = index + 1
      let existing = tracks(withMediaType: mediaType)
      if index < existing.count {
        targets.append((existing[index].trackID, source))
      } else if let track = addMutableTrack(
        withMediaType: mediaType, preferredTrackID: kCMPersistentTrackID_Invalid)
      {
        made.append(track)
        targets.append((track.trackID, source))
      }
    }
    let range = timeRange.range
    do {
      try model.edit { (composition, ids) throws(CompositionError) in
        let at = startTime.time.isValid ? startTime.time : composition.duration
        let receiving = Set(targets.compactMap { ids[$0.0] })
        for (trackID, source) in targets {
          guard let reelID = ids[trackID] else { continue }
          try composition.modifyTrack(reelID) { (track) throws(CompositionError) in
            try source.insert(range, into: &track, at: at)
          }
        }
        for track in composition.tracks where !receiving.contains(track.id) && at < track.duration {
          try composition.modifyTrack(track.id) { (edited) throws(CompositionError) in
            try edited.insertEmptyTimeRange(TimeRange(start: at, duration: range.duration))
          }
        }
      }
    } catch {
      for track in made { removeTrack(track) }
      throw error
    }
  }

  /// Inserts empty time into every track at `timeRange.start`; later content moves later.
  open func insertEmptyTimeRange(_ timeRange: CMTimeRange) {
    apply("insertEmptyTimeRange") { (composition) throws(CompositionError) in
      try composition.insertEmptyTimeRange(timeRange.range)
    }
  }

  /// Removes a range from every track; later content moves earlier.
  open func removeTimeRange(_ timeRange: CMTimeRange) {
    apply("removeTimeRange") { (composition) throws(CompositionError) in
      try composition.removeTimeRange(timeRange.range)
    }
  }

  /// Changes the duration of a range in every track (the media plays faster or slower);
  /// content after it shifts by `duration − timeRange.duration`.
  open func scaleTimeRange(_ timeRange: CMTimeRange, toDuration duration: CMTime) {
    apply("scaleTimeRange") { (composition) throws(CompositionError) in
      try composition.scaleTimeRange(timeRange.range, toDuration: duration.time)
    }
  }

  private func apply(
    _ operation: String, _ edit: (inout Composition) throws(CompositionError) -> Void
  ) {
    do {
      try model.edit { (composition, _) throws(CompositionError) in try edit(&composition) }
    } catch {
      CompatWarnings.warnOnce(
        key: "\(operation)|\(error.reason)",
        "AVMutableComposition.\(operation) changed nothing: \(error.reason)")
    }
  }
}

/// A composition track a program edits, as AVFoundation's `AVMutableCompositionTrack`.
open class AVMutableCompositionTrack: AVCompositionTrack, @unchecked Sendable {
  /// The track's transform (Apple: the matrix written for the track; used by the default
  /// video composition).
  open override var preferredTransform: CGAffineTransform {
    get { super.preferredTransform }
    set { model.locked { storedTransform = newValue } }
  }

  /// Inserts part of `track` at `startTime`, played at its natural rate; content at and
  /// after `startTime` moves later by `timeRange.duration`. A range running past the end of
  /// the source's media is inserted with empty time for the part the source lacks, as on
  /// Apple.
  ///
  /// - Parameters:
  ///   - timeRange: The part of the source, in source time.
  ///   - track: A track of a file asset or of a composition (its segments are copied, as
  ///     they are now), of this track's media type.
  ///   - startTime: Where, in composition time; `.invalid` appends at the end.
  /// - Throws: An `NSError` in `AVFoundationErrorDomain` with Reel's message as the failure
  ///   reason; on error nothing changes.
  open func insertTimeRange(_ timeRange: CMTimeRange, of track: AVAssetTrack, at startTime: CMTime)
    throws
  {
    guard let source = TrackSource(track) else {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "insertTimeRange(_:of:at:): the source track \(track.trackID) has no media Reel can read (its file could not be probed, or its composition no longer has it)"
      ).nsError
    }
    do {
      try model.editTrack(trackID) { (edited) throws(CompositionError) in
        try source.insert(timeRange.range, into: &edited, at: startTime.time)
      }
    } catch {
      throw error.nsError
    }
  }

  /// Inserts empty time at `timeRange.start`; later content moves later.
  open func insertEmptyTimeRange(_ timeRange: CMTimeRange) {
    apply("insertEmptyTimeRange") { (track) throws(CompositionError) in
      try track.insertEmptyTimeRange(timeRange.range)
    }
  }

  /// Removes a range; later content moves earlier.
  open func removeTimeRange(_ timeRange: CMTimeRange) {
    apply("removeTimeRange") { (track) throws(CompositionError) in
      try track.removeTimeRange(timeRange.range)
    }
  }

  /// Changes the duration of a range (the media plays faster or slower); content after it
  /// shifts by `duration − timeRange.duration`.
  open func scaleTimeRange(_ timeRange: CMTimeRange, toDuration duration: CMTime) {
    apply("scaleTimeRange") { (track) throws(CompositionError) in
      try track.scaleTimeRange(timeRange.range, toDuration: duration.time)
    }
  }

  private func apply(
    _ operation: String, _ edit: (inout CompositionTrack) throws(CompositionError) -> Void
  ) {
    do {
      try model.editTrack(trackID, edit)
    } catch {
      CompatWarnings.warnOnce(
        key: "track.\(operation)|\(error.reason)",
        "AVMutableCompositionTrack.\(operation) changed nothing: \(error.reason)")
    }
  }
}

extension CompositionTrack {
  /// Inserts `range` of `source` at `time`; when the range runs past the source's media,
  /// the part it has is inserted and the rest is empty time, so the track advances by
  /// `range.duration` (Apple accepts such ranges; `insertTimeRange` of an asset's duration
  /// into a video track whose audio is longer is the common case).
  mutating func insertAvailable(_ range: TimeRange, of source: SourceTrack, at time: Time)
    throws(CompositionError)
  {
    guard let available = source.availableDuration, range.isValid, range.end > available,
      range.start < available
    else {
      try insertTimeRange(range, of: source, at: time)
      return
    }
    let at = time.isValid ? time : duration
    let used = TimeRange(start: range.start, end: available)
    try insertTimeRange(used, of: source, at: at)
    try insertEmptyTimeRange(
      TimeRange(start: at + used.duration, duration: range.duration - used.duration))
  }
}

/// Where inserted media comes from: a file's track, or a snapshot of a composition's track.
enum TrackSource {
  case file(FileTrack)
  case composition(CompositionTrack)

  /// The source behind `track`, or nil when it has none (a composition track that was
  /// removed).
  init?(_ track: AVAssetTrack) {
    if let file = track.file {
      self = .file(file)
    } else if let compositionTrack = track as? AVCompositionTrack,
      let reel = compositionTrack.reelTrack
    {
      self = .composition(reel)
    } else {
      return nil
    }
  }

  /// Inserts `range` of the source into `track` at `time` (`.invalid`: at its end).
  func insert(_ range: TimeRange, into track: inout CompositionTrack, at time: Time)
    throws(CompositionError)
  {
    switch self {
    case .file(let file): try track.insertAvailable(range, of: file.source, at: time)
    case .composition(let source): try track.insertTimeRange(range, of: source, at: time)
    }
  }
}
