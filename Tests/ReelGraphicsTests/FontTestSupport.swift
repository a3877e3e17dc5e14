import Foundation

/// Font files made for tests from installed ones.
enum FontTestSupport {
  /// A copy of the font file at `path` whose name table says `newName` wherever it said
  /// `oldName` (in UTF-16BE and in ASCII), written to `directory` as `fileName`. The names
  /// must have the same length, so every offset in the file still holds (FreeType does not
  /// check table checksums).
  ///
  /// - Returns: The copy's path.
  static func renamedCopy(
    of path: String, from oldName: String, to newName: String, in directory: URL,
    fileName: String
  ) throws -> String {
    precondition(oldName.utf8.count == newName.utf8.count, "names of different lengths")
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func replace(_ from: [UInt8], _ to: [UInt8]) {
      var i = 0
      while i + from.count <= bytes.count {
        if bytes[i..<(i + from.count)].elementsEqual(from) {
          bytes.replaceSubrange(i..<(i + from.count), with: to)
          i += from.count
        } else {
          i += 1
        }
      }
    }
    func utf16BE(_ s: String) -> [UInt8] { s.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
    replace(utf16BE(oldName), utf16BE(newName))
    replace(Array(oldName.utf8), Array(newName.utf8))
    let copy = directory.appendingPathComponent(fileName).path
    try Data(bytes).write(to: URL(fileURLWithPath: copy))
    return copy
  }
}
