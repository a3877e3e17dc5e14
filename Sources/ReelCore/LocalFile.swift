import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The one rule for input files Reel reads (media, images, soundtracks, subtitles, fonts): the path
/// must name a regular file, and opening it must never block.
///
/// The path is checked with `stat` before anything opens it, so a FIFO, a device, a socket or
/// a directory is refused at once (opening a FIFO for reading would wait for a writer; a
/// device such as `/dev/zero` never ends). A file that passes is opened with `O_NONBLOCK`
/// and checked again on the descriptor, so a path swapped for a FIFO between the check and
/// the open is refused too.
package enum LocalFile {
  /// Why a path cannot be read as a file.
  package enum Problem: Error, Hashable, Sendable {
    /// Nothing exists at the path.
    case notFound
    /// The path names a directory.
    case directory
    /// The path names something other than a regular file or a directory: its kind
    /// (`a FIFO`, `a character device`, `a block device`, `a socket`).
    case notRegular(kind: String)
    /// The file exists but cannot be opened or read: the system's reason.
    case unreadable(reason: String)
  }

  /// One version of a file, told without reading it: the file itself (device-independent
  /// inode number), its size, and its modification and status-change times. Every write
  /// moves the status-change time to the present, and nothing short of the system clock sets
  /// it back, so a file whose identity is unchanged — and whose status changed at least a
  /// timestamp tick before the identity was taken — still holds the same bytes: the rule
  /// git's index and rsync rely on to skip reading unchanged files.
  package struct Identity: Hashable, Sendable {
    /// The inode number.
    package var inode: UInt64
    /// The size in bytes.
    package var size: Int64
    /// The modification time, nanoseconds since 1970.
    package var modifiedNanoseconds: Int64
    /// The status-change time, nanoseconds since 1970.
    package var changedNanoseconds: Int64
  }

  /// The identity of the regular file at `path`, from the open descriptor (opening
  /// revalidates a network file system's cached attributes).
  ///
  /// - Parameter path: A local path.
  /// - Throws: ``Problem``.
  package static func identity(_ path: String) throws(Problem) -> Identity {
    let descriptor = try open(path)
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw problem(errno: errno) }
    func nanoseconds(_ time: timespec) -> Int64 {
      Int64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000).partialValue
        &+ Int64(time.tv_nsec)
    }
    return Identity(
      inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modifiedNanoseconds: nanoseconds(info.st_mtim),
      changedNanoseconds: nanoseconds(info.st_ctim))
  }

  /// Checks that `path` names a regular file, without opening it.
  ///
  /// - Parameter path: A local path (symbolic links are followed).
  /// - Returns: The file's size in bytes.
  /// - Throws: ``Problem``.
  @discardableResult
  package static func checkRegular(_ path: String) throws(Problem) -> Int64 {
    var info = stat()
    guard stat(path, &info) == 0 else { throw problem(errno: errno) }
    try checkKind(info.st_mode)
    return Int64(info.st_size)
  }

  /// Opens `path` for reading after checking it is a regular file.
  ///
  /// - Parameter path: A local path.
  /// - Returns: A descriptor open for reading (blocking mode, close-on-exec); the caller
  ///   closes it.
  /// - Throws: ``Problem``.
  package static func open(_ path: String) throws(Problem) -> Int32 {
    try checkRegular(path)
    let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw problem(errno: errno) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      close(descriptor)
      throw problem(errno: code)
    }
    do {
      try checkKind(info.st_mode)
    } catch {
      close(descriptor)
      throw error
    }
    // Regular files never block; clear the flag so reads behave normally.
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    return descriptor
  }

  /// Reads up to `limit` bytes from the start of the regular file at `path`.
  ///
  /// - Parameters:
  ///   - path: A local path.
  ///   - limit: The most bytes to read; nil for the whole file.
  /// - Returns: The bytes read.
  /// - Throws: ``Problem``.
  package static func read(_ path: String, upTo limit: Int? = nil) throws(Problem) -> Data {
    var result = Data()
    try readPieces(path, upTo: limit) { piece in
      result.append(contentsOf: piece)
      return true
    }
    return result
  }

  /// Reads the regular file at `path` from its start, handing it to `body` in pieces of at
  /// most `pieceSize` bytes (one buffer, reused: copy what you keep), until its end, `limit`
  /// bytes, or `body` returning false.
  ///
  /// - Parameters:
  ///   - path: A local path.
  ///   - pieceSize: The most bytes per piece (> 0).
  ///   - limit: The most bytes to read; nil for the whole file.
  ///   - body: Takes each piece; returns whether to go on.
  /// - Throws: ``Problem``.
  package static func readPieces(
    _ path: String, pieceSize: Int = 1 << 16, upTo limit: Int? = nil,
    _ body: (UnsafeRawBufferPointer) -> Bool
  ) throws(Problem) {
    let descriptor = try open(path)
    defer { close(descriptor) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(1, pieceSize), alignment: 64)
    defer { buffer.deallocate() }
    var total = 0
    while limit.map({ total < $0 }) ?? true {
      let wanted = min(buffer.count, limit.map { $0 - total } ?? buffer.count)
      let count = Glibc.read(descriptor, buffer.baseAddress, wanted)
      if count < 0 {
        if errno == EINTR { continue }
        throw problem(errno: errno)
      }
      if count == 0 { return }
      total += count
      if !body(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) { return }
    }
  }

  private static func checkKind(_ mode: mode_t) throws(Problem) {
    switch mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR: throw .directory
    case S_IFIFO: throw .notRegular(kind: "a FIFO")
    case S_IFCHR: throw .notRegular(kind: "a character device")
    case S_IFBLK: throw .notRegular(kind: "a block device")
    case S_IFSOCK: throw .notRegular(kind: "a socket")
    default: throw .notRegular(kind: "a special file")
    }
  }

  private static func problem(errno code: Int32) -> Problem {
    switch code {
    case ENOENT, ENOTDIR: return .notFound
    case EISDIR: return .directory
    case EACCES, EPERM: return .unreadable(reason: "permission denied")
    case ENXIO: return .notRegular(kind: "a socket or device")
    default: return .unreadable(reason: String(cString: strerror(code)))
    }
  }
}
