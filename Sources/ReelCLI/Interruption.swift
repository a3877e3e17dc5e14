import Dispatch
import Foundation
import Synchronization

/// Ctrl-C (SIGINT), SIGTERM, SIGHUP and SIGQUIT as a request to stop rather than an abrupt
/// end: a command that writes a file installs this, polls ``check(output:)`` between
/// frames, cancels its writer (which removes the temporary file) and exits with 128 + the
/// signal's number (130, 143, 129, 131). A second signal of the same kind ends the process
/// at once, as usual.
///
/// Only commands that poll (or register a handler with ``onSignal(_:)``) may install it:
/// until the process exits, the signals no longer end it by themselves.
enum Interruption {
  /// The signals handled, with the status and the word for each.
  private static let handled: [(signal: Int32, status: ExitStatus, word: String)] = [
    (SIGINT, .interrupted, "interrupted"), (SIGTERM, .terminated, "terminated"),
    (SIGHUP, .hungUp, "hung up"), (SIGQUIT, .quit, "quit"),
  ]
  /// The signal received (one of ``handled``), or 0.
  private static let received = Atomic<Int32>(0)
  /// The dispatch sources watching the signals, kept for the life of the process.
  private static let sources = Mutex<[any DispatchSourceSignal]>([])
  /// Called once on the first signal (such as cancelling an export task).
  private static let handlers = Mutex<[@Sendable () -> Void]>([])

  /// Starts watching SIGINT, SIGTERM, SIGHUP and SIGQUIT (once per process).
  static func install() {
    sources.withLock { sources in
      guard sources.isEmpty else { return }
      for number in handled.map(\.signal) {
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

  /// Runs `handler` on the first handled signal after ``install()`` (at once when one
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
  /// - Throws: ``CommandFailure`` with the signal's status: `.interrupted` (130) for SIGINT,
  ///   `.terminated` (143) for SIGTERM, `.hungUp` (129) for SIGHUP, `.quit` (131) for
  ///   SIGQUIT.
  static func check(output: String) throws(CommandFailure) {
    let number = received.load(ordering: .relaxed)
    guard number != 0 else { return }
    let entry = handled.first { $0.signal == number } ?? handled[0]
    throw CommandFailure(message: "\(entry.word); \(output) was not written", status: entry.status)
  }
}
