import Foundation

extension MediaWriter {
  /// Refuses a target that is a directory, or an existing file when `overwrite` is false.
  static func checkTarget(path: String, overwrite: Bool) throws(MediaError) {
    var status = stat()
    guard stat(path, &status) == 0 else { return }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw .isDirectory(path: path)
    }
    if !overwrite {
      throw .unwritable(
        path: path, reason: "a file already exists there; pass overwrite: true to replace it")
    }
  }

  /// Creates a new, empty, hidden file beside `path` (`.<name>.reel-XXXXXX.tmp`, created
  /// exclusively so it never clobbers anything) and returns its path.
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
    let suffix = ".tmp"
    var template = Array("\(folder)/.\(url.lastPathComponent).reel-XXXXXX\(suffix)".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemps(base, Int32(suffix.utf8.count))
    }
    guard descriptor >= 0 else {
      throw .unwritable(path: path, reason: String(cString: strerror(errno)))
    }
    fchmod(descriptor, outputMode(replacing: path))
    close(descriptor)
    return String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The permission bits for the output: those of the existing file at `path`, or else
  /// `0666` less the process's umask.
  static func outputMode(replacing path: String) -> mode_t {
    var status = stat()
    if stat(path, &status) == 0 { return status.st_mode & 0o7777 }
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
