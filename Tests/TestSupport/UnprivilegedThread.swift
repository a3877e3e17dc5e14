import Foundation

extension TestSupport {
  /// Why a file-permission test could not drop root's file access; nil when it can.
  public enum FileAccessDropError: Error, CustomStringConvertible {
    /// The C library has no `setfsuid`.
    case noSetfsuid
    /// The thread's file-system user could not be changed to `nobody`.
    case refused(previous: UInt32)

    public var description: String {
      switch self {
      case .noSetfsuid: return "setfsuid is not in this C library"
      case .refused(let previous):
        return "setfsuid(65534) left the file-system user at \(previous)"
      }
    }
  }

  /// Runs `body` on a thread of its own whose file accesses are checked as user `nobody`
  /// (65534), so that a permission error can be provoked while the tests run as root.
  ///
  /// Linux checks file access against the thread's file-system user ID, and changing it from
  /// 0 to another user clears the thread's capabilities that bypass permissions
  /// (`CAP_DAC_OVERRIDE`, `CAP_DAC_READ_SEARCH`); the change is the calling thread's alone
  /// (glibc's `setfsuid` is not broadcast to other threads). As another user, `body` runs
  /// on the thread unchanged: that user already lacks root's access.
  ///
  /// - Throws: ``FileAccessDropError`` when root's access cannot be dropped (the test must
  ///   then fail, not pass).
  public static func withoutRootFileAccess<T: Sendable>(_ body: @escaping @Sendable () -> T)
    throws -> T
  {
    typealias SetFileSystemUser = @convention(c) (UInt32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setfsuid") else {
      throw FileAccessDropError.noSetfsuid
    }
    let setfsuid = unsafeBitCast(symbol, to: SetFileSystemUser.self)
    let nobody: UInt32 = 65_534
    let outcome = Outcome<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      defer { done.signal() }
      let original = UInt32(bitPattern: setfsuid(nobody))
      // setfsuid returns the previous ID; a second call reads the current one.
      let current = UInt32(bitPattern: setfsuid(nobody))
      defer { _ = setfsuid(original) }
      guard current == nobody || getuid() != 0 else {
        outcome.result = .failure(.refused(previous: current))
        return
      }
      let value = body()
      outcome.result = .success(value)
    }
    thread.start()
    done.wait()
    guard let result = outcome.result else { throw FileAccessDropError.noSetfsuid }
    return try result.get()
  }

  /// The thread's result, written before it signals and read after the wait.
  private final class Outcome<T: Sendable>: @unchecked Sendable {
    var result: Result<T, FileAccessDropError>?
  }
}
