internal import Reel
internal import ReelMedia

/// An asset built from pieces of other assets, as AVFoundation's `AVComposition`: its
/// tracks, duration and natural size come from Reel's `Composition` held inside.
///
/// `tracks` is typed `[AVCompositionTrack]` here and `[AVMutableCompositionTrack]` on an
/// ``AVMutableComposition``, as on Apple (``AVAssetTrackListing``).
open class AVComposition: AVAsset, NSCopying, NSMutableCopying, @unchecked Sendable {
  /// Reel's composition and the track-identifier map.
  let model: CompositionModel
  /// The track objects, in the order they were added (guarded by the model's lock).
  private var trackList: [AVCompositionTrack] = []

  init(model: CompositionModel) {
    self.model = model
    super.init(file: nil)
  }

  /// An immutable copy (`copy()`): the same timeline, track identifiers, transforms and
  /// natural size; editing either afterwards does not change the other.
  open func copy(with zone: NSZone? = nil) -> Any {
    duplicate(into: AVComposition(model: model.duplicate()), mutableTracks: false)
  }

  /// A mutable copy (`mutableCopy()`), an ``AVMutableComposition`` with
  /// ``AVMutableCompositionTrack``s.
  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    duplicate(into: AVMutableComposition(model: model.duplicate()), mutableTracks: true)
  }

  private func duplicate<Made: AVComposition>(into made: Made, mutableTracks: Bool) -> Made {
    for track in compositionTracks {
      let copied =
        mutableTracks
        ? AVMutableCompositionTrack(
          trackID: track.trackID, mediaType: track.mediaType, composition: made)
        : AVCompositionTrack(trackID: track.trackID, mediaType: track.mediaType, composition: made)
      copied.storedTransform = track.preferredTransform
      made.append(copied)
    }
    return made
  }

  /// The composition's tracks, in the order they were added.
  override var assetTracks: [AVAssetTrack] { compositionTracks }

  /// The composition tracks.
  var compositionTracks: [AVCompositionTrack] { model.locked { trackList } }

  /// The track with an identifier, or nil.
  open override func track(withTrackID trackID: CMPersistentTrackID) -> AVCompositionTrack? {
    compositionTracks.first { $0.trackID == trackID }
  }

  /// The latest segment end over all tracks.
  open override var duration: CMTime { CMTime(model.composition.duration) }

  /// The size set by the program, else the first video track's natural size.
  open override var naturalSize: CGSize {
    model.naturalSize ?? compositionTracks.first { $0.mediaType == .video }?.naturalSize ?? .zero
  }

  override func reelTimeline() throws(CompatFailure) -> ReelTimeline {
    let (composition, ids) = model.timelineParts
    var transforms: [CMPersistentTrackID: CGAffineTransform] = [:]
    for track in compositionTracks where track.mediaType == .video {
      transforms[track.trackID] = track.preferredTransform
    }
    return ReelTimeline(composition: composition, trackIDs: ids, preferredTransforms: transforms)
  }

  /// Adds a track object (the model already holds its Reel track).
  func append(_ track: AVCompositionTrack) { model.locked { trackList.append(track) } }

  /// Drops a track object.
  func drop(_ trackID: CMPersistentTrackID) {
    model.locked { trackList.removeAll { $0.trackID == trackID } }
  }
}

/// A track of a composition, as AVFoundation's `AVCompositionTrack`: its segments, time
/// range and sizes are those of Reel's track.
open class AVCompositionTrack: AVAssetTrack, @unchecked Sendable {
  /// The composition's model.
  let model: CompositionModel
  /// The transform set by the program (guarded by the model's lock).
  var storedTransform = CGAffineTransform.identity

  init(trackID: CMPersistentTrackID, mediaType: AVMediaType, composition: AVComposition) {
    model = composition.model
    super.init(trackID: trackID, mediaType: mediaType, asset: composition, file: nil)
  }

  /// Reel's track.
  var reelTrack: CompositionTrack? { model.track(trackID) }

  /// The first media segment's source track.
  private var firstSource: SourceTrack? {
    for segment in reelTrack?.segments ?? [] {
      if case .track(let source) = segment.source { return source }
    }
    return nil
  }

  /// The track's transform: identity unless the program set one.
  open override var preferredTransform: CGAffineTransform { model.locked { storedTransform } }

  /// The natural size of the first media segment's source.
  open override var naturalSize: CGSize { firstSource?.track.naturalSize ?? .zero }

  /// From 0 to the end of the last segment.
  open override var timeRange: CMTimeRange {
    CMTimeRange(reelTrack?.timeRange ?? TimeRange(start: .zero, duration: .zero))
  }

  /// 600, Apple's default for compositions.
  open override var naturalTimeScale: CMTimeScale { 600 }

  /// The first media segment's source frame rate (video), else 0.
  open override var nominalFrameRate: Float {
    guard mediaType == .video, let info = firstSource?.track else { return 0 }
    return Float(info.averageFrameRate ?? info.frameRate ?? 0)
  }

  /// The shortest frame among the media segments' sources; invalid when unknown.
  open override var minFrameDuration: CMTime {
    var shortest: Time?
    for segment in reelTrack?.segments ?? [] {
      guard case .track(let source) = segment.source, let frame = source.track.nominalFrameDuration,
        frame.isNumeric, frame > .zero
      else { continue }
      shortest = shortest.map { Time.min($0, frame) } ?? frame
    }
    return shortest.map(CMTime.init) ?? .invalid
  }

  /// 0: a composition track has not been encoded yet.
  open override var estimatedDataRate: Float { 0 }

  /// The track's segments, in time order (each is an ``AVCompositionTrackSegment``).
  open override var segments: [AVAssetTrackSegment] {
    (reelTrack?.segments ?? []).map(AVCompositionTrackSegment.init(reel:))
  }
}

/// A segment of a composition track, as AVFoundation's `AVCompositionTrackSegment`.
open class AVCompositionTrackSegment: AVAssetTrackSegment, @unchecked Sendable {
  private let url: URL?
  private let sourceTrack: CMPersistentTrackID

  /// A segment playing `sourceTimeRange` of track `trackID` of the file at `URL` over
  /// `targetTimeRange`.
  public init(
    url URL: URL, trackID: CMPersistentTrackID, sourceTimeRange: CMTimeRange,
    targetTimeRange: CMTimeRange
  ) {
    url = URL
    sourceTrack = trackID
    super.init(timeMapping: CMTimeMapping(source: sourceTimeRange, target: targetTimeRange))
  }

  /// An empty segment over `timeRange`.
  public init(timeRange: CMTimeRange) {
    url = nil
    sourceTrack = kCMPersistentTrackID_Invalid
    super.init(
      timeMapping: CMTimeMapping(
        source: CMTimeRange(start: .invalid, duration: timeRange.duration), target: timeRange),
      isEmpty: true)
  }

  /// The file the media comes from; nil for an empty segment.
  open var sourceURL: URL? { url }
  /// The source track's identifier in its file; `kCMPersistentTrackID_Invalid` when empty.
  open var sourceTrackID: CMPersistentTrackID { sourceTrack }

  /// Reel's segment in Apple's terms (a still image is reported by its path, track 1).
  convenience init(reel segment: TrackSegment) {
    let target = CMTimeRange(segment.targetTimeRange)
    switch segment.source {
    case .track(let source):
      self.init(
        url: URL(fileURLWithPath: source.path),
        trackID: CMPersistentTrackID(source.track.index + 1),
        sourceTimeRange: CMTimeRange(segment.sourceTimeRange), targetTimeRange: target)
    case .still(let still):
      self.init(
        url: URL(fileURLWithPath: still.path), trackID: 1,
        sourceTimeRange: CMTimeRange(segment.sourceTimeRange), targetTimeRange: target)
    case .empty:
      self.init(timeRange: target)
    }
  }
}
