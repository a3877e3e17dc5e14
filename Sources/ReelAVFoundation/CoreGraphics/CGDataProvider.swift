/// Where a `CGFont`'s bytes come from, as CoreGraphics' `CGDataProvider`: a file (by name or
/// URL) or bytes in memory (kept in a temporary file, which is what FreeType reads).
public final class CGDataProvider: @unchecked Sendable {
  /// The file holding the bytes.
  let path: String

  init(path: String) { self.path = path }

  /// The file at `filename`; nil when nothing readable is there.
  public convenience init?(filename: UnsafePointer<CChar>) {
    self.init(path: String(cString: filename), checked: true)
  }

  /// The file at `url` (a file URL); nil when it is not a readable file.
  public convenience init?(url: CFURL) {
    guard url.isFileURL, let path = url.path else { return nil }
    self.init(path: path, checked: true)
  }

  /// The bytes `data`, written to a temporary file; nil when it cannot be written.
  public convenience init?(data: CFData) {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("ReelAVFoundation-\(UUID().uuidString).font")
    guard (try? (data as Data).write(to: file)) != nil else { return nil }
    self.init(path: file.path)
  }

  private convenience init?(path: String, checked: Bool) {
    guard FileManager.default.isReadableFile(atPath: path) else { return nil }
    self.init(path: path)
  }
}
