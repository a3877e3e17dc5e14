internal import Reel
internal import ReelMedia
import Synchronization

/// Timed audiovisual media, as AVFoundation's `AVAsset`: a file (``AVURLAsset``) or a
/// composition (``AVComposition``).
///
/// A file is probed once, lazily, the first time a value is asked for. As on Apple, an
/// unreadable file has no tracks and a zero duration; the async `load(_:)` forms throw the
/// reason instead.
open class AVAsset: NSObject, AVAsynchronousKeyValueLoading, AVAssetTrackListing,
  @unchecked Sendable
{
  /// The file, for a file asset; nil for compositions.
  let file: AssetFile?
  /// The file's tracks, made on first use.
  private let fileTracks = Mutex<[AVAssetTrack]?>(nil)
  /// Whether `cancelLoading()` was called since the last load request.
  private let loadingCancelled = Mutex(false)

  init(file: AssetFile?) {
    self.file = file
    super.init()
  }

  /// An asset for the media file at `url` (Apple returns an ``AVURLAsset``; here the asset
  /// is a plain `AVAsset` with the same behaviour).
  public convenience init(url URL: URL) {
    self.init(file: AssetFile(url: URL))
  }

  // MARK: Tracks

  /// The tracks, in file order (video, audio, subtitle and metadata tracks); what
  /// ``AVAssetTrackListing/tracks`` answers.
  var assetTracks: [AVAssetTrack] {
    guard let file else { return [] }
    return fileTracks.withLock { cached in
      if let cached { return cached }
      var made: [AVAssetTrack] = []
      if case .success(let asset) = file.probe() {
        for info in asset.tracks {
          guard let mediaType = AVMediaType(info.kind) else { continue }
          made.append(
            AVAssetTrack(
              trackID: CMPersistentTrackID(info.index + 1), mediaType: mediaType, asset: self,
              file: FileTrack(asset: asset, track: info)))
        }
      }
      cached = made
      return made
    }
  }

  /// The tracks of one media type, in order.
  @_disfavoredOverload
  open func tracks(withMediaType mediaType: AVMediaType) -> [AVAssetTrack] {
    tracks.filter { $0.mediaType == mediaType }
  }

  /// The track with an identifier, or nil.
  open func track(withTrackID trackID: CMPersistentTrackID) -> AVAssetTrack? {
    tracks.first { $0.trackID == trackID }
  }

  /// The tracks of one media type, loaded off the calling thread.
  ///
  /// - Throws: An `NSError` in `AVFoundationErrorDomain` when the file cannot be read.
  open func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVAssetTrack] {
    try await AsyncLoading.loaded(self)
    return tracks(withMediaType: mediaType)
  }

  /// The track with an identifier, loaded off the calling thread.
  ///
  /// - Throws: An `NSError` in `AVFoundationErrorDomain` when the file cannot be read.
  open func loadTrack(withTrackID trackID: CMPersistentTrackID) async throws -> AVAssetTrack? {
    try await AsyncLoading.loaded(self)
    return track(withTrackID: trackID)
  }

  // MARK: Values

  /// How long the asset lasts: the file's duration (zero when it cannot be read).
  open var duration: CMTime {
    guard let file, case .success(let asset) = file.probe() else { return .zero }
    return CMTime(asset.duration)
  }

  /// The first video track's natural size (zero without video).
  open var naturalSize: CGSize {
    tracks(withMediaType: .video).first?.naturalSize ?? .zero
  }

  /// The asset's own transform: identity (track matrices are on the tracks).
  open var preferredTransform: CGAffineTransform { .identity }

  /// Durations and times are exact (Reel reads every timestamp): true.
  open var providesPreciseDurationAndTiming: Bool { true }

  /// Whether the file can be read.
  open var isReadable: Bool { readable }
  /// Whether the asset can be played: it can be read and has a track.
  open var isPlayable: Bool { readable && !tracks.isEmpty }
  /// Whether the asset can be exported.
  open var isExportable: Bool { readable && !tracks.isEmpty }
  /// Whether the asset can be inserted into a composition.
  open var isComposable: Bool { readable && !tracks.isEmpty }

  private var readable: Bool {
    guard let file else { return true }
    if case .success = file.probe() { return true }
    return false
  }

  /// The asset as Reel's composition, for exports and stills (a composition overrides it).
  ///
  /// - Throws: `CompatFailure` when the file cannot be read.
  func reelTimeline() throws(CompatFailure) -> ReelTimeline { try fileTimeline() }

  // MARK: Key-value loading

  /// Whether the values are loaded (a file is probed once, for every key); `failed` sets
  /// `outError` to the reason.
  public func statusOfValue(forKey key: String, error outError: NSErrorPointer) -> AVKeyValueStatus
  {
    if !isContentsLoaded, loadingCancelled.withLock({ $0 }) { return .cancelled }
    return AsyncLoading.status(of: self, error: outError)
  }

  /// Loads the values (probes the file once), then calls `handler` on a background queue.
  /// A `cancelLoading()` before the probe starts skips it: the handler is still called, and
  /// the values not loaded are then `.cancelled`.
  public func loadValuesAsynchronously(
    forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)?
  ) {
    loadingCancelled.withLock { $0 = false }
    AsyncLoading.load(self, then: handler)
  }

  /// Cancels the loading of values not loaded yet, as Apple's `cancelLoading()`: pending
  /// `loadValuesAsynchronously` handlers are still called, and `statusOfValue(forKey:error:)`
  /// answers `.cancelled` for the values that were not loaded. Values already loaded stay
  /// loaded; a later load request, or reading a value, loads them again. (Reel's probe of a
  /// file is one short read; a probe already running completes.)
  open func cancelLoading() {
    loadingCancelled.withLock { $0 = true }
  }

  /// Whether a load request was cancelled before it started reading.
  var isLoadingCancelled: Bool { loadingCancelled.withLock { $0 } }
}

extension AVAsset: AsyncLoadingSource {
  func loadContents() -> CompatFailure? {
    guard let file, case .failure(let failure) = file.probe() else { return nil }
    return failure
  }

  var isContentsLoaded: Bool { file?.isProbed ?? true }
}

/// An asset for a media file at a URL, as AVFoundation's `AVURLAsset`.
open class AVURLAsset: AVAsset, @unchecked Sendable {
  /// The file's URL.
  public let url: URL

  /// An asset for the media file at `URL`; nothing is read until a value is asked for.
  ///
  /// - Parameters:
  ///   - URL: A file URL.
  ///   - options: Accepted and ignored (Reel's timing is always precise:
  ///     ``AVURLAssetPreferPreciseDurationAndTimingKey`` changes nothing).
  public init(url URL: URL, options: [String: Any]? = nil) {
    self.url = URL
    super.init(file: AssetFile(url: URL))
  }
}

/// The option asking for precise durations and timing (always the case in Reel).
public let AVURLAssetPreferPreciseDurationAndTimingKey =
  "AVURLAssetPreferPreciseDurationAndTimingKey"

extension AVAsyncProperty where Root: AVAsset, Value == CMTime {
  /// The asset's duration.
  public static var duration: AVAsyncProperty<Root, CMTime> {
    .init { $0.duration }
  }
}

extension AVAsyncProperty where Root: AVAsset, Value == [AVAssetTrack] {
  /// The asset's tracks.
  public static var tracks: AVAsyncProperty<Root, [AVAssetTrack]> {
    .init { $0.tracks }
  }
}

extension AVAsyncProperty where Root: AVAsset, Value == CGSize {
  /// The first video track's natural size.
  public static var naturalSize: AVAsyncProperty<Root, CGSize> {
    .init { $0.naturalSize }
  }
}

extension AVAsyncProperty where Root: AVAsset, Value == CGAffineTransform {
  /// The asset's transform (identity).
  public static var preferredTransform: AVAsyncProperty<Root, CGAffineTransform> {
    .init { $0.preferredTransform }
  }
}

extension AVAsyncProperty where Root: AVAsset, Value == Bool {
  /// Whether the asset can be played.
  public static var isPlayable: AVAsyncProperty<Root, Bool> {
    .init(key: "playable") { $0.isPlayable }
  }
  /// Whether the asset can be exported.
  public static var isExportable: AVAsyncProperty<Root, Bool> {
    .init(key: "exportable") { $0.isExportable }
  }
  /// Whether the asset can be read.
  public static var isReadable: AVAsyncProperty<Root, Bool> {
    .init(key: "readable") { $0.isReadable }
  }
  /// Whether the asset can be inserted into a composition.
  public static var isComposable: AVAsyncProperty<Root, Bool> {
    .init(key: "composable") { $0.isComposable }
  }
  /// Whether durations and times are exact (always).
  public static var providesPreciseDurationAndTiming: AVAsyncProperty<Root, Bool> {
    .init { $0.providesPreciseDurationAndTiming }
  }
}

/// Where `tracks` comes from, so that its type narrows as Apple's does: `[AVAssetTrack]` on
/// an ``AVAsset``, `[AVCompositionTrack]` on an ``AVComposition`` and
/// `[AVMutableCompositionTrack]` on an ``AVMutableComposition`` (Swift cannot narrow an
/// overridden array property; these constrained extensions are chosen by the static type,
/// and every one answers the object's own tracks).
public protocol AVAssetTrackListing: AnyObject {}

extension AVAssetTrackListing where Self: AVAsset {
  /// The tracks, in file order (video, audio, subtitle and metadata tracks); a
  /// composition's in the order they were added.
  public var tracks: [AVAssetTrack] { assetTracks }
}

extension AVAssetTrackListing where Self: AVComposition {
  /// The composition's tracks, in the order they were added.
  public var tracks: [AVCompositionTrack] { compositionTracks }
}

extension AVAssetTrackListing where Self: AVMutableComposition {
  /// The composition's tracks, in the order they were added.
  public var tracks: [AVMutableCompositionTrack] {
    compositionTracks.compactMap { $0 as? AVMutableCompositionTrack }
  }
}
