import Synchronization

/// Counts the work ReelMedia does on the files of one folder: probes, containers reopened
/// from a probe and image decodes, per file. For tests that check a render probes each file
/// once, opens it once per reader and decodes each still once.
///
/// A counter sees only the files under its folder, so tests that run in parallel, each with
/// its own temporary folder, do not change each other's counts. Counting costs nothing while
/// no counter is running (one lock per file opened, not per frame).
///
///     let counter = MediaAccessCounter(watching: folder.path)
///     defer { counter.stop() }
///     …
///     #expect(counter.count(.probe, path: clip) == 1)
package final class MediaAccessCounter: Sendable {
  /// A piece of work counted.
  package enum Event: Sendable, Hashable, CaseIterable {
    /// A container opened and probed (`avformat_find_stream_info`): ``Asset/init(path:)``,
    /// an image decode, or a reader of a file whose probe cannot be reused.
    case probe
    /// A container opened for a reader or a check from an asset's probe, without probing.
    case open
    /// An image file decoded (``ImageDecoder``).
    case imageDecode
    /// A video reader seeked to the keyframe before a time instead of decoding on from
    /// where it was (a jump ahead or back, or a render that starts inside a clip).
    case keyframeSeek
  }

  /// The folder watched: paths that start with it and a `/`.
  package let folder: String
  private let counts = Mutex<[String: [Event: Int]]>([:])

  private static let running = Mutex<[MediaAccessCounter]>([])

  /// Starts counting the work on files under `folder`.
  ///
  /// - Parameter folder: A folder path, as the files' paths will start (no trailing `/`).
  package init(watching folder: String) {
    self.folder = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    Self.running.withLock { $0.append(self) }
  }

  /// Stops counting; the counts stay readable.
  package func stop() {
    Self.running.withLock { counters in counters.removeAll { $0 === self } }
  }

  /// How many times `event` happened to the file at `path`.
  package func count(_ event: Event, path: String) -> Int {
    counts.withLock { $0[path]?[event] ?? 0 }
  }

  /// Every file `event` happened to, with how many times.
  package func counts(of event: Event) -> [String: Int] {
    counts.withLock { counts in counts.compactMapValues { $0[event] } }
  }

  /// Counts `event` for `path` in every running counter watching it.
  static func record(_ event: Event, path: String) {
    let watching = running.withLock { counters in
      counters.filter { path.hasPrefix($0.folder + "/") }
    }
    for counter in watching {
      counter.counts.withLock { $0[path, default: [:]][event, default: 0] += 1 }
    }
  }
}
