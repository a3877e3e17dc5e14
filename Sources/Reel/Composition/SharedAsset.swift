import ReelMedia
import Synchronization

/// A media file's ``Asset``, probed once and shared by every copy of the value that holds it
/// (``SourceTrack``, ``Soundtrack``): the template loader's probe is the one the export's
/// decoders and the audio mixer open the file with. A value made from a path alone probes
/// the file the first time a reader needs it, then keeps the result.
///
/// Never part of the holder's equality: it is what was learned about the file the holder
/// names, not a property of its own.
final class SharedAsset: Sendable {
  /// The file this asset describes.
  let path: String
  private let probed: Mutex<Asset?>

  /// Shares an asset already opened.
  init(_ asset: Asset) {
    path = asset.path
    probed = Mutex(asset)
  }

  /// Probes the file at `path` on first use.
  init(path: String) {
    self.path = path
    probed = Mutex(nil)
  }

  /// The asset of the file at `requestedPath`: the one kept when it is this file (probed now
  /// if it was not yet), else a new probe (the holder's path was changed since it was made).
  ///
  /// - Throws: ``MediaError`` from probing the file.
  func asset(at requestedPath: String) throws(MediaError) -> Asset {
    guard requestedPath == path else { return try Asset(path: requestedPath) }
    return try probed.withLock { (kept: inout Asset?) throws(MediaError) -> Asset in
      if let kept { return kept }
      let made = try Asset(path: requestedPath)
      kept = made
      return made
    }
  }
}
