internal import ReelCore

/// A caller's bitmap memory that a `CGContext(data:…)` draws into: where it is, its rows and
/// its byte layout, and the copies between it and Reel's BGRA pictures.
struct CallerBitmap: @unchecked Sendable {
  // Thread rule: the memory belongs to the caller, who uses the context from one thread.

  /// Which Reel channel (0 blue, 1 green, 2 red, 3 alpha) each of a pixel's four bytes
  /// holds, and whether the alpha byte is ignored (drawn as opaque).
  struct Layout: Equatable {
    var channelOfByte: [Int]
    var skipsAlpha: Bool

    /// The layout `bitmapInfo` describes, or nil when Reel cannot draw into it.
    init?(bitmapInfo: UInt32) {
      let alphaBits = bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue
      let order = CGBitmapInfo(rawValue: bitmapInfo & CGBitmapInfo.byteOrderMask.rawValue)
      guard let alpha = CGImageAlphaInfo(rawValue: alphaBits) else { return nil }
      let alphaFirst: Bool
      switch alpha {
      case .premultipliedFirst, .noneSkipFirst: alphaFirst = true
      case .premultipliedLast, .noneSkipLast: alphaFirst = false
      default: return nil
      }
      skipsAlpha = alpha == .noneSkipFirst || alpha == .noneSkipLast
      // Big-endian words: A R G B (first) or R G B A (last), in memory order.
      let bigEndian = alphaFirst ? [3, 2, 1, 0] : [2, 1, 0, 3]
      switch order {
      case .byteOrderDefault, .byteOrder32Big: channelOfByte = bigEndian
      case .byteOrder32Little: channelOfByte = bigEndian.reversed()
      default: return nil
      }
    }

    /// Whether the bytes are Reel's own B, G, R, A.
    var isReelOrder: Bool { channelOfByte == [0, 1, 2, 3] }
  }

  let base: UnsafeMutableRawPointer
  let width: Int
  let height: Int
  let bytesPerRow: Int
  let layout: Layout

  /// The caller's pixels as a Reel picture (skipped alpha read as opaque).
  func load() -> Image {
    var image = Image(width: width, height: height)
    let (width, height, source, sourceRow, layout) = (width, height, base, bytesPerRow, layout)
    let targetRow = image.bytesPerRow
    image.withUnsafeMutableBytes { target in
      guard let to = target.baseAddress else { return }
      for y in 0..<height {
        let s = (source + y * sourceRow).assumingMemoryBound(to: UInt8.self)
        let d = (to + y * targetRow).assumingMemoryBound(to: UInt8.self)
        if layout.isReelOrder {
          d.update(from: s, count: width * 4)
        } else {
          let map = layout.channelOfByte
          for x in 0..<width {
            for byte in 0..<4 { d[4 * x + map[byte]] = s[4 * x + byte] }
          }
        }
        if layout.skipsAlpha {
          for x in 0..<width { d[4 * x + 3] = 255 }
        }
      }
    }
    return image
  }

  /// Writes `image` (of the bitmap's size) into the caller's memory.
  func store(_ image: Image) {
    let (width, height, target, targetRow, layout) = (width, height, base, bytesPerRow, layout)
    let sourceRow = image.bytesPerRow
    image.withUnsafeBytes { source in
      guard let from = source.baseAddress else { return }
      for y in 0..<height {
        let s = (from + y * sourceRow).assumingMemoryBound(to: UInt8.self)
        let d = (target + y * targetRow).assumingMemoryBound(to: UInt8.self)
        if layout.isReelOrder {
          d.update(from: s, count: width * 4)
        } else {
          let map = layout.channelOfByte
          for x in 0..<width {
            for byte in 0..<4 { d[4 * x + byte] = s[4 * x + map[byte]] }
          }
        }
      }
    }
  }
}
