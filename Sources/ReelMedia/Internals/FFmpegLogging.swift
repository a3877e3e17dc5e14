import CFFmpeg
import Synchronization

/// Keeps FFmpeg's own logging quiet: Reel reports problems through its typed errors, so
/// library chatter on stderr would only duplicate (or confuse) them. Set `REEL_FFMPEG_LOG`
/// to `debug`, `verbose`, `info` or `warning` to see FFmpeg's messages when diagnosing a file.
enum FFmpegLogging {
  private static let configured = Mutex(false)

  /// Sets FFmpeg's log level once per process.
  static func configure() {
    configured.withLock { done in
      guard !done else { return }
      done = true
      let level: Int32
      switch getenv("REEL_FFMPEG_LOG").map({ String(cString: $0) }) {
      case "debug": level = AV_LOG_DEBUG
      case "verbose": level = AV_LOG_VERBOSE
      case "info": level = AV_LOG_INFO
      case "warning": level = AV_LOG_WARNING
      case "error": level = AV_LOG_ERROR
      default: level = AV_LOG_QUIET
      }
      av_log_set_level(level)
    }
  }
}
