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
    close(descriptor)
    return String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
