internal import Reel
import Synchronization

/// Exports an asset to a file with a preset, as AVFoundation's `AVAssetExportSession`.
///
/// When the export starts, the session takes a snapshot of the asset (Reel's
/// `Composition`), the video composition (`VideoComposition`, and the Core Animation tool's
/// `LayerTree`) and the audio mix (`AudioMix`) into a Reel `Movie`, and runs Reel's
/// `ExportSession` with the preset, the time range and the output URL. Later changes to
/// those objects do not affect a running export.
///
/// As on Apple: the session keeps itself alive until its completion handler has run; the
/// handler runs exactly once, on a background queue, whether the export completed, failed
/// or was cancelled; a file already at `outputURL` fails the export (`AVError`
/// `fileAlreadyExists`) and is left untouched; errors are `NSError`s in
/// `AVFoundationErrorDomain` with Apple's codes and Reel's message as the
/// `localizedFailureReason`. A command-line program must keep running until the handler has
/// been called (`dispatchMain()`, or a semaphore the handler signals).
///
/// Differences: an unset `outputFileType` is taken from the URL's extension, with a
/// warning (Apple raises an exception); MPEG-4 and QuickTime files always have their movie
/// header first (as `shouldOptimizeForNetworkUse` = true).
open class AVAssetExportSession: NSObject, @unchecked Sendable {
  /// Where an export session is, with Apple's raw values.
  public enum Status: Int, Sendable {
    /// Not started.
    case unknown = 0
    /// Asked to start; preparing.
    case waiting = 1
    /// Writing.
    case exporting = 2
    /// The file is complete at `outputURL`.
    case completed = 3
    /// Failed (``error`` says why); nothing was written.
    case failed = 4
    /// Cancelled; nothing was written.
    case cancelled = 5
  }

  /// What a program sets before the export starts.
  struct Settings {
    var outputURL: URL?
    var outputFileType: AVFileType?
    var timeRange = CMTimeRange(start: .zero, duration: .positiveInfinity)
    var videoComposition: AVVideoComposition?
    var audioMix: AVAudioMix?
    var shouldOptimizeForNetworkUse = false
    var metadata: [AVMetadataItem]?
    var fileLengthLimit: Int64 = 0
  }

  /// Where the export is.
  struct Run {
    var status = Status.unknown
    var error: NSError?
    var progress: Float = 0
    var task: Task<Void, Never>?
    var cancelRequested = false
  }

  /// The asset exported.
  public let asset: AVAsset
  /// The preset's name.
  public let presetName: String
  /// Reel's preset.
  let preset: ExportPreset
  /// Whether the preset keeps alpha (the HEVC-with-alpha presets, written as ProRes 4444).
  let keepsAlpha: Bool
  /// The settings (guarded by `settingsLock`: they hold classes that are not `Sendable`).
  private var storedSettings = Settings()
  private let settingsLock = NSLock()
  let run = Mutex(Run())

  /// Reads or changes the settings under their lock.
  func withSettings<T>(_ body: (inout Settings) -> T) -> T {
    settingsLock.lock()
    defer { settingsLock.unlock() }
    return body(&storedSettings)
  }

  /// A session exporting `asset` with the preset named `presetName`; nil for a name Reel
  /// does not know (as Apple returns nil for a preset it cannot use).
  public init?(asset: AVAsset, presetName: String) {
    if let reason = AppleExportPresets.unsupported[presetName] {
      CompatWarnings.warnOnce(
        key: "preset|\(presetName)",
        "AVAssetExportSession(asset:presetName: \(presetName)) is nil: \(reason)")
      return nil
    }
    if let preset = AppleExportPresets.withAlpha[presetName] {
      CompatWarnings.warnOnce(
        key: "preset|\(presetName)", AppleExportPresets.alphaWarning(presetName))
      self.asset = asset
      self.presetName = presetName
      self.preset = preset
      keepsAlpha = true
      super.init()
      return
    }
    guard let preset = AppleExportPresets.preset(named: presetName) else {
      CompatWarnings.warnOnce(
        key: "preset|\(presetName)",
        "AVAssetExportSession(asset:presetName: \"\(presetName)\") is nil: Reel supports \(AppleExportPresets.names.joined(separator: ", "))"
      )
      return nil
    }
    self.asset = asset
    self.presetName = presetName
    self.preset = preset
    keepsAlpha = false
    super.init()
  }

  // MARK: Settings

  /// Where the file is written; a file already there fails the export.
  open var outputURL: URL? {
    get { withSettings { $0.outputURL } }
    set { withSettings { $0.outputURL = newValue } }
  }

  /// Metadata written into the file: title, artist, description, album, copyright,
  /// software and the creation date as the MP4 / QuickTime muxer writes them (other items
  /// are left out with a warning naming them).
  open var metadata: [AVMetadataItem]? {
    get { withSettings { $0.metadata } }
    set { withSettings { $0.metadata = newValue } }
  }

  /// The container; nil takes the URL's extension (with a warning: Apple raises).
  open var outputFileType: AVFileType? {
    get { withSettings { $0.outputFileType } }
    set { withSettings { $0.outputFileType = newValue } }
  }

  /// The most bytes the file may take; 0 (default) for no limit. When the whole export
  /// would be larger, the file ends early, at the last frame that keeps it within the limit
  /// (the movie is cut in decode order, so every frame kept decodes; its duration is shorter
  /// than asked). A limit too small for even the first frames fails the export.
  open var fileLengthLimit: Int64 {
    get { withSettings { $0.fileLengthLimit } }
    set { withSettings { $0.fileLengthLimit = newValue } }
  }

  /// The part of the asset exported (default: all of it, `[0, +∞)`).
  open var timeRange: CMTimeRange {
    get { withSettings { $0.timeRange } }
    set { withSettings { $0.timeRange = newValue } }
  }

  /// How video tracks become frames; nil shows each video track upright and fitted (Reel's
  /// default video composition, which turns rotated clips upright in the pixels).
  open var videoComposition: AVVideoComposition? {
    get { withSettings { $0.videoComposition } }
    set { withSettings { $0.videoComposition = newValue } }
  }

  /// How audio tracks are mixed; nil plays each at unity.
  open var audioMix: AVAudioMix? {
    get { withSettings { $0.audioMix } }
    set { withSettings { $0.audioMix = newValue } }
  }

  /// Whether the movie header goes first. Reel always writes it first, whatever this says.
  open var shouldOptimizeForNetworkUse: Bool {
    get { withSettings { $0.shouldOptimizeForNetworkUse } }
    set { withSettings { $0.shouldOptimizeForNetworkUse = newValue } }
  }

  /// The file types this preset writes.
  open var supportedFileTypes: [AVFileType] {
    if keepsAlpha { return [.mov] }
    return preset == .appleM4A ? [.m4a] : [.mov, .m4v, .mp4]
  }

  /// Calls `handler` with ``supportedFileTypes`` on a background queue.
  open func determineCompatibleFileTypes(
    completionHandler handler: @escaping @Sendable ([AVFileType]) -> Void
  ) {
    let types = supportedFileTypes
    DispatchQueue.global().async { handler(types) }
  }

  // MARK: Exporting

  /// Starts the export; `handler` runs once, on a background queue, when it has completed,
  /// failed or been cancelled (read ``status`` and ``error`` there). The session keeps
  /// itself alive until then.
  ///
  /// A second call on the same session changes nothing (Apple raises an exception) and
  /// prints a warning.
  open func exportAsynchronously(completionHandler handler: @escaping @Sendable () -> Void) {
    startExport(then: handler)
  }

  /// Cancels the export: the status becomes cancelled and nothing is left at the output
  /// path (a file that was there before is kept). Before the export starts, the next
  /// export is cancelled at once.
  open func cancelExport() { requestCancel() }

  /// Exports, returning when the export has ended (read ``status`` and ``error``);
  /// cancelling the awaiting task cancels the export.
  open func export() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        startExport { continuation.resume() }
      }
    } onCancel: {
      requestCancel()
    }
  }

  /// Exports to `url` as `fileType` (iOS 18's form).
  ///
  /// - Throws: The export's `NSError` when it fails; `CancellationError` when it was
  ///   cancelled.
  open func export(to url: URL, as fileType: AVFileType) async throws {
    outputURL = url
    outputFileType = fileType
    await export()
    switch status {
    case .completed: return
    case .cancelled: throw CancellationError()
    default:
      throw error
        ?? CompatFailure(.unknown, "the export ended with status \(status.rawValue)").nsError
    }
  }

  // MARK: State

  /// Where the export is.
  open var status: Status { run.withLock { $0.status } }
  /// Why the export failed or was cancelled; nil otherwise.
  open var error: (any Error)? { run.withLock { $0.error } }
  /// How far the export has come, 0…1 (from Reel's progress reports).
  open var progress: Float { run.withLock { $0.progress } }

  // MARK: Presets

  /// Every preset name Reel supports.
  open class func allExportPresets() -> [String] { AppleExportPresets.names }

  /// The presets that can export `asset`: all of them for an asset with video; the audio
  /// and passthrough presets for one with sound only; none for an asset without tracks.
  open class func exportPresets(compatibleWith asset: AVAsset) -> [String] {
    let tracks = asset.tracks
    if tracks.contains(where: { $0.mediaType == .video }) { return AppleExportPresets.names }
    if tracks.contains(where: { $0.mediaType == .audio }) {
      return [AVAssetExportPresetAppleM4A, AVAssetExportPresetPassthrough]
    }
    return []
  }

  /// Calls `handler` with whether the preset can export `asset` to `outputFileType` (any
  /// supported type when nil).
  open class func determineCompatibility(
    ofExportPreset presetName: String, with asset: AVAsset, outputFileType: AVFileType?,
    completionHandler handler: @escaping @Sendable (Bool) -> Void
  ) {
    var compatible = exportPresets(compatibleWith: asset).contains(presetName)
    if compatible, let outputFileType,
      let session = AVAssetExportSession(asset: asset, presetName: presetName)
    {
      compatible = session.supportedFileTypes.contains(outputFileType)
    }
    let answer = compatible
    DispatchQueue.global().async { handler(answer) }
  }
}
