/// What a player would play, as AVFoundation's `AVPlayerItem`, kept as a holder: the asset
/// with the video composition and audio mix that editing code attaches to it for a preview,
/// so that code building a player item compiles and can hand its parts to an export. Reel
/// does not play: nothing here renders, and `status` stays `.unknown` (as on Apple for an
/// item no player has taken).
open class AVPlayerItem: NSObject, @unchecked Sendable {
  /// Whether the item can play, as Apple's `AVPlayerItem.Status`.
  @frozen public enum Status: Int, Sendable {
    case unknown = 0
    case readyToPlay = 1
    case failed = 2
  }

  private let lock = NSLock()
  private let storedAsset: AVAsset
  private var storedVideoComposition: AVVideoComposition?
  private var storedAudioMix: AVAudioMix?
  private var storedForwardEnd = CMTime.invalid
  private var storedReverseEnd = CMTime.invalid

  /// An item for `asset`.
  public init(asset: AVAsset) {
    storedAsset = asset
    super.init()
  }

  /// An item for `asset`; the keys to load are accepted (Reel loads everything on first use).
  public convenience init(asset: AVAsset, automaticallyLoadedAssetKeys: [String]?) {
    self.init(asset: asset)
  }

  /// An item for the media file at `URL`.
  public convenience init(url URL: URL) {
    self.init(asset: AVURLAsset(url: URL))
  }

  /// The asset.
  open var asset: AVAsset { storedAsset }

  /// The video composition to show the asset through; set as a copy (Apple's `@NSCopying`).
  open var videoComposition: AVVideoComposition? {
    get { lock.withLock { storedVideoComposition } }
    set {
      let copied = newValue?.copy() as? AVVideoComposition
      lock.withLock { storedVideoComposition = copied }
    }
  }

  /// The audio mix to play the asset's audio with; set as a copy (Apple's `@NSCopying`).
  open var audioMix: AVAudioMix? {
    get { lock.withLock { storedAudioMix } }
    set {
      let copied = newValue?.copy() as? AVAudioMix
      lock.withLock { storedAudioMix = copied }
    }
  }

  /// The asset's duration.
  open var duration: CMTime { storedAsset.duration }

  /// `.unknown`: Reel does not play, so no player ever makes the item ready.
  open var status: Status { .unknown }

  /// Nil: nothing has failed.
  open var error: (any Error)? { nil }

  /// The playback position: zero (nothing plays).
  open func currentTime() -> CMTime { .zero }

  /// Where forward playback would end (`.invalid`: at the end).
  open var forwardPlaybackEndTime: CMTime {
    get { lock.withLock { storedForwardEnd } }
    set { lock.withLock { storedForwardEnd = newValue } }
  }

  /// Where reverse playback would end (`.invalid`: at the start).
  open var reversePlaybackEndTime: CMTime {
    get { lock.withLock { storedReverseEnd } }
    set { lock.withLock { storedReverseEnd = newValue } }
  }
}
