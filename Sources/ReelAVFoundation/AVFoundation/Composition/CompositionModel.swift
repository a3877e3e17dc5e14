internal import Reel
internal import ReelMedia

/// Reel's `Composition` inside an ``AVComposition``, and the map from Apple's track
/// identifiers (which a program may choose) to Reel's (handed out in order). Every edit is
/// Reel's; this type only keeps the two identifier spaces apart and the edits serialised.
final class CompositionModel: @unchecked Sendable {
  private let lock = NSLock()
  private var value = Composition()
  private var reelIDs: [CMPersistentTrackID: TrackID] = [:]
  private var highestID: CMPersistentTrackID = 0
  /// The composition's natural size when a program set one.
  private var chosenNaturalSize: CGSize?

  /// Runs `body` holding the model's lock (the tracks' own state shares it).
  func locked<T>(_ body: () throws(CompatFailure) -> T) throws(CompatFailure) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Runs `body` holding the model's lock.
  func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }

  /// A separate model with the same state (for copies).
  func duplicate() -> CompositionModel {
    let made = CompositionModel()
    locked {
      made.value = value
      made.reelIDs = reelIDs
      made.highestID = highestID
      made.chosenNaturalSize = chosenNaturalSize
    }
    return made
  }

  /// The composition as it is now.
  var composition: Composition { locked { value } }

  /// Reel's identifier for an Apple track identifier.
  func reelID(_ trackID: CMPersistentTrackID) -> TrackID? { locked { reelIDs[trackID] } }

  /// A snapshot: the composition and the identifier map.
  var timelineParts: (Composition, [CMPersistentTrackID: TrackID]) { locked { (value, reelIDs) } }

  /// An identifier no track has, now or before: one above the highest handed out.
  func unusedTrackID() -> CMPersistentTrackID { locked { highestID + 1 } }

  /// Adds a Reel track for an Apple identifier: `preferred`, or a fresh one for
  /// `kCMPersistentTrackID_Invalid`; nil when `preferred` is taken or negative.
  func addTrack(_ mediaType: CompositionMediaType, preferred: CMPersistentTrackID)
    -> CMPersistentTrackID?
  {
    locked {
      let trackID = preferred == kCMPersistentTrackID_Invalid ? highestID + 1 : preferred
      guard trackID > 0, reelIDs[trackID] == nil else { return nil }
      reelIDs[trackID] = value.addTrack(mediaType)
      highestID = max(highestID, trackID)
      return trackID
    }
  }

  /// Removes a track (its identifier is not handed out again by `unusedTrackID`).
  func removeTrack(_ trackID: CMPersistentTrackID) {
    locked {
      guard let reelID = reelIDs.removeValue(forKey: trackID) else { return }
      try? value.removeTrack(reelID)
    }
  }

  /// Runs an edit of the whole composition; on error nothing changes.
  func edit(
    _ body: (inout Composition, [CMPersistentTrackID: TrackID]) throws(CompositionError) -> Void
  ) throws(CompatFailure) {
    try locked { () throws(CompatFailure) in
      var edited = value
      do throws(CompositionError) {
        try body(&edited, reelIDs)
      } catch {
        throw CompatFailure(error)
      }
      value = edited
    }
  }

  /// Runs an edit of one track; on error nothing changes.
  func editTrack(
    _ trackID: CMPersistentTrackID,
    _ body: (inout CompositionTrack) throws(CompositionError) -> Void
  ) throws(CompatFailure) {
    try edit { (composition, ids) throws(CompositionError) in
      guard let reelID = ids[trackID] else { throw .trackNotFound(TrackID(rawValue: trackID)) }
      try composition.modifyTrack(reelID, body)
    }
  }

  /// Reel's track behind an Apple identifier.
  func track(_ trackID: CMPersistentTrackID) -> CompositionTrack? {
    locked { reelIDs[trackID].flatMap { value.track($0) } }
  }

  /// The natural size a program set, if any.
  var naturalSize: CGSize? {
    get { locked { chosenNaturalSize } }
    set { locked { chosenNaturalSize = newValue } }
  }
}

/// What an export or a still reads from an asset: Reel's composition, and which Reel track
/// each Apple track identifier is.
struct ReelTimeline {
  var composition: Composition
  var trackIDs: [CMPersistentTrackID: TrackID]
  /// Each video track's preferred transform, by Apple identifier.
  var preferredTransforms: [CMPersistentTrackID: CGAffineTransform]
}

extension AVAsset {
  /// The asset as Reel's composition: a file's video and audio tracks, each whole, in a
  /// track of its own (identifiers kept); a composition's own timeline.
  ///
  /// - Throws: `CompatFailure` when the file cannot be read.
  func fileTimeline() throws(CompatFailure) -> ReelTimeline {
    guard let file else {
      return ReelTimeline(composition: Composition(), trackIDs: [:], preferredTransforms: [:])
    }
    if case .failure(let failure) = file.probe() { throw failure }
    var composition = Composition()
    var ids: [CMPersistentTrackID: TrackID] = [:]
    var transforms: [CMPersistentTrackID: CGAffineTransform] = [:]
    for track in tracks {
      guard let fileTrack = track.file, let type = track.mediaType.compositionMediaType else {
        continue
      }
      let reelID = composition.addTrack(type)
      ids[track.trackID] = reelID
      if type == .video { transforms[track.trackID] = track.preferredTransform }
      let duration = fileTrack.duration
      guard duration.isNumeric, duration > .zero else { continue }
      do throws(CompositionError) {
        try composition.insertTimeRange(
          TimeRange(start: .zero, duration: duration), of: fileTrack.source, at: .zero,
          into: reelID)
      } catch {
        throw CompatFailure(error)
      }
    }
    return ReelTimeline(composition: composition, trackIDs: ids, preferredTransforms: transforms)
  }
}
