import Foundation
import Reel

/// Shows an export's progress: a bar redrawn in place on a terminal's standard error, or one
/// JSON object per line on standard output for programs, or nothing.
struct ProgressReporter: Sendable {
  /// How progress is shown.
  enum Style: Equatable, Sendable {
    /// Nothing (not a terminal, or `--quiet`).
    case none
    /// `[#####.....]  45%   88 fps   0:03 left`, redrawn with a carriage return on stderr.
    case bar
    /// `{"fraction":…,"frame":…,"frames":…,"fps":…,"eta":…}` lines on stdout.
    case json
  }

  let style: Style
  private var lastFraction = -1.0
  private var barShown = false
  private var lastDraw = Date.distantPast

  init(style: Style) {
    self.style = style
  }

  /// The style for the options given: JSON when asked, else a bar when standard error is a
  /// terminal and the command is not quiet.
  static func style(json: Bool, quiet: Bool) -> Style {
    if json { return .json }
    if quiet || isatty(FileHandle.standardError.fileDescriptor) == 0 { return .none }
    return .bar
  }

  /// Shows one progress report.
  mutating func report(_ progress: ExportProgress) {
    switch style {
    case .none:
      return
    case .json:
      writeJSON(
        fraction: progress.fraction, frame: progress.framesDone, frames: progress.totalFrames,
        fps: progress.framesPerSecond, eta: progress.secondsRemaining,
        copied: progress.framesCopied)
    case .bar:
      // A terminal needs no more than about ten redraws a second.
      let now = Date()
      guard now.timeIntervalSince(lastDraw) >= 0.1 || progress.fraction >= 1 else { return }
      lastDraw = now
      drawBar(progress)
    }
  }

  /// Ends the display after a successful export: a last JSON line at fraction 1 (unless one
  /// was written), or the bar cleared.
  ///
  /// - Parameters:
  ///   - frames: Frames written.
  ///   - seconds: Wall-clock seconds the export took.
  mutating func finish(frames: Int, seconds: Double) {
    switch style {
    case .none:
      return
    case .json:
      if lastFraction < 1 {
        writeJSON(
          fraction: 1, frame: frames, frames: frames,
          fps: seconds > 0 ? Double(frames) / seconds : 0, eta: 0)
      }
    case .bar:
      clearBar()
    }
  }

  /// Clears the bar after a failed or cancelled export, so the error line starts clean.
  mutating func abandon() {
    if style == .bar { clearBar() }
  }

  /// A smart render's lines add `"copied"`: of `frame`, the frames copied, not encoded.
  private mutating func writeJSON(
    fraction: Double, frame: Int, frames: Int, fps: Double, eta: Double?, copied: Int = 0
  ) {
    lastFraction = fraction
    var fields: [(String, JSONValue)] = [
      ("fraction", .number((fraction * 10000).rounded() / 10000)),
      ("frame", .number(Double(frame))),
      ("frames", .number(Double(frames))),
      ("fps", .number((fps * 10).rounded() / 10)),
      ("eta", eta.map { .number(($0 * 100).rounded() / 100) } ?? .null),
    ]
    if copied > 0 { fields.append(("copied", .number(Double(copied)))) }
    let line = JSONValue.object(fields).serialized()
    // Unbuffered, so a reader sees each line as soon as it is made.
    Console.document(line)
  }

  private mutating func drawBar(_ progress: ExportProgress) {
    let width = 30
    let fraction = min(max(progress.fraction, 0), 1)
    let filled = Int((fraction * Double(width)).rounded(.down))
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    let percent = String(format: "%3d%%", Int((fraction * 100).rounded(.down)))
    let fps = String(format: "%5.1f fps", progress.framesPerSecond)
    let left = progress.secondsRemaining.map { "\(ProgressReporter.clock($0)) left" } ?? ""
    let line = "[\(bar)] \(percent)  \(fps)  \(left)"
    barShown = true
    Console.terminalControl("\r\(line)\u{1B}[K")
  }

  private mutating func clearBar() {
    guard barShown else { return }
    barShown = false
    Console.terminalControl("\r\u{1B}[K")
  }

  /// `m:ss` (or `h:mm:ss`) for a number of seconds, rounded up.
  static func clock(_ seconds: Double) -> String {
    let total = Int(max(0, seconds).rounded(.up))
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    return hours > 0
      ? String(format: "%d:%02d:%02d", hours, minutes, rest)
      : String(format: "%d:%02d", minutes, rest)
  }
}
