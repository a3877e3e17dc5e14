import Foundation

/// A pixel buffer (``Image`` or ``YUVImage``) could not be allocated: its size does not fit
/// in memory, or the machine (or the process's memory limit) has no room for it.
public struct PixelAllocationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Width in pixels asked for.
  public var width: Int
  /// Height in pixels asked for.
  public var height: Int
  /// Bytes asked for; nil when the size overflows.
  public var byteCount: Int?

  /// Makes an error.
  public init(width: Int, height: Int, byteCount: Int?) {
    self.width = width
    self.height = height
    self.byteCount = byteCount
  }

  /// `cannot allocate a 640×360 picture (921600 bytes): out of memory; …`.
  public var description: String {
    let bytes = byteCount.map { "\($0) bytes" } ?? "more bytes than fit in memory"
    return
      "cannot allocate a \(width)×\(height) picture (\(bytes)): out of memory; free memory, lower the budgets (docs/security.md) or render smaller"
  }
}

/// 64-byte-aligned memory for pixel buffers, from the C allocator, so that a failed
/// allocation is reported (nil) instead of stopping the process as Swift's allocator does.
/// Freed with ``free(_:)``.
package enum PixelMemory {
  /// For tests: while set (with `$failingAbove.withValue(n) { … }`), every pixel buffer of
  /// more than `n` bytes made by the current task (or thread) fails as if memory were
  /// exhausted, so each place that allocates can be shown to throw rather than stop. Nil
  /// (the default) in production: nothing is refused but what the allocator refuses.
  @TaskLocal package static var failingAbove: Int? = nil

  /// Whether ``failingAbove`` refuses a buffer of `byteCount` bytes.
  package static func isRefusedForTesting(byteCount: Int) -> Bool {
    guard let limit = failingAbove else { return false }
    return byteCount > limit
  }

  /// `byteCount` bytes (at least 1), uninitialised, 64-byte aligned, or nil when there is
  /// no room (or ``failingAbove`` refuses it).
  package static func allocate(byteCount: Int) -> UnsafeMutableRawPointer? {
    guard byteCount >= 0, !isRefusedForTesting(byteCount: byteCount) else { return nil }
    var memory: UnsafeMutableRawPointer? = nil
    guard posix_memalign(&memory, 64, max(byteCount, 1)) == 0 else { return nil }
    return memory
  }

  /// Frees memory from ``allocate(byteCount:)``.
  package static func free(_ memory: UnsafeMutableRawPointer) {
    Foundation.free(memory)
  }
}
