import Glibc

/// A media file held open from its first load, so that every later reader of the same
/// ``Asset`` reads that very file even when its path has since been removed, renamed or
/// replaced (as an open file stays readable on Apple and on Unix in general). It also closes
/// the window in which the path could be swapped for another file between the probe and a
/// reader.
///
/// Readers open the file again through `/proc/self/fd/N` (``FileIO/init(reopening:path:)``),
/// which gives each its own file offset on the same inode; the file is never looked up by
/// its path again. Still one regular file: the rules of ``InputContainer`` apply unchanged.
///
/// Sendable: the descriptor is set once and only closed in `deinit`.
final class KeptFile: Sendable {
  /// A descriptor of the file, open for reading; never read from (readers get their own).
  let descriptor: Int32
  /// The file's device and inode, to check that a reopened descriptor is the same file.
  let device: UInt64
  let inode: UInt64

  /// Keeps a duplicate of `descriptor` (the caller keeps and closes its own); nil when the
  /// system refuses one (out of descriptors), in which case readers open the path again.
  init?(duplicating descriptor: Int32) {
    let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    guard duplicate >= 0 else { return nil }
    var info = stat()
    guard fstat(duplicate, &info) == 0 else {
      close(duplicate)
      return nil
    }
    self.descriptor = duplicate
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  deinit { close(descriptor) }

  /// The path that opens this very file again with an offset of its own.
  var reopeningPath: String { "/proc/self/fd/\(descriptor)" }
}
