import Foundation

extension SubtitleFile {
  /// Turns a file's bytes into text: UTF-8 (with or without a byte-order mark), or UTF-16
  /// little- or big-endian after its byte-order mark. Anything else is an error; Latin-1 and
  /// other legacy encodings are never guessed.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - path: The file, for messages.
  /// - Returns: The text, without the byte-order mark.
  /// - Throws: ``SubtitleError`` naming the first byte offset that cannot be decoded.
  static func decodeText(_ data: Data, path: String) throws(SubtitleError) -> String {
    let bytes = [UInt8](data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      return try decodeUTF8(bytes, from: 3, path: path)
    }
    if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
    {
      throw SubtitleError(path: path, reason: .utf32)
    }
    if bytes.starts(with: [0xFF, 0xFE]) {
      return try decodeUTF16(bytes, bigEndian: false, path: path)
    }
    if bytes.starts(with: [0xFE, 0xFF]) {
      return try decodeUTF16(bytes, bigEndian: true, path: path)
    }
    return try decodeUTF8(bytes, from: 0, path: path)
  }

  /// Validates UTF-8 strictly (no overlong forms, surrogates or values past U+10FFFF) and
  /// rejects NUL bytes, then decodes.
  private static func decodeUTF8(_ bytes: [UInt8], from start: Int, path: String)
    throws(SubtitleError) -> String
  {
    var index = start
    while index < bytes.count {
      let lead = bytes[index]
      if lead == 0 { throw SubtitleError(path: path, reason: .nulByte(offset: index)) }
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      let secondRange: ClosedRange<UInt8>
      switch lead {
      case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
      case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
      case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
      case 0xED: (length, secondRange) = (3, 0x80...0x9F)
      case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
      case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
      case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
      default: throw SubtitleError(path: path, reason: .invalidUTF8(byte: lead, offset: index))
      }
      guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]),
        bytes[(index + 2)..<(index + length)].allSatisfy({ (0x80...0xBF).contains($0) })
      else {
        throw SubtitleError(path: path, reason: .invalidUTF8(byte: lead, offset: index))
      }
      index += length
    }
    return String(decoding: bytes[start...], as: UTF8.self)
  }

  /// Decodes UTF-16 after its two-byte byte-order mark, rejecting unpaired surrogates.
  private static func decodeUTF16(_ bytes: [UInt8], bigEndian: Bool, path: String)
    throws(SubtitleError) -> String
  {
    guard bytes.count % 2 == 0 else {
      throw SubtitleError(path: path, reason: .truncatedUTF16(byteCount: bytes.count))
    }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2 - 1)
    for offset in stride(from: 2, to: bytes.count, by: 2) {
      let (first, second) = (UInt16(bytes[offset]), UInt16(bytes[offset + 1]))
      units.append(bigEndian ? first << 8 | second : second << 8 | first)
    }
    var index = 0
    while index < units.count {
      let unit = units[index]
      let offset = 2 + 2 * index
      switch unit {
      case 0xD800...0xDBFF:
        guard index + 1 < units.count, (0xDC00...0xDFFF).contains(units[index + 1]) else {
          throw SubtitleError(
            path: path, reason: .unpairedSurrogate(codeUnit: unit, offset: offset))
        }
        index += 2
      case 0xDC00...0xDFFF:
        throw SubtitleError(path: path, reason: .unpairedSurrogate(codeUnit: unit, offset: offset))
      default:
        index += 1
      }
    }
    return String(decoding: units, as: UTF16.self)
  }

  /// Splits text into lines at CRLF, lone CR and LF; a final line break adds no empty line.
  static func lines(of text: String) -> [String] {
    var lines: [String] = []
    var current = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" && previousWasCR {
        previousWasCR = false
        continue
      }
      previousWasCR = scalar == "\r"
      if scalar == "\r" || scalar == "\n" {
        lines.append(String(current))
        current = String.UnicodeScalarView()
      } else {
        current.append(scalar)
      }
    }
    if !current.isEmpty { lines.append(String(current)) }
    return lines
  }
}
