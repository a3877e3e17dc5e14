import CSoup
import Foundation
import Synchronization

/// A GLib main context and loop running on a thread of their own. Every libsoup and GIO
/// object of a server is created and used on this thread only; other threads hand it work
/// with ``perform(_:)``.
final class MainLoopThread: @unchecked Sendable {
  // @unchecked: `context` is thread-safe by GLib's contract (g_main_context_invoke may be
  // called from any thread); `loop` is only quit through g_main_loop_quit, which is also
  // thread-safe; `thread` and `finished` are set before the loop starts.
  let context: OpaquePointer
  private let loop: OpaquePointer
  private let finished = DispatchSemaphore(value: 0)
  private let running = Atomic<Bool>(false)

  /// Makes the context and starts its loop on a new thread, after running `setUp` there
  /// (where objects that attach to the thread's default context are made).
  init(name: String, setUp: @escaping @Sendable () -> Void) {
    context = g_main_context_new()
    loop = g_main_loop_new(context, 0)
    running.store(true, ordering: .sequentiallyConsistent)
    let handles = Handles(context: context, loop: loop)
    let finished = self.finished
    let thread = Thread {
      g_main_context_push_thread_default(handles.context)
      setUp()
      g_main_loop_run(handles.loop)
      // Let pending sources (closing sockets) run once more before the context goes.
      while g_main_context_iteration(handles.context, 0) != 0 {}
      g_main_context_pop_thread_default(handles.context)
      finished.signal()
    }
    thread.name = name
    thread.start()
  }

  deinit {
    g_main_loop_unref(loop)
    g_main_context_unref(context)
  }

  /// Whether the current thread is the loop's.
  var isCurrent: Bool { g_main_context_is_owner(context) != 0 }

  /// Runs `work` on the loop's thread: at once when called there, else soon.
  func perform(_ work: @escaping @Sendable () -> Void) {
    Self.perform(on: context, work)
  }

  /// Runs `work` on the thread that owns `context`: at once when called there, else soon
  /// (g_main_context_invoke_full, which may be called from any thread).
  ///
  /// - Parameters:
  ///   - context: A GMainContext.
  ///   - work: What to run there.
  static func perform(on context: OpaquePointer, _ work: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
    g_main_context_invoke_full(
      context, G_PRIORITY_DEFAULT,
      { data in
        guard let data else { return 0 }
        Unmanaged<WorkBox>.fromOpaque(data).takeUnretainedValue().work()
        return 0  // G_SOURCE_REMOVE
      }, box,
      { data in
        guard let data else { return }
        Unmanaged<WorkBox>.fromOpaque(data).release()
      })
  }

  /// Runs `work` on the loop's thread and waits for its result: nil when the loop did not
  /// run it within `seconds` (it has stopped).
  func performAndWait<T: Sendable>(seconds: Double = 30, _ work: @escaping @Sendable () -> T) -> T?
  {
    if isCurrent { return work() }
    let result = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    perform {
      let value = work()
      result.withLock { $0 = value }
      done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return result.withLock { $0 }
  }

  /// Quits the loop after `cleanUp` has run on its thread, and waits for the thread to end
  /// (at once when already stopped). Must not be called from the loop's own thread.
  func stop(cleanUp: @escaping @Sendable () -> Void) {
    guard running.exchange(false, ordering: .sequentiallyConsistent) else { return }
    let handles = Handles(context: context, loop: loop)
    perform {
      cleanUp()
      g_main_loop_quit(handles.loop)
    }
    finished.wait()
  }
}

/// The context and loop, for the closures that run on the loop's thread.
private struct Handles: @unchecked Sendable {
  // @unchecked: GMainContext and GMainLoop are thread-safe GLib objects.
  let context: OpaquePointer
  let loop: OpaquePointer
}

/// A closure carried through a `gpointer`.
final class WorkBox: Sendable {
  let work: @Sendable () -> Void
  init(_ work: @escaping @Sendable () -> Void) { self.work = work }
}
