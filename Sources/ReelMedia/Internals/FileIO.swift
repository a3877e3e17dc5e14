import CFFmpeg
import Glibc

/// Owns the one file an input container reads: its descriptor (opened by ``LocalFile``, so
/// only a regular file) and the `AVIOContext` FFmpeg reads it through.
///
/// The demuxer gets this context instead of a path, so FFmpeg never opens the input itself;
/// every other open a demuxer attempts goes through `AVFormatContext.io_open`, which
/// ``InputContainer`` refuses. Reads and seeks are plain `read`/`lseek` on the descriptor.
///
/// Not Sendable: one container owns it and uses it from one thread at a time.
final class FileIO {
  /// The descriptor of the open file.
  let descriptor: Int32
  /// The context handed to the demuxer; valid while `self` lives.
  let context: UnsafeMutablePointer<AVIOContext>

  /// Bytes FFmpeg reads from the file per call.
  private static let bufferSize: Int32 = 1 << 16

  /// Opens `path` (a regular file) for reading through FFmpeg.
  ///
  /// - Throws: `MediaError.fileNotFound`, `.isDirectory`, `.notRegularFile`, `.unreadable`,
  ///   or `.decodeFailed` when FFmpeg cannot allocate its context.
  convenience init(path: String) throws(MediaError) {
    let opened: Int32
    do {
      opened = try LocalFile.open(path)
    } catch {
      throw MediaError(path: path, fileProblem: error)
    }
    try self.init(descriptor: opened, path: path)
  }

  /// Takes `opened` (a regular file's descriptor; closed on failure and in `deinit`).
  private init(descriptor opened: Int32, path: String) throws(MediaError) {
    guard let buffer = av_malloc(Int(Self.bufferSize)) else {
      close(opened)
      throw MediaError.decodeFailed(path: path, reason: "out of memory")
    }
    descriptor = opened
    // The opaque pointer is the descriptor itself, boxed: the callbacks capture nothing.
    let made = avio_alloc_context(
      buffer.assumingMemoryBound(to: UInt8.self), Self.bufferSize, 0,
      UnsafeMutableRawPointer(bitPattern: Int(opened) + 1), FileIO.readCallback, nil,
      FileIO.seekCallback)
    guard let made else {
      av_free(buffer)
      close(opened)
      throw MediaError.decodeFailed(path: path, reason: "out of memory")
    }
    context = made
  }

  /// Opens the file `kept` holds again, with its own offset, through `/proc/self/fd/N`: the
  /// same inode whatever has happened to its path since.
  ///
  /// - Parameters:
  ///   - kept: The file held open since the asset's probe.
  ///   - path: The path it was opened by, for messages.
  /// - Throws: `MediaError.unreadable` when `/proc` cannot reopen it (or gives another
  ///   file); `.decodeFailed` when FFmpeg cannot allocate its context.
  convenience init(reopening kept: KeptFile, path: String) throws(MediaError) {
    let opened = Glibc.open(kept.reopeningPath, O_RDONLY | O_CLOEXEC)
    guard opened >= 0 else {
      throw MediaError.unreadable(
        path: path,
        reason:
          "the file held open since it was first loaded cannot be reopened through /proc (\(String(cString: strerror(errno))))"
      )
    }
    var info = stat()
    guard fstat(opened, &info) == 0, UInt64(info.st_dev) == kept.device,
      UInt64(info.st_ino) == kept.inode, info.st_mode & S_IFMT == S_IFREG
    else {
      close(opened)
      throw MediaError.unreadable(
        path: path,
        reason: "reopening the file held open since it was first loaded gave another file")
    }
    try self.init(descriptor: opened, path: path)
  }

  deinit {
    // FFmpeg may have replaced the buffer it was given; free the one it holds now.
    av_freep(&context.pointee.buffer)
    var toFree: UnsafeMutablePointer<AVIOContext>? = context
    avio_context_free(&toFree)
    close(descriptor)
  }

  /// The descriptor encoded in the opaque pointer (offset by one so that 0 is not nil).
  private static func descriptor(_ opaque: UnsafeMutableRawPointer?) -> Int32 {
    Int32(truncatingIfNeeded: Int(bitPattern: opaque) - 1)
  }

  private static let readCallback:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
      opaque, buffer, size in
      guard let buffer, size > 0 else { return 0 }
      while true {
        let count = read(FileIO.descriptor(opaque), buffer, Int(size))
        if count > 0 { return Int32(count) }
        if count == 0 { return reel_AVERROR_EOF() }
        if errno != EINTR { return reel_AVERROR(errno) }
      }
    }

  private static let seekCallback:
    @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 =
      { opaque, offset, whence in
        let file = FileIO.descriptor(opaque)
        if whence & AVSEEK_SIZE != 0 {
          var info = stat()
          guard fstat(file, &info) == 0 else { return Int64(reel_AVERROR(errno)) }
          return Int64(info.st_size)
        }
        let position = lseek(file, off_t(offset), whence & ~AVSEEK_FORCE)
        return position < 0 ? Int64(reel_AVERROR(errno)) : Int64(position)
      }
}
