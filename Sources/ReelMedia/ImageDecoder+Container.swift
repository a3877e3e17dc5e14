import Foundation

/// Facts read from an image file's own bytes, which FFmpeg 5.1's demuxers do not expose:
/// the loop count of GIF and APNG files, and whether a WebP file is animated.
extension ImageDecoder {
  /// What the file's container says beyond the pictures.
  struct ContainerFacts: Equatable {
    /// Plays (0 = forever), when the container says.
    var loopCount: Int?
    /// A WebP file with an animation (FFmpeg 5.1 cannot decode these).
    var isAnimatedWebP = false
    /// The picture size the header declares, when it could be read (PNG, GIF, JPEG, WebP).
    var size: PixelSize?
  }

  /// A width and a height in pixels.
  struct PixelSize: Equatable {
    var width: Int
    var height: Int
  }

  /// Reads the facts from `bytes`, the start (or whole) of the file.
  static func containerFacts(of bytes: Data) -> ContainerFacts {
    let data = [UInt8](bytes)
    if data.starts(with: Array("GIF8".utf8)) {
      return ContainerFacts(
        loopCount: gifPlays(data),
        size: data.count >= 10
          ? PixelSize(
            width: Int(littleEndian16(data, 6)), height: Int(littleEndian16(data, 8))) : nil)
    }
    if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      let hasHeader = data.count >= 24 && data[12..<16].elementsEqual("IHDR".utf8)
      return ContainerFacts(
        loopCount: apngPlays(data),
        size: hasHeader
          ? PixelSize(
            width: Int(bigEndian32(data, 16)), height: Int(bigEndian32(data, 20))) : nil)
    }
    if data.count >= 12, data[0..<4].elementsEqual("RIFF".utf8),
      data[8..<12].elementsEqual("WEBP".utf8)
    {
      return ContainerFacts(isAnimatedWebP: webpIsAnimated(data), size: webpSize(data))
    }
    if data.starts(with: [0xFF, 0xD8]) { return ContainerFacts(size: jpegSize(data)) }
    return ContainerFacts()
  }

  /// The frame size of a JPEG's first start-of-frame marker.
  static func jpegSize(_ data: [UInt8]) -> PixelSize? {
    var offset = 2
    while offset + 9 <= data.count {
      guard data[offset] == 0xFF else { return nil }
      let marker = data[offset + 1]
      if marker == 0xFF {
        offset += 1
        continue
      }
      let length = Int(bigEndian16(data, offset + 2))
      let isStartOfFrame =
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
      if isStartOfFrame {
        return PixelSize(
          width: Int(bigEndian16(data, offset + 7)), height: Int(bigEndian16(data, offset + 5)))
      }
      if marker == 0xD9 || marker == 0xDA { return nil }
      offset += 2 + length
    }
    return nil
  }

  /// The canvas size of a WebP file (VP8X, lossy VP8 or lossless VP8L first chunk).
  static func webpSize(_ data: [UInt8]) -> PixelSize? {
    guard data.count >= 30 else { return nil }
    let chunk = String(decoding: data[12..<16], as: UTF8.self)
    let body = 20
    switch chunk {
    case "VP8X":
      return PixelSize(
        width: Int(littleEndian24(data, body + 4)) + 1,
        height: Int(littleEndian24(data, body + 7)) + 1)
    case "VP8 ":
      guard data[body + 3] == 0x9D, data[body + 4] == 0x01, data[body + 5] == 0x2A else {
        return nil
      }
      return PixelSize(
        width: Int(littleEndian16(data, body + 6) & 0x3FFF),
        height: Int(littleEndian16(data, body + 8) & 0x3FFF))
    case "VP8L":
      guard data[body] == 0x2F else { return nil }
      let bits = littleEndian32(data, body + 1)
      return PixelSize(width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
    default:
      return nil
    }
  }

  /// `num_plays` of the APNG `acTL` chunk (0 = forever), or nil for a still PNG.
  static func apngPlays(_ data: [UInt8]) -> Int? {
    var offset = 8
    while offset + 8 <= data.count {
      let length = Int(bigEndian32(data, offset))
      let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if type == "acTL" {
        guard offset + 16 <= data.count else { return nil }
        return Int(bigEndian32(data, offset + 12))
      }
      if type == "IDAT" || type == "IEND" { return nil }
      offset += 12 + length
    }
    return nil
  }

  /// Plays of a GIF: the NETSCAPE2.0 repeat count n gives n + 1 (0 stays 0, forever); no
  /// such block means one play; nil when the blocks cannot be walked to the end.
  static func gifPlays(_ data: [UInt8]) -> Int? {
    guard data.count >= 13 else { return nil }
    var offset = 13
    if data[10] & 0x80 != 0 { offset += 3 << (Int(data[10] & 0x07) + 1) }
    while offset < data.count {
      switch data[offset] {
      case 0x21:  // extension: label, then data sub-blocks
        guard offset + 2 < data.count else { return nil }
        let label = data[offset + 1]
        var block = offset + 2
        if label == 0xFF, block + 12 <= data.count, data[block] == 11,
          data[(block + 1)..<(block + 12)].elementsEqual("NETSCAPE2.0".utf8)
        {
          let sub = block + 12
          if sub + 3 < data.count, data[sub] >= 3, data[sub + 1] == 1 {
            let repeats = Int(data[sub + 2]) | Int(data[sub + 3]) << 8
            return repeats == 0 ? 0 : repeats + 1
          }
        }
        guard let end = skipSubBlocks(data, from: block) else { return nil }
        block = end
        offset = block
      case 0x2C:  // image: descriptor, optional local table, LZW size, data sub-blocks
        guard offset + 10 < data.count else { return nil }
        var next = offset + 10
        if data[offset + 9] & 0x80 != 0 { next += 3 << (Int(data[offset + 9] & 0x07) + 1) }
        guard let end = skipSubBlocks(data, from: next + 1) else { return nil }
        offset = end
      case 0x3B:  // trailer: no repeat block, one play
        return 1
      default:  // damaged: unknown
        return nil
      }
    }
    return nil
  }

  /// Whether a WebP file declares an animation (VP8X animation flag, or ANIM/ANMF chunks).
  static func webpIsAnimated(_ data: [UInt8]) -> Bool {
    var offset = 12
    while offset + 8 <= data.count {
      let type = String(decoding: data[offset..<(offset + 4)], as: UTF8.self)
      let size = Int(littleEndian32(data, offset + 4))
      if type == "VP8X", offset + 8 < data.count, data[offset + 8] & 0x02 != 0 { return true }
      if type == "ANIM" || type == "ANMF" { return true }
      offset += 8 + size + (size & 1)
    }
    return false
  }

  private static func skipSubBlocks(_ data: [UInt8], from start: Int) -> Int? {
    var offset = start
    while offset < data.count {
      let size = Int(data[offset])
      offset += 1 + size
      if size == 0 { return offset }
    }
    return nil
  }

  private static func bigEndian32(_ data: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(data[offset]) << 24 | UInt32(data[offset + 1]) << 16 | UInt32(data[offset + 2]) << 8
      | UInt32(data[offset + 3])
  }

  private static func bigEndian16(_ data: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(data[offset]) << 8 | UInt16(data[offset + 1])
  }

  private static func littleEndian16(_ data: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(data[offset]) | UInt16(data[offset + 1]) << 8
  }

  private static func littleEndian24(_ data: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(data[offset]) | UInt32(data[offset + 1]) << 8 | UInt32(data[offset + 2]) << 16
  }

  private static func littleEndian32(_ data: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(data[offset]) | UInt32(data[offset + 1]) << 8 | UInt32(data[offset + 2]) << 16
      | UInt32(data[offset + 3]) << 24
  }
}
