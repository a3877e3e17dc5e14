import Foundation

/// A file read forwards a block at a time, one byte after another, counting lines: what the
/// row parsers read, so a file of any length is never held whole.
///
/// Not Sendable: one reader owns one stream.
final class DataByteStream {
  /// The bytes read from the file at a time.
  static let blockSize = 64 << 10

  private let handle: FileHandle
  private var block: [UInt8] = []
  private var index = 0
  private var ended = false
  /// The 1-based line of the next byte.
  private(set) var line = 1
  /// The 1-based column (in bytes) of the next byte.
  private(set) var column = 1

  /// Opens `path` for reading.
  ///
  /// - Throws: Foundation's error when the file cannot be opened.
  init(path: String) throws {
    handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
  }

  deinit { try? handle.close() }

  /// The next byte without consuming it, or nil at the end of the file.
  ///
  /// - Throws: Foundation's error when the file cannot be read.
  func peek() throws -> UInt8? {
    if index < block.count { return block[index] }
    guard !ended else { return nil }
    let data = try handle.read(upToCount: Self.blockSize) ?? Data()
    block = [UInt8](data)
    index = 0
    if block.isEmpty {
      ended = true
      return nil
    }
    return block[0]
  }

  /// Consumes and returns the next byte, or nil at the end of the file.
  func next() throws -> UInt8? {
    guard let byte = try peek() else { return nil }
    index += 1
    if byte == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else {
      column += 1
    }
    return byte
  }

  /// Consumes a UTF-8 byte-order mark (EF BB BF) when the stream starts with one.
  func skipByteOrderMark() throws {
    guard try peek() == 0xEF else { return }
    // A block always holds the first three bytes of a file of at least three bytes.
    if block.count >= index + 3, block[index + 1] == 0xBB, block[index + 2] == 0xBF {
      index += 3
    }
  }
}
