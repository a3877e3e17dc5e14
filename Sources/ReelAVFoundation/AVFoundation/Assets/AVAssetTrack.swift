internal import Reel
internal import ReelMedia

/// One track of an asset, as AVFoundation's `AVAssetTrack`.
///
/// A file track's values come from the file's probe: `trackID` is the track's number in the
/// file (its stream index + 1), `preferredTransform` the display matrix exactly as the file
/// stores it (translation included: a phone's portrait clip gives `(0, 1, −1, 0, h, 0)`).
open class AVAssetTrack: NSObject, AVAsynchronousKeyValueLoading, @unchecked Sendable {
  private let identifier: CMPersistentTrackID
  private let kind: AVMediaType
  private weak var owner: AVAsset?
  /// The file track, for tracks of files; nil for composition tracks.
  let file: FileTrack?

  init(trackID: CMPersistentTrackID, mediaType: AVMediaType, asset: AVAsset?, file: FileTrack?) {
    identifier = trackID
    kind = mediaType
    owner = asset
    self.file = file
    super.init()
  }

  /// The track's identifier in its asset.
  open var trackID: CMPersistentTrackID { identifier }
  /// Video, audio, …
  open var mediaType: AVMediaType { kind }
  /// The asset the track belongs to (held weakly, as on Apple).
  open var asset: AVAsset? { owner }

  /// The stored picture size in pixels (widened by a non-square pixel aspect ratio); zero
  /// for sound.
  open var naturalSize: CGSize { file?.info.naturalSize ?? .zero }

  /// The track's display matrix as the file stores it, in Apple's `a b c d tx ty`;
  /// identity when the file has none.
  open var preferredTransform: CGAffineTransform {
    file?.info.displayMatrix.map(CGAffineTransform.init) ?? .identity
  }

  /// Where the track's media lies: from 0 for the track's duration.
  open var timeRange: CMTimeRange {
    guard let file else { return .zero }
    return CMTimeRange(start: .zero, duration: CMTime(file.duration))
  }

  /// The timescale of the track's times.
  open var naturalTimeScale: CMTimeScale {
    guard let duration = file?.info.duration, duration.isNumeric else { return 600 }
    return duration.timescale
  }

  /// Frames per second of a video track (its average rate, else its nominal one); 0 for
  /// other tracks.
  open var nominalFrameRate: Float {
    guard let info = file?.info, info.kind == .video else { return 0 }
    return Float(info.averageFrameRate ?? info.frameRate ?? 0)
  }

  /// The length of one frame at the nominal frame rate; invalid when unknown (sound).
  open var minFrameDuration: CMTime {
    guard let frame = file?.info.nominalFrameDuration, frame.isNumeric else { return .invalid }
    return CMTime(frame)
  }

  /// Average bit rate in bits per second (0 when the file does not say).
  open var estimatedDataRate: Float { Float(file?.info.bitRate ?? 0) }

  /// Bytes of media in the track, estimated from the data rate and the duration.
  open var totalSampleDataLength: Int64 {
    guard let file else { return 0 }
    return Int64((Double(estimatedDataRate) / 8 * file.duration.seconds).rounded())
  }

  /// Whether the track is enabled: always.
  open var isEnabled: Bool { true }
  /// Whether the track can be played: Reel can decode it.
  open var isPlayable: Bool { mediaType == .video || mediaType == .audio }
  /// Whether the track's samples can be decoded.
  open var isDecodable: Bool { isPlayable }
  /// The volume the track prefers: 1.
  open var preferredVolume: Float { 1 }
  /// The track's language, when the file says (not read by Reel: nil).
  open var languageCode: String? { nil }

  /// The track's segments: one for a file track, mapping its time range onto itself.
  open var segments: [AVAssetTrackSegment] {
    guard file != nil else { return [] }
    return [AVAssetTrackSegment(timeMapping: CMTimeMapping(source: timeRange, target: timeRange))]
  }

  /// The segment at a track time, or nil.
  open func segment(forTrackTime trackTime: CMTime) -> AVAssetTrackSegment? {
    segments.first { $0.timeMapping.target.containsTime(trackTime) }
  }

  // MARK: Key-value loading

  /// Whether the values are loaded (a file is probed once, for every key); `failed` sets
  /// `outError` to the reason.
  public func statusOfValue(forKey key: String, error outError: NSErrorPointer) -> AVKeyValueStatus
  {
    .loaded
  }

  /// Loads the values (probes the file once), then calls `handler` on a background queue.
  public func loadValuesAsynchronously(
    forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)?
  ) {
    DispatchQueue.global().async { handler?() }
  }
}

/// A piece of a track's timeline, as AVFoundation's `AVAssetTrackSegment`.
open class AVAssetTrackSegment: NSObject, @unchecked Sendable {
  private let mapping: CMTimeMapping
  private let empty: Bool

  init(timeMapping: CMTimeMapping, isEmpty: Bool = false) {
    mapping = timeMapping
    empty = isEmpty
    super.init()
  }

  /// Which source range plays over which track range.
  open var timeMapping: CMTimeMapping { mapping }
  /// Whether the segment has no media.
  open var isEmpty: Bool { empty }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == CGSize {
  /// The track's natural size.
  public static var naturalSize: AVAsyncProperty<Root, CGSize> {
    .init { $0.naturalSize }
  }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == CGAffineTransform {
  /// The track's display matrix.
  public static var preferredTransform: AVAsyncProperty<Root, CGAffineTransform> {
    .init { $0.preferredTransform }
  }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == CMTimeRange {
  /// The track's time range.
  public static var timeRange: AVAsyncProperty<Root, CMTimeRange> {
    .init { $0.timeRange }
  }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == Float {
  /// Frames per second.
  public static var nominalFrameRate: AVAsyncProperty<Root, Float> {
    .init { $0.nominalFrameRate }
  }
  /// Bits per second.
  public static var estimatedDataRate: AVAsyncProperty<Root, Float> {
    .init { $0.estimatedDataRate }
  }
  /// The preferred volume.
  public static var preferredVolume: AVAsyncProperty<Root, Float> {
    .init { $0.preferredVolume }
  }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == CMTime {
  /// One frame's length.
  public static var minFrameDuration: AVAsyncProperty<Root, CMTime> {
    .init { $0.minFrameDuration }
  }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == CMTimeScale {
  /// The timescale of the track's times.
  public static var naturalTimeScale: AVAsyncProperty<Root, CMTimeScale> {
    .init { $0.naturalTimeScale }
  }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == Bool {
  /// Whether the track is enabled.
  public static var isEnabled: AVAsyncProperty<Root, Bool> {
    .init(key: "enabled") { $0.isEnabled }
  }
  /// Whether the track can be played.
  public static var isPlayable: AVAsyncProperty<Root, Bool> {
    .init(key: "playable") { $0.isPlayable }
  }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == [AVAssetTrackSegment] {
  /// The track's segments.
  public static var segments: AVAsyncProperty<Root, [AVAssetTrackSegment]> {
    .init { $0.segments }
  }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == Int64 {
  /// Bytes of media.
  public static var totalSampleDataLength: AVAsyncProperty<Root, Int64> {
    .init { $0.totalSampleDataLength }
  }
}
