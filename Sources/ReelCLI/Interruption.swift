import Dispatch
import Foundation
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM as a request to stop rather than an abrupt end: a command
/// that writes a file installs this, polls ``check(output:)`` between frames, cancels its
/// writer (which removes the temporary file) and exits with 130 or 143. A second signal of
/// the same kind ends the process at once, as usual.
///
/// Only commands that poll (or register a handler with ``onSignal(_:)``) may install it:
/// until the process exits, the signals no longer end it by themselves.
enum Interruption {
  /// The signal received (`SIGINT`, `SIGTERM`), or 0.
  private static let received = Atomic<Int32>(0)
  /// The dispatch sources watching the signals, kept for the life of the process.
  private static let sources = Mutex<[any DispatchSourceSignal]>([])
  /// Called once on the first signal (such as cancelling an export task).
  private static let handlers = Mutex<[@Sendable () -> Void]>([])

  /// Starts watching SIGINT and SIGTERM (once per process).
  static func install() {
    sources.withLock { sources in
      guard sources.isEmpty else { return }
      for number in [SIGINT, SIGTERM] {
        // Dispatch sees the signal only when its default action is disabled.
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler {
          let previous = received.exchange(number, ordering: .relaxed)
          if previous == number {
            // The same signal again: the user insists; end now.
            signal(number, SIG_DFL)
            raise(number)
          } else if previous == 0 {
            for handler in handlers.withLock({ $0 }) { handler() }
          }
        }
        source.resume()
        sources.append(source)
      }
    }
  }

  /// Runs `handler` on the first SIGINT or SIGTERM after ``install()`` (at once when one
  /// has already arrived), on a dispatch queue.
  ///
  /// - Parameter handler: What to do, such as cancelling the task that awaits an export.
  static func onSignal(_ handler: @escaping @Sendable () -> Void) {
    handlers.withLock { $0.append(handler) }
    if received.load(ordering: .relaxed) != 0 { handler() }
  }

  /// Throws when a signal has arrived since ``install()``.
  ///
  /// - Parameter output: The file the command was writing, named in the message.
  /// - Throws: ``CommandFailure`` with status `.interrupted` (130) for SIGINT or
  ///   `.terminated` (143) for SIGTERM.
  static func check(output: String) throws(CommandFailure) {
    switch received.load(ordering: .relaxed) {
    case 0:
      return
    case SIGTERM:
      throw CommandFailure(
        message: "terminated; \(output) was not written", status: .terminated)
    default:
      throw CommandFailure(
        message: "interrupted; \(output) was not written", status: .interrupted)
    }
  }
}
