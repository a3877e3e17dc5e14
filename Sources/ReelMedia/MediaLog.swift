/// The media libraries' own log (FFmpeg's `av_log`), routed through Reel.
///
/// Reel reports problems through its typed errors, so by default every library message is
/// dropped: nothing is ever written to standard error behind the caller's back. A program
/// that wants the messages while diagnosing a file (the `reel` tool's `--verbose`) installs
/// a handler:
///
///     MediaLog.setHandler(level: .info) { message in print("ffmpeg: \(message.text)") }
///
/// The handler is process-wide (FFmpeg's log is) and is called on whichever thread the
/// library logs from, once per complete line, without the trailing newline.
public enum MediaLog {
  /// How serious a message is, from FFmpeg's `AV_LOG_*` levels.
  public enum Level: Int32, Sendable, Comparable, CaseIterable {
    /// Something went wrong and the operation cannot go on (`AV_LOG_ERROR` and worse).
    case error = 16
    /// Something looks wrong but work goes on (`AV_LOG_WARNING`).
    case warning = 24
    /// Information about the work (`AV_LOG_INFO`).
    case info = 32
    /// Detailed information (`AV_LOG_VERBOSE`).
    case verbose = 40
    /// Everything, for developers (`AV_LOG_DEBUG`).
    case debug = 48

    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// One line of the library's log.
  public struct Message: Sendable, Hashable {
    /// How serious it is.
    public var level: Level
    /// The line as the library formats it, with its `[component @ 0x…]` prefix, without a
    /// trailing newline. It may contain any bytes a file put in it: escape it before
    /// showing it.
    public var text: String

    /// Makes a message.
    public init(level: Level, text: String) {
      self.level = level
      self.text = text
    }
  }

  /// Sends the library's messages at `level` and more serious to `handler`, or drops every
  /// message when `handler` is nil (the default).
  ///
  /// - Parameters:
  ///   - level: The least serious level passed on.
  ///   - handler: Called once per line, on the thread that logged it; keep it short and do
  ///     not call into Reel from it.
  public static func setHandler(
    level: Level = .info, _ handler: (@Sendable (Message) -> Void)?
  ) {
    FFmpegLogging.route(level: level, to: handler)
  }
}
