import Foundation
import ReelCore

/// One frame of a Lottie animation drawn at a size, cropped to the pixels it draws.
///
/// Every pixel of the full frame outside ``image`` is transparent black; ``image`` keeps a
/// margin of ``margin`` transparent pixels around the drawn ones (within the frame), so
/// that filtering it when scaled reads the same pixels at its edges as it would in the full
/// frame.
public struct LottieFrame: Sendable {
  /// Transparent pixels kept around the drawn ones (what a bicubic filter reaches).
  public static let margin = 2

  /// The drawn pixels (premultiplied BGRA); nil when the frame draws nothing.
  public let image: Image?
  /// The column of the full frame where ``image``'s first column sits.
  public let x: Int
  /// The row of the full frame where ``image``'s first row sits.
  public let y: Int

  /// Bytes of the kept pixels.
  public var byteCount: Int { image?.byteCount ?? 0 }

  /// Crops a full frame to the pixels it draws, plus ``margin``.
  ///
  /// - Throws: ``GraphicsError/outOfMemory(_:)`` when the crop cannot be allocated.
  init(cropping full: Image) throws(GraphicsError) {
    guard let box = Self.drawnBox(of: full) else {
      self.init(image: nil, x: 0, y: 0)
      return
    }
    let minX = max(box.minX - Self.margin, 0)
    let minY = max(box.minY - Self.margin, 0)
    let maxX = min(box.maxX + Self.margin, full.width - 1)
    let maxY = min(box.maxY + Self.margin, full.height - 1)
    if minX == 0, minY == 0, maxX == full.width - 1, maxY == full.height - 1 {
      self.init(image: full, x: 0, y: 0)
      return
    }
    var cropped = try Image.allocatingUninitialized(width: maxX - minX + 1, height: maxY - minY + 1)
    let rowBytes = cropped.width * 4
    let targetRowBytes = cropped.bytesPerRow
    let sourceRowBytes = full.bytesPerRow
    full.withUnsafeBytes { source in
      cropped.withUnsafeMutableBytes { target in
        guard let from = source.baseAddress, let to = target.baseAddress else { return }
        for row in 0..<(maxY - minY + 1) {
          (to + row * targetRowBytes).copyMemory(
            from: from + (minY + row) * sourceRowBytes + minX * 4, byteCount: rowBytes)
        }
      }
    }
    self.init(image: cropped, x: minX, y: minY)
  }

  private init(image: Image?, x: Int, y: Int) {
    self.image = image
    self.x = x
    self.y = y
  }

  /// The smallest box (inclusive pixel bounds) holding every pixel of `image` that is not
  /// transparent black (any byte not zero); nil when there is none.
  static func drawnBox(of image: Image) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    let width = image.width
    let rowBytes = image.bytesPerRow
    let zeroRow = [UInt8](repeating: 0, count: width * 4)
    return image.withUnsafeBytes { bytes -> (Int, Int, Int, Int)? in
      guard let base = bytes.baseAddress, width > 0 else { return nil }
      var minX = width
      var maxX = -1
      var minY = -1
      var maxY = -1
      zeroRow.withUnsafeBytes { zero in
        guard let zero = zero.baseAddress else { return }
        for y in 0..<image.height {
          let row = base + y * rowBytes
          if memcmp(row, zero, width * 4) == 0 { continue }
          if minY < 0 { minY = y }
          maxY = y
          // Only columns left of minX or right of maxX can widen the box.
          let pixels = row.assumingMemoryBound(to: UInt32.self)
          var first = 0
          while first < minX, pixels[first] == 0 { first += 1 }
          minX = min(minX, first)
          var last = width - 1
          while last > maxX, pixels[last] == 0 { last -= 1 }
          maxX = max(maxX, last)
        }
      }
      guard minY >= 0, maxX >= 0 else { return nil }
      return (minX, minY, maxX, maxY)
    }
  }
}
