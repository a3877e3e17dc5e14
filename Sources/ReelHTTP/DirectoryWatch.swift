import CSoup
import Foundation
import Synchronization

/// A watch on one directory (GIO's file monitor, inotify underneath), reporting the names
/// of files created, changed, deleted or renamed in it. Made with
/// ``HTTPServer/watchDirectory(_:changed:)``; events arrive on the server's loop thread.
public final class DirectoryWatch: @unchecked Sendable {
  // @unchecked: `monitor` is used only on the loop's thread (deinit hops there).
  private let monitor: UnsafeMutablePointer<GFileMonitor>
  private let loop: MainLoopThread
  private let relay: Relay

  /// The watched directory.
  public let path: String

  /// What the monitor's signal holds: the callback and whether the watch was cancelled.
  private final class Relay: Sendable {
    let changed: @Sendable ([String]) -> Void
    let cancelled = Atomic<Bool>(false)
    init(_ changed: @escaping @Sendable ([String]) -> Void) { self.changed = changed }
  }

  private init(
    path: String, monitor: UnsafeMutablePointer<GFileMonitor>, loop: MainLoopThread, relay: Relay
  ) {
    self.path = path
    self.monitor = monitor
    self.loop = loop
    self.relay = relay
  }

  /// Makes the watch (on the loop's thread).
  static func make(
    path: String, loop: MainLoopThread, changed: @escaping @Sendable ([String]) -> Void
  ) -> Result<DirectoryWatch, HTTPError> {
    guard let file = g_file_new_for_path(path) else {
      return .failure(.cannotWatch(path: path, reason: "not a path"))
    }
    defer { g_object_unref(UnsafeMutableRawPointer(file)) }
    var error: UnsafeMutablePointer<GError>?
    guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error)
    else {
      let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
      if let error { g_error_free(error) }
      return .failure(.cannotWatch(path: path, reason: reason))
    }
    // Report changes at once; the session debounces.
    g_file_monitor_set_rate_limit(monitor, 50)
    let relay = Relay(changed)
    // The signal holds the relay; it is released on the loop's thread after the monitor
    // is disconnected (deinit).
    _ = reel_connect_monitor_changed(
      monitor,
      { _, file, other, _, data in
        guard let data else { return }
        let relay = Unmanaged<Relay>.fromOpaque(data).takeUnretainedValue()
        guard !relay.cancelled.load(ordering: .relaxed) else { return }
        let names = [file, other].compactMap { $0 }.compactMap(DirectoryWatch.baseName)
        if !names.isEmpty { relay.changed(names) }
      }, Unmanaged.passRetained(relay).toOpaque())
    return .success(DirectoryWatch(path: path, monitor: monitor, loop: loop, relay: relay))
  }

  deinit {
    relay.cancelled.store(true, ordering: .relaxed)
    let address = Int(bitPattern: UnsafeMutableRawPointer(monitor))
    let relay = Unmanaged.passUnretained(self.relay).toOpaque()
    let relayAddress = Int(bitPattern: relay)
    loop.perform {
      guard let pointer = UnsafeMutableRawPointer(bitPattern: address),
        let data = UnsafeMutableRawPointer(bitPattern: relayAddress)
      else { return }
      reel_disconnect_by_data(pointer, data)
      g_file_monitor_cancel(pointer.assumingMemoryBound(to: GFileMonitor.self))
      g_object_unref(pointer)
      Unmanaged<Relay>.fromOpaque(data).release()
    }
  }

  /// Stops reporting (the monitor itself is freed with the watch).
  public func cancel() {
    relay.cancelled.store(true, ordering: .relaxed)
  }

  private static func baseName(_ file: OpaquePointer) -> String? {
    guard let name = g_file_get_basename(file) else { return nil }
    defer { g_free(name) }
    return String(cString: name)
  }
}
