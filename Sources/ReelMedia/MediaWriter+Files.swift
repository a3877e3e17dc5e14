import Foundation

extension MediaWriter {
  /// The file extensions (lowercase, without the dot) of the containers Reel writes, in the
  /// order they are documented: `mp4`, `mov`, `m4v`, `mkv`, `webm`, `m4a`. An output's
  /// extension chooses its container; any other extension is refused with
  /// ``MediaError/unsupportedContainer(path:fileExtension:)``.
  public static var supportedFileExtensions: [String] {
    OutputContainer.allCases.map(\.rawValue)
  }

  /// Whether Reel writes a container for this file extension (case-insensitive, no dot).
  ///
  /// - Parameter fileExtension: Such as `"mp4"`; `""` for a name without one.
  public static func supportsFileExtension(_ fileExtension: String) -> Bool {
    OutputContainer(fileExtension: fileExtension) != nil
  }

  /// Refuses a target that is a directory, or an existing file when `overwrite` is false.
  static func checkTarget(path: String, overwrite: Bool) throws(MediaError) {
    var status = stat()
    guard stat(path, &status) == 0 else { return }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw .isDirectory(path: path)
    }
    if !overwrite {
      throw .fileExists(path: path)
    }
  }

  /// Moves a finished temporary file onto `path`.
  ///
  /// With `overwrite`, an existing file at `path` is replaced atomically (`rename`). Without
  /// it, a file that appeared at `path` since the write began is never replaced: the
  /// temporary file is hard-linked to `path`, which fails when anything is there, and then
  /// unlinked. On a file system without hard links, the check and the rename are two steps.
  /// In every case the temporary file is gone when this returns or throws.
  ///
  /// - Parameters:
  ///   - temporaryPath: The complete temporary file, in the same folder as `path`.
  ///   - path: The target.
  ///   - overwrite: Whether an existing file at `path` may be replaced.
  /// - Throws: ``MediaError/fileExists(path:)`` when a file appeared at `path` and
  ///   `overwrite` is false; ``MediaError/isDirectory(path:)``;
  ///   ``MediaError/unwritable(path:reason:)`` with the system's reason otherwise.
  static func commitTemporaryFile(_ temporaryPath: String, to path: String, overwrite: Bool)
    throws(MediaError)
  {
    if overwrite {
      guard rename(temporaryPath, path) == 0 else {
        let error = renameError(errno, path: path)
        unlink(temporaryPath)
        throw error
      }
      return
    }
    if link(temporaryPath, path) == 0 {
      unlink(temporaryPath)
      return
    }
    let linkError = errno
    switch linkError {
    case EPERM, EOPNOTSUPP, ENOSYS:
      // No hard links here (FAT, some network and FUSE file systems): check, then rename.
      var status = stat()
      if lstat(path, &status) == 0 {
        unlink(temporaryPath)
        throw status.st_mode & S_IFMT == S_IFDIR
          ? .isDirectory(path: path) : .fileExists(path: path)
      }
      guard rename(temporaryPath, path) == 0 else {
        let error = renameError(errno, path: path)
        unlink(temporaryPath)
        throw error
      }
    default:
      unlink(temporaryPath)
      throw linkError == EEXIST ? .fileExists(path: path) : renameError(linkError, path: path)
    }
  }

  private static func renameError(_ code: Int32, path: String) -> MediaError {
    code == EISDIR
      ? .isDirectory(path: path) : .unwritable(path: path, reason: String(cString: strerror(code)))
  }

  /// Creates a new, empty, hidden file beside `path` and returns its path. Its name
  /// (`.<name>.reel-<host>-<pid namespace>-<pid>-XXXXXX.tmp`, see ``TemporaryFileName``) says
  /// which process on which host writes it; it is created exclusively, so it never clobbers
  /// anything. Temporary files in the same folder left by writers of this host that no
  /// longer run (killed with SIGKILL, say) are removed first.
  ///
  /// The file gets the permissions the target will end with after the rename: those of the
  /// file it replaces, or else what creating a file normally gives (`0666` less the umask),
  /// not `mkstemps`'s private `0600`.
  ///
  /// - Throws: ``MediaError/unwritable(path:reason:)`` with the system's reason when the
  ///   folder is missing or not writable.
  static func makeTemporaryFile(beside path: String) throws(MediaError) -> String {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    removeStaleTemporaryFiles(inFolder: folder)
    let name = TemporaryFileName.current.template(for: url.lastPathComponent)
    var template = Array("\(folder)/\(name)".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemps(base, Int32(TemporaryFileName.suffix.utf8.count))
    }
    guard descriptor >= 0 else {
      throw .unwritable(path: path, reason: String(cString: strerror(errno)))
    }
    fchmod(descriptor, outputMode(replacing: path))
    close(descriptor)
    return String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Removes the temporary files in `folder` that a writer on this host (and PID namespace)
  /// left behind when it ended without cleaning up: regular files whose name is Reel's
  /// temporary pattern with this host's token and the ID of a process that no longer exists.
  /// Files of other hosts, of running processes, symbolic links and every other name are
  /// left alone; failures are ignored (the folder may not be listable).
  static func removeStaleTemporaryFiles(inFolder folder: String) {
    let identity = TemporaryFileName.current
    guard identity.owner != nil,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else { return }
    for name in names {
      guard let writer = identity.writerProcessID(inFileName: name),
        writer != identity.processID, !TemporaryFileName.processExists(writer)
      else { continue }
      let candidate = "\(folder)/\(name)"
      var status = stat()
      guard lstat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      unlink(candidate)
    }
  }

  /// The permission bits for the output: those of the existing file at `path`, or else
  /// `0666` less the process's umask.
  static func outputMode(replacing path: String) -> mode_t {
    var status = stat()
    if stat(path, &status) == 0 { return status.st_mode & 0o777 }
    return 0o666 & ~processUmask()
  }

  /// The process's file-creation mask, read from `/proc/self/status` (calling `umask` to
  /// read it would change it for a moment under every other thread); `022` when unknown.
  static func processUmask() -> mode_t {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
      let mask = mode_t(
        line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
    else { return 0o022 }
    return mask
  }
}
