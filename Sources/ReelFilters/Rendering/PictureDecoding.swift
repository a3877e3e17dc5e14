import CReelKernels
import ReelCore

/// 8-bit premultiplied sRGB pictures into premultiplied linear tiles.
enum PictureDecoding {
  /// The pixels of `picture`, placed with its top-left corner at (x, y), over `rect`.
  static func tile(of picture: Image, x: Double, y: Double, in rect: PixelRect) -> LinearTile {
    guard let left = Int(exactly: x), let top = Int(exactly: y) else {
      // A fractional placement: the picture at whole pixels, then moved by the fraction.
      let whole = FilterImage(
        picture: picture, origin: Point(x: x.rounded(.down), y: y.rounded(.down)))
      let moved = whole.transformed(
        by: AffineTransform(translationX: x - x.rounded(.down), y: y - y.rounded(.down)))
      return FilterEvaluation().tile(of: moved, in: rect)
    }
    var tile = LinearTile(rect: rect)
    let area = rect.intersection(
      PixelRect(x: left, y: top, width: picture.width, height: picture.height))
    guard !area.isEmpty else { return tile }
    withUnsafePointer(to: TransferFunction.kernelTables.tables) { tables in
      picture.withUnsafeBytes { bytes in
        guard let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        tile.pixels.withMutableFloats { pixels in
          for row in area.y..<area.maxY {
            let from = source + (row - top) * picture.bytesPerRow + (area.x - left) * 4
            let to = pixels + 4 * ((row - rect.y) * rect.width + (area.x - rect.x))
            reel_filter_decode_bgra(from, to, Int32(area.width), tables)
          }
        }
      }
    }
    return tile
  }
}
