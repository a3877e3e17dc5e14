import Synchronization

/// Run-time warnings where Reel must differ from Apple, or where ported code does something
/// Apple silently ignores (an animation with `beginTime` 0, a font Reel stands in for): each
/// distinct warning is printed once per process, on standard error, prefixed
/// `ReelAVFoundation: warning:`.
enum CompatWarnings {
  private static let state = Mutex(State())

  private struct State {
    var seen: Set<String> = []
    var recorded: [String] = []
  }

  /// Prints `message` unless a warning with the same `key` was printed before.
  ///
  /// - Parameters:
  ///   - key: What makes two warnings the same (say, "beginTime0|title|opacity").
  ///   - message: The warning: what, where and what to do.
  static func warnOnce(key: String, _ message: @autoclosure () -> String) {
    let text: String? = state.withLock { state in
      guard state.seen.insert(key).inserted else { return nil }
      let text = message()
      state.recorded.append(text)
      return text
    }
    guard let text else { return }
    FileHandle.standardError.write(Data("ReelAVFoundation: warning: \(text)\n".utf8))
  }

  /// Every warning printed so far in this process, oldest first (for tests).
  static var printed: [String] { state.withLock { $0.recorded } }
}
