import Foundation
import Reel
import ReelFilters
import Synchronization

/// What several loads of one template share (``TemplateBatch``): media probes, decoded images
/// and parsed `.cube` tables, keyed by the file's resolved path and checked against its size
/// and modification time, so a file changed between two loads is read again.
///
/// Each load still counts the image pixels it uses against its own budget; the cache only
/// saves the reading. Thread-safe: loads on several threads share one cache.
public final class TemplateFileCache: Sendable {
  /// A file's identity for the cache: its size and modification time.
  struct Stamp: Hashable, Sendable {
    var size: UInt64
    var modified: Double

    init?(path: String) {
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        let size = attributes[.size] as? NSNumber,
        let modified = attributes[.modificationDate] as? Date
      else { return nil }
      self.size = size.uint64Value
      self.modified = modified.timeIntervalSince1970
    }
  }

  private struct Entries: ~Copyable {
    var assets: [String: (Stamp, Asset)] = [:]
    var images: [String: (Stamp, DecodedImage)] = [:]
    var cubes: [String: (Stamp, ColorCube)] = [:]
  }

  private let entries = Mutex(Entries())

  /// Makes an empty cache.
  public init() {}

  func asset(_ path: String, make: () throws(TemplateFileProblem) -> Asset)
    throws(TemplateFileProblem) -> Asset
  {
    let stamp = Stamp(path: path)
    if let stamp, let (kept, asset) = entries.withLock({ $0.assets[path] }), kept == stamp {
      return asset
    }
    let asset = try make()
    if let stamp { entries.withLock { $0.assets[path] = (stamp, asset) } }
    return asset
  }

  func image(_ path: String, make: () throws(TemplateFileProblem) -> DecodedImage)
    throws(TemplateFileProblem) -> DecodedImage
  {
    let stamp = Stamp(path: path)
    if let stamp, let (kept, image) = entries.withLock({ $0.images[path] }), kept == stamp {
      return image
    }
    let image = try make()
    if let stamp { entries.withLock { $0.images[path] = (stamp, image) } }
    return image
  }

  func cube(_ path: String, make: () throws(TemplateFileProblem) -> ColorCube)
    throws(TemplateFileProblem) -> ColorCube
  {
    let stamp = Stamp(path: path)
    if let stamp, let (kept, cube) = entries.withLock({ $0.cubes[path] }), kept == stamp {
      return cube
    }
    let cube = try make()
    if let stamp { entries.withLock { $0.cubes[path] = (stamp, cube) } }
    return cube
  }

  /// How many probes, images and tables are kept (for tests).
  package var count: (assets: Int, images: Int, cubes: Int) {
    entries.withLock { ($0.assets.count, $0.images.count, $0.cubes.count) }
  }
}
