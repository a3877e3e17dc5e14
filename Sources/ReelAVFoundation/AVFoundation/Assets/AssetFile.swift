internal import Reel
internal import ReelMedia
import Synchronization

/// The media file behind an ``AVURLAsset``, probed once with Reel's `Asset`, the first time
/// anything about it is asked for; every track and every export of the asset reads the file
/// with that probe. The file is kept open from then on (as on Apple): an export still reads
/// it after its path was removed or replaced.
final class AssetFile: Sendable {
  /// The file.
  let url: URL
  private let probed = Mutex<Result<Asset, CompatFailure>?>(nil)

  init(url: URL) { self.url = url }

  /// The probed file, or why it cannot be read (probed now on first use).
  func probe() -> Result<Asset, CompatFailure> {
    probed.withLock { kept in
      if let kept { return kept }
      let made: Result<Asset, CompatFailure>
      do throws(MediaError) {
        made = .success(try Asset(path: url.path, keepingFileOpen: true))
      } catch {
        made = .failure(CompatFailure(error))
      }
      kept = made
      return made
    }
  }

  /// Whether the file was probed already.
  var isProbed: Bool { probed.withLock { $0 != nil } }
}

/// One track of a probed file: Reel's source track (which carries the probe) and its
/// description.
struct FileTrack: Sendable {
  /// The track as a source of composition segments.
  let source: SourceTrack
  /// The file's duration, for tracks that do not say how long they are.
  let fileDuration: Time

  init(asset: Asset, track: TrackInfo) {
    source = SourceTrack(asset: asset, track: track)
    fileDuration = asset.duration
  }

  var info: TrackInfo { source.track }

  /// Apple's identifier for the track: the file's track number, 1 for the first stream.
  var trackID: CMPersistentTrackID { CMPersistentTrackID(info.index + 1) }

  /// How long the track's media lasts, in seconds.
  var duration: Time { source.availableDuration ?? fileDuration }
}

extension TrackInfo {
  /// The stored picture size in pixels, widened by the pixel aspect ratio, as Apple's
  /// `naturalSize` (zero for sound).
  var naturalSize: CGSize {
    guard let width, let height else { return .zero }
    let aspect = sampleAspectRatio ?? 1
    return CGSize(width: (Double(width) * aspect).rounded(), height: Double(height))
  }
}
