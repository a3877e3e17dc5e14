import CFFmpeg
import Synchronization

/// Routes FFmpeg's log through Reel: a log callback, installed once per process before any
/// FFmpeg call Reel makes, that drops every message unless ``MediaLog/setHandler(level:_:)``
/// installed a handler, and then formats each message as FFmpeg would and passes complete
/// lines to it. FFmpeg itself never writes to standard error.
enum FFmpegLogging {
  /// Where messages go: the handler and the least serious level it wants.
  private struct Route {
    var level: Int32 = AV_LOG_QUIET
    var handler: (@Sendable (MediaLog.Message) -> Void)?
    /// Text of a message not yet ended by a newline.
    var pending = ""
    /// FFmpeg's "the next message starts a line" state for its prefix.
    var printPrefix: Int32 = 1
  }

  private static let route = Mutex(Route())
  /// The level of the current route, read without the lock on every message.
  private static let level = Atomic<Int32>(AV_LOG_QUIET)
  private static let installed = Mutex(false)

  /// Installs the log callback (once per process). Call before using FFmpeg.
  static func configure() {
    installed.withLock { done in
      guard !done else { return }
      done = true
      av_log_set_level(FFmpegLogging.level.load(ordering: .relaxed))
      av_log_set_callback { context, level, format, arguments in
        FFmpegLogging.receive(context: context, level: level, format: format, arguments: arguments)
      }
    }
  }

  /// Sets the route (see ``MediaLog/setHandler(level:_:)``).
  static func route(
    level wanted: MediaLog.Level, to handler: (@Sendable (MediaLog.Message) -> Void)?
  ) {
    configure()
    let threshold = handler == nil ? AV_LOG_QUIET : wanted.rawValue
    route.withLock { route in
      route.level = threshold
      route.handler = handler
      route.pending = ""
      route.printPrefix = 1
    }
    level.store(threshold, ordering: .relaxed)
    // FFmpeg skips building some messages below its own level.
    av_log_set_level(threshold)
  }

  /// The callback: formats the message when it is wanted and passes on the lines it ends.
  private static func receive(
    context: UnsafeMutableRawPointer?, level messageLevel: Int32,
    format: UnsafePointer<CChar>?, arguments: CVaListPointer?
  ) {
    guard messageLevel <= level.load(ordering: .relaxed), let format, let arguments else {
      return
    }
    let (lines, handler) = route.withLock {
      route -> ([String], (@Sendable (MediaLog.Message) -> Void)?) in
      guard messageLevel <= route.level, let handler = route.handler else { return ([], nil) }
      var buffer = [CChar](repeating: 0, count: 2048)
      let written = av_log_format_line2(
        context, messageLevel, format, arguments, &buffer, Int32(buffer.count), &route.printPrefix)
      guard written >= 0 else { return ([], nil) }
      route.pending += String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard route.pending.contains("\n") else { return ([], nil) }
      var parts = route.pending.split(separator: "\n", omittingEmptySubsequences: false)
      route.pending = String(parts.removeLast())
      return (parts.map(String.init).filter { !$0.isEmpty }, handler)
    }
    guard let handler else { return }
    let kind = MediaLog.Level.allCases.first { messageLevel <= $0.rawValue } ?? .debug
    for line in lines { handler(MediaLog.Message(level: kind, text: line)) }
  }
}
